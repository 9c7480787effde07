import { PRESENT_ATTENDANCE_STATUSES, WRITE_OFF_STATUSES } from '@stockyard/shared';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  attendance,
  invoices,
  locations,
  materialCountsByBucket,
  materialRentalCounts,
  materialRentalReturns,
  materialRentals,
  rentalRequests,
  staff,
  stockLevels,
  users,
} from '../../db/schema';

/**
 * The dashboard's reads (decision 015). The dashboard owns no table: it sums the others' rows,
 * read-only, each figure from a counter, a snapshot or an index range whose size is set by the
 * period, never by the years of history. `scope` is a field manager's location, null for an admin.
 */

/** The condition, and for a field manager the location column at their location. */
const only = (condition: SQL | undefined, scope: number | null, column: Column) =>
  scope === null ? condition : and(condition, eq(column, scope));

/** A location's latest stock level, or the latest before `before` (a month's first day). */
function latestLevel(db: Database, before?: string) {
  return sql<number>`coalesce((${db
    .select({ units: stockLevels.units })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.locationId, locations.id),
        before === undefined ? undefined : lt(stockLevels.month, before),
      ),
    )
    .orderBy(desc(stockLevels.month))
    .limit(1)}), 0)`.mapWith(Number);
}

/** Each location the viewer sees with its units in stock now, most first. */
export async function stockByLocation(db: Database, scope: number | null) {
  const now = latestLevel(db);
  return db
    .select({ id: locations.id, name: locations.name, address: locations.address, now })
    .from(locations)
    .where(scope === null ? undefined : eq(locations.id, scope))
    .orderBy(desc(now), asc(locations.id));
}

/** The units in stock at the viewer's locations when `monthStart` began. */
export async function stockAtMonthStart(db: Database, scope: number | null, monthStart: string) {
  const [row] = await db
    .select({
      units: sql<number>`coalesce(sum(${latestLevel(db, monthStart)}), 0)`.mapWith(Number),
    })
    .from(locations)
    .where(scope === null ? undefined : eq(locations.id, scope));
  return row?.units ?? 0;
}

const outOnActiveRentals = (db: Database, scope: number | null) =>
  db
    .select({
      units: sql<number>`coalesce(sum(${materialRentalCounts.unitsRented} - ${materialRentalCounts.unitsReturned}), 0)`,
    })
    .from(materialRentalCounts)
    .where(
      only(eq(materialRentalCounts.status, 'ACTIVE'), scope, materialRentalCounts.toLocationId),
    );

/** The units out on ACTIVE rentals now, from the rentals' counters (migration 0020). */
export async function rentalsOutNow(db: Database, scope: number | null) {
  const [row] = await outOnActiveRentals(db, scope);
  return Number(row?.units ?? 0);
}

/**
 * The units out on rentals when `since` (the start of this month) began: out now, less the units
 * out on ACTIVE rentals made since, plus the units returned since and written off since (LOST,
 * DAMAGED) on rentals made before. One statement, so that its parts agree.
 */
export async function rentalsOutAt(db: Database, scope: number | null, since: Date) {
  const r = materialRentals;
  const outOnNewRentals = db
    .select({ units: sql<number>`coalesce(sum(${r.quantityTotal} - ${r.returnedTotal}), 0)` })
    .from(r)
    .where(only(and(gte(r.createdAt, since), eq(r.status, 'ACTIVE')), scope, r.toLocationId));
  // Returned since on rentals made before: all returns since, less those of rentals made since
  // (an admin's sum then reads the month's returns alone, without a join over every rental).
  const h = materialRentalReturns;
  const returned = sql<number>`coalesce(sum(${h.returnedQuantity}), 0)`;
  const allReturnedSince =
    scope === null
      ? db.select({ units: returned }).from(h).where(gte(h.returnDate, since))
      : db
          .select({ units: returned })
          .from(h)
          .innerJoin(r, eq(r.id, h.rentalId))
          .where(and(gte(h.returnDate, since), eq(r.toLocationId, scope)));
  // Every return of a rental made since came since (a return is dated when it is written), and a
  // rental's returned total is the sum of its returns: read from the month's rentals alone, not
  // joined to their returns (decision 024).
  const returnedOnNewRentals = db
    .select({ units: sql<number>`coalesce(sum(${r.returnedTotal}), 0)` })
    .from(r)
    .where(only(gte(r.createdAt, since), scope, r.toLocationId));
  const writtenOffSince = db
    .select({ units: sql<number>`coalesce(sum(${r.quantityTotal} - ${r.returnedTotal}), 0)` })
    .from(r)
    .where(
      only(
        and(
          inArray(r.status, [...WRITE_OFF_STATUSES]),
          gte(r.updatedAt, since),
          lt(r.createdAt, since),
        ),
        scope,
        r.toLocationId,
      ),
    );
  const result = await db.execute<{ units: string }>(
    sql`select (${outOnActiveRentals(db, scope)}) - (${outOnNewRentals})
      + (${allReturnedSince}) - (${returnedOnNewRentals}) + (${writtenOffSince}) as "units"`,
  );
  return Number(result.rows[0]?.units ?? 0);
}

/** Units rented out and returned per step (day or month) of [from, to), on the server's calendar. */
export async function rentalFlows(
  db: Database,
  scope: number | null,
  range: { from: Date; to: Date; unit: 'day' | 'month' },
  timeZone: string,
) {
  const r = materialRentals;
  // Grouped by the step's start, and only the steps (a month's days at most) written as text: the
  // text of every row cost as much as reading it.
  const step = (column: Column) =>
    sql<string>`date_trunc(${range.unit}, ${column} at time zone ${timeZone})`;
  const out = db
    .select({
      step: step(r.createdAt).as('step'),
      rentedOut: sql<number>`${r.quantityTotal}`.as('rented_out'),
      returned: sql<number>`0`.as('returned'),
    })
    .from(r)
    .where(
      only(and(gte(r.createdAt, range.from), lt(r.createdAt, range.to)), scope, r.toLocationId),
    );
  const h = materialRentalReturns;
  const returns = db
    .select({
      step: step(h.returnDate).as('step'),
      rentedOut: sql<number>`0`.as('rented_out'),
      returned: sql<number>`${h.returnedQuantity}`.as('returned'),
    })
    .from(h);
  const inRange = and(gte(h.returnDate, range.from), lt(h.returnDate, range.to));
  // An admin's returns need no rental; a field manager's are those of rentals to their location.
  const back =
    scope === null
      ? returns.where(inRange)
      : returns.innerJoin(r, eq(r.id, h.rentalId)).where(and(inRange, eq(r.toLocationId, scope)));
  const result = await db.execute<{ step: string; rentedOut: string; returned: string }>(
    sql`select to_char("step", 'YYYY-MM-DD') as "step", sum("rented_out") as "rentedOut",
        sum("returned") as "returned"
      from (${out} union all ${back}) as flows group by flows."step"`,
  );
  return result.rows.map((row) => ({
    step: row.step,
    rentedOut: Number(row.rentedOut),
    returned: Number(row.returned),
  }));
}

/** Invoices issued on the days [from, to): a count to read with the other cards. */
function invoicesIssued(db: Database, scope: number | null, days: { from: string; to: string }) {
  return db
    .select({ n: count() })
    .from(invoices)
    .where(
      only(
        and(gte(invoices.issueDate, days.from), lt(invoices.issueDate, days.to)),
        scope,
        invoices.locationId,
      ),
    );
}

/**
 * The staff on the list (not removed; at a field manager's location, those of it, as Total Staff
 * counts them) marked present (PRESENT_ATTENDANCE_STATUSES: PRESENT or LATE) on any of the days
 * [from, to): each counted once, however many days they were marked, so never more than the
 * staff. Each staff member's first such mark is looked for in their own date index, so that a
 * year costs one probe per staff member, not a read of half a million marks.
 */
function presentStaff(db: Database, scope: number | null, days: { from: string; to: string }) {
  const a = attendance;
  const marked = and(
    eq(a.staffId, staff.id),
    gte(a.date, days.from),
    lt(a.date, days.to),
    inArray(a.status, [...PRESENT_ATTENDANCE_STATUSES]),
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

/** Counts read in one statement, one scalar subquery each, answered as numbers by name. */
async function countsTogether<K extends string>(
  db: Database,
  counts: Record<K, SQLWrapper>,
): Promise<Record<K, number>> {
  const names = Object.keys(counts) as K[];
  const columns = names.map((name) => sql`(${counts[name]}) as ${sql.identifier(name)}`);
  const result = await db.execute<Record<K, string>>(sql`select ${sql.join(columns, sql`, `)}`);
  const row = result.rows[0]!;
  return Object.fromEntries(names.map((name) => [name, Number(row[name])])) as Record<K, number>;
}

/**
 * The admin's cards in one statement: invoices issued in the period, users and inventory items as
 * of now (not removed; the materials from their block counts), rental requests made in `requests`.
 */
export async function adminCards(
  db: Database,
  days: { from: string; to: string },
  requests: { from: Date; to: Date },
) {
  const usersNow = db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  const materialsNow = db
    .select({ n: sql<number>`coalesce(sum(${materialCountsByBucket.live}), 0)` })
    .from(materialCountsByBucket);
  const requestsMade = db
    .select({ n: count() })
    .from(rentalRequests)
    .where(
      and(gte(rentalRequests.createdAt, requests.from), lt(rentalRequests.createdAt, requests.to)),
    );
  return countsTogether(db, {
    invoices: invoicesIssued(db, null, days),
    users: usersNow,
    materials: materialsNow,
    requests: requestsMade,
  });
}

/**
 * The field manager's cards in one statement (an admin's through the API): staff as of now (not
 * removed) and those ON_LEAVE, the staff present in the period, the invoices issued in it.
 */
export async function userCards(
  db: Database,
  scope: number | null,
  days: { from: string; to: string },
) {
  const live = only(isNull(staff.deletedAt), scope, staff.locationId);
  const staffNow = db.select({ n: count() }).from(staff).where(live);
  const onLeave = db
    .select({ n: count() })
    .from(staff)
    .where(and(live, eq(staff.status, 'ON_LEAVE')));
  return countsTogether(db, {
    staff: staffNow,
    onLeave,
    present: presentStaff(db, scope, days),
    invoices: invoicesIssued(db, scope, days),
  });
}
