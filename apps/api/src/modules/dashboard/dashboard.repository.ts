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
  materialRentalCounts,
  materialRentalFlows,
  materialRentalOutChanges,
  materialRentalReturns,
  materialRentals,
  rentalRequests,
  staff,
  stockLevels,
  users,
} from '../../db/schema';
import { limitLiteral, prepared, unseen } from '../../lib/prepared';

/**
 * The dashboard's reads (decision 015). The dashboard owns no table: it sums the others' rows,
 * read-only, each figure from a counter, a snapshot or an index range whose size is set by the
 * period, never by the years of history. `scope` is a field manager's location, null for an admin.
 *
 * Each read is a named prepared statement (lib/prepared.ts, decisions 030 and
 * 033), one for an admin and one for a field manager's location: the page asks for them all at
 * every visit, and building and planning them cost about as much as reading them. Every value is
 * a placeholder: the location `scope` and the period's bounds (`from`, `to`, `since`,
 * `monthStart`, `unit`, `zone`).
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

/** What ACTIVE rentals took out less what came back of it, good, damaged or lost (decision 043). */
const outOnActiveRentals = (db: Database, scope: Scope) =>
  db
    .select({
      units: sql<number>`coalesce(sum(${materialRentalCounts.unitsRented} - ${materialRentalCounts.unitsReturned} - ${materialRentalCounts.unitsDamaged} - ${materialRentalCounts.unitsLost}), 0)`,
    })
    .from(materialRentalCounts)
    .where(
      only(
        sql`${materialRentalCounts.status} = 'ACTIVE'`,
        scope,
        materialRentalCounts.toLocationId,
      ),
    );

/**
 * The standing figures beside the stock now, in one statement so that they agree: the units out
 * on ACTIVE rentals now (the rentals' counters, migration 0020) and when the month of
 * `monthStart` began (now, less how they changed since: each location's few rows of changes by
 * month, migration 0043, decision 035), and the units in stock when it began (each location's
 * latest stock level of an earlier month).
 */
export async function standingFigures(db: Database, scope: Scope, monthStart: string) {
  const statement = prepared(db, `dashboard_figures_${scopeName(scope)}`, (d, name) => {
    const month = unseen('monthStart', 'date');
    const c = materialRentalOutChanges;
    const changedSince = d
      .select({ units: sql<number>`coalesce(sum(${c.units}), 0)` })
      .from(c)
      .where(only(sql`${c.month} >= ${month}`, scope, c.toLocationId));
    const stockThen = d
      .select({ units: sql<number>`coalesce(sum(${latestLevel(d, month)}), 0)` })
      .from(locations)
      .where(scope === null ? undefined : eq(locations.id, p('scope')));
    return d
      .select({
        rentedNow: sql<number>`(${outOnActiveRentals(d, scope)})`.mapWith(Number),
        changedSince: sql<number>`(${changedSince})`.mapWith(Number),
        stockThen: sql<number>`(${stockThen})`.mapWith(Number),
      })
      .from(ONE_ROW)
      .prepare(name);
  });
  const [row] = await statement.execute({ ...scopeValue(scope), monthStart });
  const { rentedNow, changedSince, stockThen } = row!;
  return { rentedNow, rentedThen: rentedNow - changedSince, stockThen };
}

/**
 * Units rented out and returned per step (day or month) of [from, to), on the server's calendar.
 * A named statement per scope and step, its bounds unseen by its plan. Steps of a day (today, a
 * week, a month) read the period's rentals and returns from their indexes alone: built and
 * planned at each call, the read cost 2.6 ms of the API's CPU and 0.4 ms of planning for a day's
 * few rows (decision 033). A year's steps of a month are the monthly books of
 * `material_rental_flows` (decision 036): 12 rows a location, where reading a year's 150,000
 * rentals and returns cost 21 ms of PostgreSQL at every call.
 */
export async function rentalFlows(
  db: Database,
  scope: Scope,
  range: { from: string; to: string; unit: 'day' | 'month' },
  instants: { from: Date; to: Date },
  timeZone: string,
) {
  if (range.unit === 'month') {
    const statement = prepared(db, `dashboard_flows_by_month_${scopeName(scope)}`, (d, name) => {
      const f = materialRentalFlows;
      const inYear = and(gte(f.month, unseen('from', 'date')), lt(f.month, unseen('to', 'date')));
      return d
        .select({
          step: sql<string>`to_char(${f.month}, 'YYYY-MM-DD')`,
          rentedOut: sql<number>`sum(${f.rentedOut})`.mapWith(Number),
          returned: sql<number>`sum(${f.returned})`.mapWith(Number),
        })
        .from(f)
        .where(only(inYear, scope, f.toLocationId))
        .groupBy(f.month)
        .prepare(name);
    });
    return statement.execute({ ...scopeValue(scope), from: range.from, to: range.to });
  }
  const statement = prepared(db, `dashboard_flows_by_day_${scopeName(scope)}`, (d, name) =>
    flowsQuery(d, scope, unseen('from', 'timestamptz'), unseen('to', 'timestamptz')).prepare(name),
  );
  return statement.execute({
    ...scopeValue(scope),
    from: instants.from,
    to: instants.to,
    unit: range.unit,
    zone: timeZone,
  });
}

function flowsQuery(db: Database, scope: Scope, from: SQL, to: SQL) {
  const r = materialRentals;
  // Grouped by the step's start, and only the steps (a month's days at most) written as text: the
  // text of every row cost as much as reading it.
  const step = (column: Column) =>
    sql<string>`date_trunc(${p('unit')}::text, ${column} at time zone ${p('zone')}::text)`;
  const out = db
    .select({
      step: step(r.createdAt).as('step'),
      rentedOut: sql<number>`${r.quantityTotal}`.as('rented_out'),
      returned: sql<number>`0`.as('returned'),
    })
    .from(r)
    .where(
      only(and(sql`${r.createdAt} >= ${from}`, sql`${r.createdAt} < ${to}`), scope, r.toLocationId),
    );
  const h = materialRentalReturns;
  const returns = db
    .select({
      step: step(h.returnDate).as('step'),
      rentedOut: sql<number>`0`.as('rented_out'),
      returned: sql<number>`${h.returnedQuantity}`.as('returned'),
    })
    .from(h);
  const inRange = and(sql`${h.returnDate} >= ${from}`, sql`${h.returnDate} < ${to}`);
  // An admin's returns need no rental; a field manager's are those of rentals to their location.
  const back =
    scope === null
      ? returns.where(inRange)
      : returns
          .innerJoin(r, eq(r.id, h.rentalId))
          .where(and(inRange, eq(r.toLocationId, p('scope'))));
  return db
    .select({
      step: sql<string>`to_char(flows.step, 'YYYY-MM-DD')`,
      rentedOut: sql<number>`sum(flows.rented_out)`.mapWith(Number),
      returned: sql<number>`sum(flows.returned)`.mapWith(Number),
    })
    .from(sql`(${out} union all ${back}) as flows`)
    .groupBy(sql`flows.step`);
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
 * The staff on the list (not removed; at a field manager's location, those of it, as Total Staff
 * counts them) marked present (PRESENT_ATTENDANCE_STATUSES: PRESENT or LATE) on any of the days
 * [`from`, `to`): each counted once, however many days they were marked, so never more than the
 * staff. Each staff member's first such mark is looked for in their own date index, so that a
 * year costs one probe per staff member, not a read of half a million marks.
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
