import { rentalNumberSearched, type StoredRentalStatus } from '@stockyard/shared';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  type SQL,
  type SQLWrapper,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import { alias, type SubqueryWithSelection, union } from 'drizzle-orm/pg-core';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database, DbExecutor } from '../../db/client';
import {
  locations,
  materialRentalItemNames,
  materialRentalItems,
  materialRentalReturns,
  materialRentals,
  materialRentalTotals,
  materials,
  materialTypes,
  rentalAlertsSent,
  rentalRequestItems,
  rentalRequests,
  users,
} from '../../db/schema';
import { jsonRows } from '../../lib/json-rows';
import { containsPattern, listPage, type Page, totalColumn } from '../../lib/list-page';
import { prepared, unseen } from '../../lib/prepared';
import { matches } from '../../lib/search';

export type RentalRow = typeof materialRentals.$inferSelect;
/**
 * What came back of a line, good, damaged and lost: the sums of its returns. No counter keeps a
 * copy of these sums (decision 050: the returns and dispatched quantities are the only truth).
 */
type LineBack = {
  quantityActuallyReturned: number;
  quantityDamaged: number;
  quantityLost: number;
};
/** A rental's line with what came back of it (`lineBack`). */
export type RentalItemRow = typeof materialRentalItems.$inferSelect & LineBack;

/**
 * A sum of the returns of the line whose id is `itemId`, 0 without any. The names are written
 * qualified: a select of one table writes its columns bare, and a bare `id` would be the return's.
 */
const backSum = (itemId: SQL, column: 'returned_quantity' | 'damaged_quantity' | 'lost_quantity') =>
  sql<number>`(select coalesce(sum(${sql.raw(`"back"."${column}"`)}), 0)::integer from ${materialRentalReturns} as "back" where "back"."rental_item_id" = ${itemId})`.mapWith(
    Number,
  );
/**
 * What came back of a line as three fields, the line the table or alias `line` names: the one way
 * every read of a line's returned, damaged and lost units is made, each a sum of its returns read
 * from their index on the line (covering the quantities).
 */
export function lineBack(line: string) {
  if (!/^[a-z_]+$/.test(line)) throw new Error(`not a table of ours: ${line}`);
  const itemId = sql.raw(`"${line}"."id"`);
  return {
    quantityActuallyReturned: backSum(itemId, 'returned_quantity'),
    quantityDamaged: backSum(itemId, 'damaged_quantity'),
    quantityLost: backSum(itemId, 'lost_quantity'),
  };
}

export type RentalValues = Omit<
  typeof materialRentals.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;
export type RentalItemValues = Omit<typeof materialRentalItems.$inferInsert, 'id' | 'rentalId'>;

/**
 * Which rentals a list covers: one destination, a status as shown (ACTIVE and OVERDUE are the
 * stored ACTIVE on either side of `today`), a search over material and location names.
 */
export type RentalFilters = {
  toLocationId?: number;
  status?: 'ACTIVE' | 'OVERDUE' | StoredRentalStatus;
  search?: string;
  today: string;
};

const fromLocation = alias(locations, 'from_location');
const toLocation = alias(locations, 'to_location');

/** A rental's line as a list or the detail shows it, with its catalogue type (a scanned label names it). */
type RentalItemShown = Pick<
  RentalItemRow,
  | 'id'
  | 'materialId'
  | 'materialName'
  | 'quantity'
  | 'unit'
  | 'dayCents'
  | 'weekCents'
  | 'minimumDays'
> &
  LineBack & { materialTypeId: number; itemNumber: string | null };

/**
 * A rental's items, in their order, as one JSON column of the rental's row: a page of rentals or
 * one rental is read with its items in one round trip.
 */
const line = alias(materialRentalItems, 'line');
const lineMaterial = alias(materials, 'line_material');
const lineType = alias(materialTypes, 'line_type');
const itemsColumn = jsonRows<RentalItemShown>(
  {
    id: line.id,
    materialId: line.materialId,
    materialName: line.materialName,
    quantity: line.quantity,
    unit: line.unit,
    // Fixed at dispatch; only an admin's correction changes them (decision 048).
    dayCents: line.dayCents,
    weekCents: line.weekCents,
    minimumDays: line.minimumDays,
    ...lineBack('line'),
    materialTypeId: lineMaterial.materialTypeId,
    itemNumber: lineType.itemNumber,
  },
  sql`from ${materialRentalItems} ${line} join ${materials} ${lineMaterial} on ${lineMaterial.id} = ${line.materialId} join ${materialTypes} ${lineType} on ${lineType.id} = ${lineMaterial.materialTypeId} where ${line.rentalId} = ${materialRentals.id}`,
  sql`${line.id}`,
);

/** What a rental shows, its items included. */
const RENTAL_FIELDS = {
  rental: materialRentals,
  fromLocationName: fromLocation.name,
  toLocationName: toLocation.name,
  rentedByName: users.name,
  items: itemsColumn,
};

/**
 * The rentals a search finds, as a CTE: one of their items has a matching name, or their from or
 * to location has. The names are tested once each, in the table of the items' names (a few
 * hundred), and the rentals of those that match come from the items' name index alone. A union,
 * so that each part is read from its own index alone.
 */
function found(db: Database) {
  const pattern = sql.placeholder('pattern');
  const named = db
    .select({ id: locations.id })
    .from(locations)
    .where(matches(locations.name, pattern));
  const itemNames = db
    .select({ name: materialRentalItemNames.name })
    .from(materialRentalItemNames)
    .where(matches(materialRentalItemNames.name, pattern));
  // The CTEs' columns are named apart from the tables' (drizzle writes them unqualified).
  const id = (column: AnyColumn) => sql<number>`${column}`.as('found_id');
  return db.$with('found').as(
    union(
      db
        .select({ id: id(materialRentalItems.rentalId) })
        .from(materialRentalItems)
        .where(inArray(materialRentalItems.materialName, itemNames)),
      db
        .select({ id: id(materialRentals.id) })
        .from(materialRentals)
        .where(inArray(materialRentals.fromLocationId, named)),
      db
        .select({ id: id(materialRentals.id) })
        .from(materialRentals)
        .where(inArray(materialRentals.toLocationId, named)),
      // Its number, as notices write it (rental #12): '#12' or '12' finds rental 12 too.
      db
        .select({ id: id(materialRentals.id) })
        .from(materialRentals)
        .where(eq(materialRentals.id, sql.placeholder('number'))),
    ),
  );
}

/**
 * What a list without a search is filtered by, the shape its named statement is prepared for: a
 * destination or not, and no status, a stored one, or ACTIVE or OVERDUE (the stored ACTIVE on
 * either side of today).
 */
type Shape = { to: boolean; status: 'any' | 'stored' | 'ACTIVE' | 'OVERDUE' };

function shapeOf(filters: RentalFilters): Shape {
  const { status } = filters;
  return {
    to: filters.toLocationId !== undefined,
    status:
      status === undefined
        ? 'any'
        : status === 'ACTIVE' || status === 'OVERDUE'
          ? status
          : 'stored',
  };
}

/** Where a shape's values come from: the placeholders of its named statement, or the filters. */
type ShapeValues = {
  to: number | SQLWrapper | undefined;
  status: RentalFilters['status'] | SQLWrapper;
  today: string | SQLWrapper;
};
/**
 * The named statements' values, unseen by their plans (`unseen`): a custom plan for one
 * destination's ACTIVE rentals looked cheaper than the generic plan, and PostgreSQL planned those
 * pages again at every call.
 */
const UNSEEN = {
  to: unseen('to', 'integer'),
  status: unseen('status', 'text'),
  today: unseen('today', 'date'),
};
const PLACEHOLDERS: ShapeValues = UNSEEN;

/** The rentals of a shape: by default its values the placeholders `to`, `status` and `today`. */
function shapeWhere(shape: Shape, values: ShapeValues = PLACEHOLDERS): SQL | undefined {
  const r = materialRentals;
  return and(
    shape.to ? eq(r.toLocationId, values.to ?? 0) : undefined,
    // ACTIVE written in, a constant: a prepared read takes no value but its placeholders.
    shape.status === 'ACTIVE'
      ? and(sql`${r.status} = 'ACTIVE'`, gte(r.expectedReturnDate, values.today))
      : shape.status === 'OVERDUE'
        ? and(sql`${r.status} = 'ACTIVE'`, lt(r.expectedReturnDate, values.today))
        : shape.status === 'stored'
          ? eq(r.status, values.status as StoredRentalStatus | SQLWrapper)
          : undefined,
  );
}

/**
 * The rentals of a page, newest first, from the page's ids (`shown`, which has its LIMIT and
 * OFFSET): only those rows are joined and have their items read. The items' column is computed
 * where a row is made, so every row an OFFSET skipped would have had its items read too.
 */
function rentalsShown(
  d: Database,
  shown: SubqueryWithSelection<{ id: SQL.Aliased<number> }, 'shown'>,
  total: SQL<number>,
  ctes: WithSubquery[] = [],
) {
  const r = materialRentals;
  return d
    .with(...ctes)
    .select({ ...RENTAL_FIELDS, total })
    .from(shown)
    .innerJoin(r, eq(r.id, shown.id))
    .innerJoin(fromLocation, eq(fromLocation.id, r.fromLocationId))
    .innerJoin(toLocation, eq(toLocation.id, r.toLocationId))
    .leftJoin(users, eq(users.id, r.rentedById))
    .orderBy(desc(shown.id));
}

/**
 * A page of rentals, newest first, with their items, and how many the list covers, through
 * `listPage`: the page's ids first, then only those rows joined. The total is counted from the
 * rentals (their index on destination, status and id, or the ACTIVE rentals' by due day); a
 * search finds its rentals once, and the page and its total both read that CTE,
 * the other filters applied to what was found.
 */
export async function listRentals(db: Database, filters: RentalFilters, page: Page) {
  const r = materialRentals;
  const shape = shapeOf(filters);
  const search = filters.search || undefined;
  const where = shapeWhere(shape);
  const hits = found(db);
  // Without another filter the rentals found are the matches: no join to the rentals.
  const id = sql<number>`${hits.id}`.as('match_id');
  const matches = db
    .$with('matches')
    .as(
      where === undefined
        ? db.select({ id }).from(hits).where(undefined)
        : db.select({ id }).from(hits).innerJoin(r, eq(r.id, hits.id)).where(where),
    );
  const split = shape.status === 'ACTIVE' || shape.status === 'OVERDUE';
  return listPage(
    db,
    {
      // The status's shape is in the name: ACTIVE and OVERDUE are conditions, not values.
      name: `material_rentals_${search === undefined ? 'page' : 'search'}_${shape.status}`,
      filters: {
        to: filters.toLocationId,
        status: shape.status === 'stored' ? filters.status : undefined,
        today: split ? filters.today : undefined,
        pattern: search === undefined ? undefined : containsPattern(search),
        // Its number, or 0, which no rental has.
        number: search === undefined ? undefined : (rentalNumberSearched(search) ?? 0),
      },
      count: () =>
        search === undefined
          ? db.select({ n: count() }).from(r).where(where)
          : db.with(hits, matches).select({ n: count() }).from(matches),
      paged: (total, _f, bounds) => {
        if (search === undefined) {
          const shown = db
            .select({ id: sql<number>`${r.id}`.as('shown_id') })
            .from(r)
            .where(where)
            .orderBy(desc(r.id))
            .limit(bounds.limit)
            .offset(bounds.offset)
            .as('shown');
          return rentalsShown(db, shown, total);
        }
        // The newest matches of the page by a top-N sort; joined to every match, the rentals
        // were walked backwards until the page's turned up, far when a status is rare.
        const shown = db
          .select({ id: matches.id })
          .from(matches)
          .orderBy(desc(matches.id))
          .limit(bounds.limit)
          .offset(bounds.offset)
          .as('shown');
        const counted = totalColumn(db.select({ n: count() }).from(matches));
        return rentalsShown(db, shown, counted, [hits, matches]);
      },
    },
    page,
  );
}

/**
 * The export's chunk: `limit` rentals of the list, newest first, after the rental `afterId` (none:
 * from the newest), with their items. The list's filters (`shapeWhere` with their values, a
 * search its matches, `found`), without its page and total.
 */
export async function rentalsAfter(
  db: Database,
  filters: RentalFilters,
  afterId: number | null,
  limit: number,
) {
  const r = materialRentals;
  const where = shapeWhere(shapeOf(filters), {
    to: filters.toLocationId,
    status: filters.status,
    today: filters.today,
  });
  const hits = found(db);
  const matched = filters.search ? inArray(r.id, db.select({ id: hits.id }).from(hits)) : undefined;
  const shown = db
    .select({ id: sql<number>`${r.id}`.as('shown_id') })
    .from(r)
    .where(and(matched, where, afterId === null ? undefined : lt(r.id, afterId)))
    .orderBy(desc(r.id))
    .limit(limit)
    .as('shown');
  const searched = filters.search
    ? {
        pattern: containsPattern(filters.search),
        number: rentalNumberSearched(filters.search) ?? 0,
      }
    : {};
  return rentalsShown(db, shown, sql<number>`0`, filters.search ? [hits] : [])
    .prepare('')
    .execute(searched);
}

/** The items of some rentals, in each rental's order, with what came back of each (`lineBack`). */
export async function findItems(db: DbExecutor, rentalIds: number[]): Promise<RentalItemRow[]> {
  if (rentalIds.length === 0) return [];
  return db
    .select({ ...getTableColumns(materialRentalItems), ...lineBack('material_rental_items') })
    .from(materialRentalItems)
    .where(inArray(materialRentalItems.rentalId, rentalIds))
    .orderBy(asc(materialRentalItems.rentalId), asc(materialRentalItems.id));
}

/**
 * One rental with its locations' and renter's names and its items. A named prepared statement
 * (lib/prepared.ts): planned at every call it cost about as much again as it reads.
 */
export async function findRental(db: Database, id: number) {
  const statement = prepared(db, 'material_rental_detail', (d, name) =>
    d
      .select(RENTAL_FIELDS)
      .from(materialRentals)
      .innerJoin(fromLocation, eq(fromLocation.id, materialRentals.fromLocationId))
      .innerJoin(toLocation, eq(toLocation.id, materialRentals.toLocationId))
      .leftJoin(users, eq(users.id, materialRentals.rentedById))
      .where(eq(materialRentals.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/**
 * The rental locked for a change, as `lockRental`, with its locations' names (as the activity log,
 * the notices and the movements name them) in the same statement; only the rental is locked.
 */
export async function lockRentalNamed(db: DbExecutor, id: number) {
  const [row] = await db
    .select({
      rental: materialRentals,
      fromName: sql<string>`coalesce(${fromLocation.name}, '')`,
      toName: sql<string>`coalesce(${toLocation.name}, '')`,
    })
    .from(materialRentals)
    .leftJoin(fromLocation, eq(fromLocation.id, materialRentals.fromLocationId))
    .leftJoin(toLocation, eq(toLocation.id, materialRentals.toLocationId))
    .where(eq(materialRentals.id, id))
    .for('update', { of: materialRentals });
  return row ? { rental: row.rental, names: { from: row.fromName, to: row.toName } } : null;
}

/**
 * The rental locked for a return by the update that marks it changed (its `updatedAt`, which the
 * device's copy asks after), with its locations' names, in one statement: a return
 * waits for another return, an edit or a removal of the rental as `lockRental` makes it wait.
 */
export async function touchRentalNamed(db: DbExecutor, id: number) {
  const nameOf = (locationId: AnyColumn) =>
    sql<string>`coalesce((select ${locations.name} from ${locations} where ${locations.id} = ${locationId}), '')`;
  const [row] = await db
    .update(materialRentals)
    .set({ updatedAt: sql`now()` })
    .where(eq(materialRentals.id, id))
    .returning({
      ...getTableColumns(materialRentals),
      fromName: nameOf(materialRentals.fromLocationId),
      toName: nameOf(materialRentals.toLocationId),
    });
  if (!row) return null;
  const { fromName, toName, ...rental } = row;
  return { rental, names: { from: fromName, to: toName } };
}

/** The rental locked for a change (FOR UPDATE: returns, edits and deletion wait for each other). */
export async function lockRental(db: DbExecutor, id: number) {
  const [row] = await db
    .select()
    .from(materialRentals)
    .where(eq(materialRentals.id, id))
    .for('update');
  return row ?? null;
}

/**
 * The rentals' one summary (decision 066), recounted from the rows by the database function of
 * migration 0064 for these destinations, in the months of these days only, in the writer's
 * transaction. Every write below to a rental, its lines or its returns that can change a quantity,
 * a destination or a month calls it (a new rental once its lines are written).
 */
async function recountTotals(db: DbExecutor, locationIds: number[], days: string[]) {
  if (locationIds.length === 0 || days.length === 0) return;
  await db.execute(sql`select material_rental_totals_recount(
    ${sql.param(locationIds)}::integer[],
    array(select distinct date_trunc('month', d)::date from unnest(${sql.param(days)}::date[]) d))`);
}

/** The destination of a rental, or null when there is no such rental. */
export async function destinationOf(db: DbExecutor, rentalId: number): Promise<number | null> {
  const [rental] = await db
    .select({ toLocationId: materialRentals.toLocationId })
    .from(materialRentals)
    .where(eq(materialRentals.id, rentalId));
  return rental?.toLocationId ?? null;
}

/** The days a rental counts on in the summary: the day it left and the days of its returns. */
async function daysOfRental(db: DbExecutor, rentalId: number): Promise<string[]> {
  const result = await db.execute<{ day: string }>(sql`
    select to_char(rental_date, 'YYYY-MM-DD') as day from material_rentals where id = ${rentalId}
    union
    select to_char(return_date, 'YYYY-MM-DD') from material_rental_returns
     where rental_id = ${rentalId}`);
  return result.rows.map((row) => row.day);
}

/**
 * The summary of a rental's destination recounted in the months it counts in (decision 066), and in
 * the months of `formerDays` (a day it was moved from).
 */
export async function recountTotalsOfRental(
  db: DbExecutor,
  rentalId: number,
  formerDays: string[] = [],
) {
  const destination = await destinationOf(db, rentalId);
  if (destination === null) return;
  await recountTotals(db, [destination], [...(await daysOfRental(db, rentalId)), ...formerDays]);
}

/**
 * A new rental and its lines (nothing has come back of them yet), and the summary recounted at its
 * destination in the month it left, the one month a rental without returns counts in.
 */
export async function insertRental(
  db: DbExecutor,
  values: RentalValues,
  items: RentalItemValues[],
): Promise<{ rental: RentalRow; items: RentalItemRow[] }> {
  const [rental] = await db.insert(materialRentals).values(values).returning();
  const rows = await db
    .insert(materialRentalItems)
    .values(items.map((item) => ({ ...item, rentalId: rental!.id })))
    .returning();
  await recountTotals(db, [rental!.toLocationId], [rental!.rentalDate]);
  return { rental: rental!, items: rows.map(nothingBack) };
}

const nothingBack = (row: typeof materialRentalItems.$inferSelect): RentalItemRow => ({
  ...row,
  quantityActuallyReturned: 0,
  quantityDamaged: 0,
  quantityLost: 0,
});

export async function updateRental(db: DbExecutor, id: number, values: Partial<RentalValues>) {
  const [before] =
    values.toLocationId === undefined
      ? []
      : await db
          .select({ toLocationId: materialRentals.toLocationId })
          .from(materialRentals)
          .where(eq(materialRentals.id, id));
  const [row] = await db
    .update(materialRentals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(materialRentals.id, id))
    .returning();
  // Only a new destination moves the rental's quantities in the summary.
  if (before && before.toLocationId !== row!.toLocationId) {
    await recountTotals(db, [before.toLocationId, row!.toLocationId], await daysOfRental(db, id));
  }
  return row!;
}

/** A rental's new lines: nothing has come back of them yet. */
export async function insertItems(
  db: DbExecutor,
  rentalId: number,
  items: RentalItemValues[],
): Promise<RentalItemRow[]> {
  const rows = await db
    .insert(materialRentalItems)
    .values(items.map((item) => ({ ...item, rentalId })))
    .returning();
  await recountTotalsOfRental(db, rentalId);
  return rows.map(nothingBack);
}

export async function deleteItems(db: DbExecutor, rentalId: number) {
  await db.delete(materialRentalItems).where(eq(materialRentalItems.rentalId, rentalId));
  await recountTotalsOfRental(db, rentalId);
}

export async function deleteRental(db: DbExecutor, id: number) {
  const days = await daysOfRental(db, id);
  const gone = await db
    .delete(materialRentals)
    .where(eq(materialRentals.id, id))
    .returning({ toLocationId: materialRentals.toLocationId });
  await recountTotals(
    db,
    gone.map((row) => row.toLocationId),
    days,
  );
}

/** The units of a return by condition. */
export type ReturnedUnits = { good: number; damaged: number; lost: number };

/**
 * A return of the rental whose destination is `toLocationId` (the caller holds the rental locked,
 * so it is as read); the summary recounted in the month of its day.
 */
export async function insertReturn(db: DbExecutor, values: ReturnValues, toLocationId: number) {
  const [row] = await insertReturns(db, [values], toLocationId);
  return row!;
}

type ReturnValues = Omit<typeof materialRentalReturns.$inferInsert, 'id' | 'recordedAt'>;

/** Returns of one rental at once (`insertReturn`'s), in their order, in one statement. */
export async function insertReturns(db: DbExecutor, values: ReturnValues[], toLocationId: number) {
  if (values.length === 0) return [];
  const rows = await db.insert(materialRentalReturns).values(values).returning();
  // Only the months of these returns change (their rental's other months are as they were).
  await recountTotals(
    db,
    [toLocationId],
    rows.map((row) => row.returnDate),
  );
  return rows;
}

/**
 * The rental back whole: RETURNED on the day of its latest return (the returns may be entered out
 * of order), or on `orDay` when it has none, in one statement.
 */
export async function markRentalReturned(db: DbExecutor, id: number, orDay: string) {
  const [row] = await db
    .update(materialRentals)
    .set({
      status: 'RETURNED',
      actualReturnDate: sql`coalesce((select max(${materialRentalReturns.returnDate}) from ${materialRentalReturns} where ${materialRentalReturns.rentalId} = ${id}), ${orDay}::date)`,
      updatedAt: sql`now()`,
    })
    .where(eq(materialRentals.id, id))
    .returning();
  return row!;
}

export type ReturnRow = Awaited<ReturnType<typeof findReturns>>[number];

/** A rental's returns, oldest first, with all that came back of each item up to each. */
export async function findReturns(db: Database, rentalId: number) {
  return returnsWhere(db, eq(materialRentalReturns.rentalId, rentalId));
}

/** The returns of these rentals, as `findReturns` reads each one's, by rental then oldest first. */
export async function findReturnsOf(db: Database, rentalIds: number[]) {
  if (rentalIds.length === 0) return [];
  return returnsWhere(db, inArray(materialRentalReturns.rentalId, rentalIds));
}

function returnsWhere(db: Database, where: SQL) {
  return db
    .select({
      id: materialRentalReturns.id,
      materialRentalId: materialRentalReturns.rentalId,
      rentalItemId: materialRentalReturns.rentalItemId,
      materialId: materialRentalItems.materialId,
      materialName: materialRentalItems.materialName,
      unit: materialRentalItems.unit,
      rentedQuantity: materialRentalItems.quantity,
      returnedQuantity: materialRentalReturns.returnedQuantity,
      damagedQuantity: materialRentalReturns.damagedQuantity,
      lostQuantity: materialRentalReturns.lostQuantity,
      // Good, damaged and lost: all that came back of the item up to and with this return.
      cumulativeReturned:
        sql<number>`sum(${materialRentalReturns.returnedQuantity} + ${materialRentalReturns.damagedQuantity} + ${materialRentalReturns.lostQuantity}) over (partition by ${materialRentalReturns.rentalItemId} order by ${materialRentalReturns.id})`.mapWith(
          Number,
        ),
      returnDate: materialRentalReturns.returnDate,
      recordedAt: materialRentalReturns.recordedAt,
      notes: materialRentalReturns.notes,
      returnedById: materialRentalReturns.returnedById,
      returnedByName: users.name,
    })
    .from(materialRentalReturns)
    .innerJoin(materialRentalItems, eq(materialRentalItems.id, materialRentalReturns.rentalItemId))
    .leftJoin(users, eq(users.id, materialRentalReturns.returnedById))
    .where(where)
    .orderBy(asc(materialRentalReturns.rentalId), asc(materialRentalReturns.id));
}

/**
 * The counts and quantities of the stats, per destination: every location (one when `only` is
 * given), those without rentals with zeros. Each figure is read from the rentals, their lines and
 * their returns, never a stored counter: the rentals by status, the ACTIVE ones split at `today`
 * into active and overdue; the units rented, and those returned good, damaged and lost,
 * the damaged and lost written off; what is still out of the ACTIVE rentals, their lines less
 * their returns.
 */
export async function statsByLocation(db: Database, today: string, only?: number) {
  const r = materialRentals;
  const t = materialRentalTotals;
  const at = only === undefined ? undefined : eq(r.toLocationId, only);
  // The active rentals are few and have an index of their own: counted from their rows.
  const open = db
    .select({
      toLocationId: r.toLocationId,
      active: sql<number>`count(*) filter (where ${r.expectedReturnDate} >= ${today})`.as('active'),
      overdue: sql<number>`count(*) filter (where ${r.expectedReturnDate} < ${today})`.as(
        'overdue',
      ),
    })
    .from(r)
    .where(and(sql`${r.status} = 'ACTIVE'`, at))
    .groupBy(r.toLocationId)
    .as('open');
  // Everything over all time from the rentals' one summary (decision 066), its months added up.
  const ever = db
    .select({
      locationId: t.locationId,
      rentals: sql<number>`sum(${t.rentals})`.as('rentals'),
      unitsOut: sql<number>`sum(${t.unitsOut})`.as('units_out'),
      good: sql<number>`sum(${t.good})`.as('good'),
      damaged: sql<number>`sum(${t.damaged})`.as('damaged'),
      lost: sql<number>`sum(${t.lost})`.as('lost'),
    })
    .from(t)
    .where(only === undefined ? undefined : eq(t.locationId, only))
    .groupBy(t.locationId)
    .as('ever');
  const n = (value: SQLWrapper) => sql<number>`coalesce(${value}, 0)`.mapWith(Number);
  // A returned rental has all its units back: what is still out is every unit dispatched less
  // every unit back.
  return db
    .select({
      id: locations.id,
      name: locations.name,
      total: n(ever.rentals),
      active: n(open.active),
      overdue: n(open.overdue),
      returned: n(
        sql`${ever.rentals} - coalesce(${open.active}, 0) - coalesce(${open.overdue}, 0)`,
      ),
      rented: n(ever.unitsOut),
      returnedItems: n(ever.good),
      damaged: n(ever.damaged),
      lost: n(ever.lost),
      writtenOff: n(sql`${ever.damaged} + ${ever.lost}`),
      outstanding: n(sql`${ever.unitsOut} - ${ever.good} - ${ever.damaged} - ${ever.lost}`),
    })
    .from(locations)
    .leftJoin(ever, eq(ever.locationId, locations.id))
    .leftJoin(open, eq(open.toLocationId, locations.id))
    .where(only === undefined ? undefined : eq(locations.id, only))
    .orderBy(asc(locations.name), asc(locations.id));
}

/** Live materials by id, with what the rental needs of them. */
export async function findLiveMaterials(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: materials.id,
      name: materials.name,
      unit: materials.unit,
      locationId: materials.locationId,
      quantity: materials.quantity,
      materialTypeId: materials.materialTypeId,
    })
    .from(materials)
    .where(and(inArray(materials.id, ids), isNull(materials.deletedAt)));
}

/**
 * A rental request, locked until the transaction ends (its status and location): the rentals made
 * from one request are made one after another.
 */
export async function lockRequest(db: DbExecutor, id: number) {
  const [row] = await db
    .select({
      id: rentalRequests.id,
      status: rentalRequests.status,
      locationId: rentalRequests.locationId,
    })
    .from(rentalRequests)
    .where(eq(rentalRequests.id, id))
    .for('update');
  return row ?? null;
}

/** Where a request's items are asked from (requestSourceIds). */
export async function requestItemSources(db: DbExecutor, requestId: number) {
  return db
    .select({ sourceLocationId: rentalRequestItems.sourceLocationId })
    .from(rentalRequestItems)
    .where(eq(rentalRequestItems.requestId, requestId))
    .orderBy(asc(rentalRequestItems.position));
}

/** The rentals made from a request, with the location each came from. */
export async function rentalsOfRequest(db: DbExecutor, requestId: number) {
  return db
    .select({
      id: materialRentals.id,
      fromLocationId: materialRentals.fromLocationId,
      fromLocationName: locations.name,
    })
    .from(materialRentals)
    .innerJoin(locations, eq(locations.id, materialRentals.fromLocationId))
    .where(eq(materialRentals.requestId, requestId))
    .orderBy(asc(materialRentals.id));
}

/** The alert sender's lock, held until the transaction ends; false when another process holds it. */
export async function tryAlertSenderLock(db: DbExecutor): Promise<boolean> {
  const result = await db.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.single.rentalAlerts}) as locked`,
  );
  return result.rows[0]?.locked === true;
}

/**
 * Marks the newly overdue rentals as alerted today, and answers them: ACTIVE, expected back before
 * `today`, and not alerted since they became overdue. A rental and day already recorded is
 * skipped, so that no rental is alerted twice on a day whatever runs.
 */
export async function claimOverdueAlerts(db: DbExecutor, today: string) {
  const result = await db.execute<{
    rental_id: number;
    to_location_id: number;
    expected_return_date: string;
  }>(sql`
    with due as (
      select r.id, r.to_location_id, r.expected_return_date
      from ${materialRentals} r
      where r.status = 'ACTIVE' and r.expected_return_date < ${today}
        and not exists (
          select 1 from ${rentalAlertsSent} a
          where a.rental_id = r.id and a.day > r.expected_return_date
        )
    ), claimed as (
      insert into ${rentalAlertsSent} (rental_id, day)
      select id, ${today}::date from due
      on conflict do nothing
      returning rental_id
    )
    select due.id as rental_id, due.to_location_id, due.expected_return_date::text
    from due join claimed on claimed.rental_id = due.id
    order by due.id`);
  return result.rows.map((row) => ({
    rentalId: Number(row.rental_id),
    toLocationId: Number(row.to_location_id),
    expectedReturnDate: String(row.expected_return_date),
  }));
}

/** Location names by id. */
export async function locationNames(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(inArray(locations.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
