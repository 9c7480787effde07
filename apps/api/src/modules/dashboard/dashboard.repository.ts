import { PRESENT_ATTENDANCE_STATUSES } from '@stockyard/shared';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  gte,
  isNull,
  lt,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneOf } from '../../db/constant-sql';
import {
  attendance,
  invoices,
  locations,
  materialCountsByBucket,
  materialRentalItems,
  materialRentalReturns,
  materialRentals,
  materialRentalTotals,
  rentalRequests,
  staff,
  stockLevels,
  users,
} from '../../db/schema';
import { limitLiteral, prepared, unseen } from '../../lib/prepared';

/**
 * The dashboard's reads. It owns no table: each figure comes from a counter, a snapshot or an index
 * range sized by the period, never by the years of history. `scope` is a field manager's location,
 * null for an admin. Each read is a named prepared statement per scope (lib/prepared.ts): the page
 * asks for them all at every visit, and planning cost about as much as reading.
 */

const p = sql.placeholder;

/** Whose figures a statement reads: every location's, or one location's (the placeholder `scope`). */
type Scope = number | null;
const scopeName = (scope: Scope) => (scope === null ? 'all' : 'at');
const scopeValue = (scope: Scope) => (scope === null ? {} : { scope });

/** The condition, and for a field manager the location column at their location. */
const only = (condition: SQL | undefined, scope: Scope, column: Column) =>
  scope === null ? condition : and(condition, eq(column, p('scope')));

/** One row to select figures from, for a statement that is only its figures. */
const ONE_ROW = sql`(values (1)) as one_row (one)`;

/** A location's latest stock level, or the latest before `before` (a month's first day). */
function latestLevel(db: Database, before?: SQLWrapper) {
  return sql<number>`coalesce((${db
    .select({ units: stockLevels.units })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.locationId, locations.id),
        before === undefined ? undefined : sql`${stockLevels.month} < ${before}`,
      ),
    )
    .orderBy(desc(stockLevels.month))
    .limit(limitLiteral(1))}), 0)`.mapWith(Number);
}

/** Each location the viewer sees with its units in stock now, most first. */
export async function stockByLocation(db: Database, scope: Scope) {
  const statement = prepared(db, `dashboard_stock_${scopeName(scope)}`, (d, name) => {
    const now = latestLevel(d);
    return d
      .select({ id: locations.id, name: locations.name, address: locations.address, now })
      .from(locations)
      .where(scope === null ? undefined : eq(locations.id, p('scope')))
      .orderBy(desc(now), asc(locations.id))
      .prepare(name);
  });
  return statement.execute(scopeValue(scope));
}

/**
 * The standing figures beside the stock now, in one statement so that they agree: units out on
 * rentals now and when the month of `monthStart` began (now, less what was dispatched since, plus
 * what came back since, each on its day), and units in stock when it began (each location's latest
 * stock level of an earlier month). Out now and what moved since come from the rentals' summary
 * (decision 066: dispatched by the month it left, back by the month it came back), a few rows a
 * month whatever the plan: summed from the lines and returns, the generic plan costed "since" as
 * a third of the history and hashed every line, 48 ms a call on the bench's data against 4.
 */
export async function standingFigures(db: Database, scope: Scope, monthStart: string) {
  const statement = prepared(db, `dashboard_figures_${scopeName(scope)}`, (d, name) => {
    const month = unseen('monthStart', 'date');
    const t = materialRentalTotals;
    const stockThen = d
      .select({ units: sql<number>`coalesce(sum(${latestLevel(d, month)}), 0)` })
      .from(locations)
      .where(scope === null ? undefined : eq(locations.id, p('scope')));
    const summed = (figure: SQL, since: boolean) =>
      sql<number>`(${d
        .select({ units: sql<number>`coalesce(sum(${figure}), 0)` })
        .from(t)
        .where(only(since ? gte(t.month, month) : undefined, scope, t.locationId))})`.mapWith(
        Number,
      );
    const back = sql`${t.good} + ${t.damaged} + ${t.lost}`;
    return d
      .select({
        // Dispatched less back, over every month: what is out now.
        rentedNow: summed(sql`${t.unitsOut} - (${back})`, false),
        outSince: summed(sql`${t.unitsOut}`, true),
        backSince: summed(back, true),
        stockThen: sql<number>`(${stockThen})`.mapWith(Number),
      })
      .from(ONE_ROW)
      .prepare(name);
  });
  const [row] = await statement.execute({ ...scopeValue(scope), monthStart });
  const { rentedNow, outSince, backSince, stockThen } = row!;
  return { rentedNow, rentedThen: rentedNow - outSince + backSince, stockThen };
}

/**
 * Units rented out and returned good per day or month of [from, to), each on the day it happened.
 * By day from the lines and returns themselves; a year by month from the rentals' summary. A named
 * statement per scope, its bounds unseen by its plan.
 */
export async function rentalFlows(
  db: Database,
  scope: Scope,
  range: { from: string; to: string; unit: 'day' | 'month' },
) {
  if (range.unit === 'month') return monthlyFlows(db, scope, range);
  // A statement per step, its unit written in (a constant of ours): one statement for both
  // was planned afresh at every call.
  const unit = 'day';
  const statement = prepared(db, `dashboard_flows_by_${unit}_${scopeName(scope)}`, (d, name) => {
    const from = unseen('from', 'date');
    const to = unseen('to', 'date');
    const r = materialRentals;
    const i = materialRentalItems;
    const h = materialRentalReturns;
    // Grouped by the step's start, and only the steps written as text.
    const step = (column: Column) =>
      sql<string>`date_trunc(${sql.raw(`'${unit}'`)}, ${column}::timestamp)`;
    const out = d
      .select({
        step: step(r.rentalDate).as('step'),
        rentedOut: sql<number>`${i.quantity}`.as('rented_out'),
        returned: sql<number>`0`.as('returned'),
      })
      .from(i)
      .innerJoin(r, eq(r.id, i.rentalId))
      .where(only(and(gte(r.rentalDate, from), lt(r.rentalDate, to)), scope, r.toLocationId));
    const returns = d
      .select({
        step: step(h.returnDate).as('step'),
        rentedOut: sql<number>`0`.as('rented_out'),
        returned: sql<number>`${h.returnedQuantity}`.as('returned'),
      })
      .from(h);
    const inRange = and(gte(h.returnDate, from), lt(h.returnDate, to));
    const back =
      scope === null
        ? returns.where(inRange)
        : returns
            .innerJoin(r, eq(r.id, h.rentalId))
            .where(and(inRange, eq(r.toLocationId, p('scope'))));
    return d
      .select({
        step: sql<string>`to_char(flows.step, 'YYYY-MM-DD')`,
        rentedOut: sql<number>`sum(flows.rented_out)`.mapWith(Number),
        returned: sql<number>`sum(flows.returned)`.mapWith(Number),
      })
      .from(sql`(${out} union all ${back}) as flows`)
      .groupBy(sql`flows.step`)
      .prepare(name);
  });
  return statement.execute({
    ...scopeValue(scope),
    from: range.from,
    to: range.to,
  });
}

/**
 * A year's chart by month, [from, to) on months' first days, from the rentals' summary: units
 * dispatched in each month and those back good in it.
 */
async function monthlyFlows(db: Database, scope: Scope, range: { from: string; to: string }) {
  const statement = prepared(db, `dashboard_flows_by_month_${scopeName(scope)}`, (d, name) => {
    const t = materialRentalTotals;
    return d
      .select({
        step: sql<string>`to_char(${t.month}, 'YYYY-MM-DD')`,
        rentedOut: sql<number>`sum(${t.unitsOut})`.mapWith(Number),
        returned: sql<number>`sum(${t.good})`.mapWith(Number),
      })
      .from(t)
      .where(
        only(
          and(
            sql`${t.month} >= ${unseen('from', 'date')}`,
            sql`${t.month} < ${unseen('to', 'date')}`,
          ),
          scope,
          t.locationId,
        ),
      )
      .groupBy(t.month)
      .prepare(name);
  });
  return statement.execute({ ...scopeValue(scope), from: range.from, to: range.to });
}

/** Invoices issued on the days [`from`, `to`): a count to read with the other cards. */
function invoicesIssued(db: Database, scope: Scope) {
  return db
    .select({ n: count() })
    .from(invoices)
    .where(
      only(
        and(
          sql`${invoices.issueDate} >= ${unseen('from', 'date')}`,
          sql`${invoices.issueDate} < ${unseen('to', 'date')}`,
        ),
        scope,
        invoices.locationId,
      ),
    );
}

/**
 * The staff (as Total Staff counts them) marked present on any day of [`from`, `to`), each once.
 * Each one's first such mark is probed in their own date index: a year costs a probe per staff
 * member, not a read of half a million marks.
 */
function presentStaff(db: Database, scope: Scope) {
  const a = attendance;
  const marked = and(
    eq(a.staffId, staff.id),
    sql`${a.date} >= ${unseen('from', 'date')}`,
    sql`${a.date} < ${unseen('to', 'date')}`,
    oneOf(a.status, PRESENT_ATTENDANCE_STATUSES),
  );
  return db
    .select({ n: count() })
    .from(staff)
    .where(
      and(
        only(isNull(staff.deletedAt), scope, staff.locationId),
        sql`exists (${db.select({ one: sql`1` }).from(a).where(marked)})`,
      ),
    );
}

/** Counts as the figures of one row, one scalar subquery each, answered as numbers by name. */
function countsTogether<K extends string>(db: Database, counts: Record<K, SQLWrapper>) {
  const names = Object.keys(counts) as K[];
  const fields = Object.fromEntries(
    names.map((name) => [name, sql<number>`(${counts[name]})`.mapWith(Number)]),
  ) as Record<K, SQL<number>>;
  return db.select(fields).from(ONE_ROW);
}

/**
 * The admin's cards in one statement: invoices issued on the days [`from`, `to`), users and
 * inventory items as of now (not removed; the materials from their block counts), rental requests
 * made in [`requestsFrom`, `requestsTo`).
 */
export async function adminCards(
  db: Database,
  days: { from: string; to: string },
  requests: { from: Date; to: Date },
) {
  const statement = prepared(db, 'dashboard_admin_cards', (d, name) => {
    const usersNow = d.select({ n: count() }).from(users).where(isNull(users.deletedAt));
    const materialsNow = d
      .select({ n: sql<number>`coalesce(sum(${materialCountsByBucket.live}), 0)` })
      .from(materialCountsByBucket);
    const requestsMade = d
      .select({ n: count() })
      .from(rentalRequests)
      .where(
        and(
          sql`${rentalRequests.createdAt} >= ${p('requestsFrom')}::timestamptz`,
          sql`${rentalRequests.createdAt} < ${p('requestsTo')}::timestamptz`,
        ),
      );
    return countsTogether(d, {
      invoices: invoicesIssued(d, null),
      users: usersNow,
      materials: materialsNow,
      requests: requestsMade,
    }).prepare(name);
  });
  const [row] = await statement.execute({
    ...days,
    requestsFrom: requests.from,
    requestsTo: requests.to,
  });
  return row!;
}

/**
 * The field manager's cards in one statement (an admin's through the API): staff as of now (not
 * removed) and those ON_LEAVE, the staff present on the days [`from`, `to`), the invoices issued
 * on them.
 */
export async function userCards(db: Database, scope: Scope, days: { from: string; to: string }) {
  const statement = prepared(db, `dashboard_user_cards_${scopeName(scope)}`, (d, name) => {
    const live = only(isNull(staff.deletedAt), scope, staff.locationId);
    const staffNow = d.select({ n: count() }).from(staff).where(live);
    const onLeave = d
      .select({ n: count() })
      .from(staff)
      .where(and(live, sql`${staff.status} = 'ON_LEAVE'`));
    return countsTogether(d, {
      staff: staffNow,
      onLeave,
      present: presentStaff(d, scope),
      invoices: invoicesIssued(d, scope),
    }).prepare(name);
  });
  const [row] = await statement.execute({ ...scopeValue(scope), ...days });
  return row!;
}
