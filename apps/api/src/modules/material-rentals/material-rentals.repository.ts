import {
  rentalNumberSearched,
  type StoredRentalStatus,
  WRITE_OFF_STATUSES,
} from '@stockyard/shared';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
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
  materialRentalCounts,
  materialRentalItemNames,
  materialRentalItems,
  materialRentalReturns,
  materialRentals,
  materials,
  materialTypes,
  rentalAlertsSent,
  rentalRequestItems,
  rentalRequests,
  users,
} from '../../db/schema';
import { jsonRows } from '../../lib/json-rows';
import { containsPattern, type Page, pageAndTotal, totalColumn } from '../../lib/list-page';
import { limitLiteral, prepared, preparedList, unseen } from '../../lib/prepared';

export type RentalRow = typeof materialRentals.$inferSelect;
export type RentalItemRow = typeof materialRentalItems.$inferSelect;
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
export type RentalItemShown = Pick<
  RentalItemRow,
  | 'id'
  | 'materialId'
  | 'materialName'
  | 'quantity'
  | 'unit'
  | 'quantityActuallyReturned'
  | 'quantityDamaged'
  | 'quantityLost'
  | 'dayCents'
  | 'weekCents'
  | 'minimumDays'
> & { materialTypeId: number; itemNumber: string | null };

/**
 * A rental's items, in their order, as one JSON column of the rental's row: a page of rentals or
 * one rental is read with its items in one round trip (decision 028).
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
    quantityActuallyReturned: line.quantityActuallyReturned,
    quantityDamaged: line.quantityDamaged,
    quantityLost: line.quantityLost,
    // The rates the line keeps from its dispatch (decision 048).
    dayCents: line.dayCents,
    weekCents: line.weekCents,
    minimumDays: line.minimumDays,
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
    .where(ilike(locations.name, pattern));
  const itemNames = db
    .select({ name: materialRentalItemNames.name })
    .from(materialRentalItemNames)
    .where(ilike(materialRentalItemNames.name, pattern));
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
 * How many rentals a list without a search covers. Without a status, or with a stored one, the
 * counters say it (`material_rental_counts`, kept by the rentals' triggers in the writing
 * transaction): a few rows, where counting the rentals read 100,000 index entries at every call.
 * ACTIVE and OVERDUE split the stored ACTIVE at today, which the counters do not; those come from
 * the ACTIVE rentals' index.
 */
function shapeCount(d: Database, shape: Shape) {
  if (shape.status === 'ACTIVE' || shape.status === 'OVERDUE') {
    return d.select({ n: count() }).from(materialRentals).where(shapeWhere(shape));
  }
  const c = materialRentalCounts;
  return d
    .select({ n: sql<number>`coalesce(sum(${c.rentals}), 0)`.mapWith(Number) })
    .from(c)
    .where(
      and(
        shape.to ? eq(c.toLocationId, UNSEEN.to) : undefined,
        shape.status === 'stored' ? eq(c.status, UNSEEN.status) : undefined,
      ),
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

/** A page of rentals, newest first, with their items, and how many the list covers. */
export async function listRentals(db: Database, filters: RentalFilters, page: Page) {
  const r = materialRentals;
  const shape = shapeOf(filters);
  const values = { to: filters.toLocationId, status: filters.status, today: filters.today };
  if (!filters.search) {
    // A named statement per shape and page size (decision 028): built and planned at every call,
    // the page cost about as much again as it reads.
    return pageAndTotal(
      (bounds) =>
        preparedList(
          db,
          `material_rentals_page_${Number(shape.to)}${shape.status}`,
          bounds,
          (d, name, limit, offset) => {
            const shown = d
              .select({ id: sql<number>`${r.id}`.as('shown_id') })
              .from(r)
              .where(shapeWhere(shape))
              .orderBy(desc(r.id))
              .limit(limitLiteral(limit))
              .offset(offset)
              .as('shown');
            return rentalsShown(d, shown, totalColumn(shapeCount(d, shape))).prepare(name);
          },
        ).execute({ ...values, offset: bounds.offset }),
      page,
    );
  }
  // A search finds its rentals once (decision 023): the page and its total both read that CTE.
  // The other filters are applied to what was found, a tenth of the rentals for a word of three
  // letters. A named statement per shape and page size, as the list's: planned at every call, a
  // search spent 5 to 8 ms of PostgreSQL's CPU planning its union (decision 034).
  const searched = {
    ...values,
    pattern: containsPattern(filters.search),
    // Its number, or 0, which no rental has.
    number: rentalNumberSearched(filters.search) ?? 0,
  };
  return pageAndTotal(
    (bounds) =>
      preparedList(
        db,
        `material_rentals_search_${Number(shape.to)}${shape.status}`,
        bounds,
        (d, name, limit, offset) => {
          const hits = found(d);
          const where = shapeWhere(shape);
          // Without another filter the rentals found are the matches: no join to the rentals.
          const id = sql<number>`${hits.id}`.as('match_id');
          const matches = d
            .$with('matches')
            .as(
              where === undefined
                ? d.select({ id }).from(hits).where(undefined)
                : d.select({ id }).from(hits).innerJoin(r, eq(r.id, hits.id)).where(where),
            );
          const total = totalColumn(d.select({ n: count() }).from(matches));
          // The newest matches of the page by a top-N sort; joined to every match, the rentals
          // were walked backwards until the page's turned up, far when a status is rare.
          const shown = d
            .select({ id: matches.id })
            .from(matches)
            .orderBy(desc(matches.id))
            .limit(limitLiteral(limit))
            .offset(offset)
            .as('shown');
          return rentalsShown(d, shown, total, [hits, matches]).prepare(name);
        },
      ).execute({ ...searched, offset: bounds.offset }),
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

/** The items of some rentals, in each rental's order. */
export async function findItems(db: DbExecutor, rentalIds: number[]) {
  if (rentalIds.length === 0) return [];
  return db
    .select()
    .from(materialRentalItems)
    .where(inArray(materialRentalItems.rentalId, rentalIds))
    .orderBy(asc(materialRentalItems.rentalId), asc(materialRentalItems.id));
}

/**
 * One rental with its locations' and renter's names and its items. A named prepared statement
 * (lib/prepared.ts, decision 028): planned at every call it cost about as much again as it reads.
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

/** The rental locked for a change (FOR UPDATE: returns, edits and deletion wait for each other). */
export async function lockRental(db: DbExecutor, id: number) {
  const [row] = await db
    .select()
    .from(materialRentals)
    .where(eq(materialRentals.id, id))
    .for('update');
  return row ?? null;
}

export async function insertRental(db: DbExecutor, values: RentalValues) {
  const [row] = await db.insert(materialRentals).values(values).returning();
  return row!;
}

export async function updateRental(db: DbExecutor, id: number, values: Partial<RentalValues>) {
  const [row] = await db
    .update(materialRentals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(materialRentals.id, id))
    .returning();
  return row!;
}

export async function insertItems(db: DbExecutor, rentalId: number, items: RentalItemValues[]) {
  return db
    .insert(materialRentalItems)
    .values(items.map((item) => ({ ...item, rentalId })))
    .returning();
}

export async function deleteItems(db: DbExecutor, rentalId: number) {
  await db.delete(materialRentalItems).where(eq(materialRentalItems.rentalId, rentalId));
}

export async function deleteRental(db: DbExecutor, id: number) {
  await db.delete(materialRentals).where(eq(materialRentals.id, id));
}

/** The units of a return by condition (decision 043). */
export type ReturnedUnits = { good: number; damaged: number; lost: number };

/**
 * Raises an item's good, damaged and lost counters by a return's units only while all that came
 * back stays within what was rented: of many returns racing, exactly those that fit succeed. Null
 * when it would not fit.
 */
export async function addReturned(db: DbExecutor, itemId: number, units: ReturnedUnits) {
  const i = materialRentalItems;
  const all = units.good + units.damaged + units.lost;
  const [row] = await db
    .update(i)
    .set({
      quantityActuallyReturned: sql`${i.quantityActuallyReturned} + ${units.good}`,
      quantityDamaged: sql`${i.quantityDamaged} + ${units.damaged}`,
      quantityLost: sql`${i.quantityLost} + ${units.lost}`,
    })
    .where(
      and(
        eq(i.id, itemId),
        sql`${i.quantityActuallyReturned} + ${i.quantityDamaged} + ${i.quantityLost} + ${all} <= ${i.quantity}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertReturn(
  db: DbExecutor,
  values: Omit<typeof materialRentalReturns.$inferInsert, 'id' | 'recordedAt'>,
) {
  const [row] = await db.insert(materialRentalReturns).values(values).returning();
  return row!;
}

export type ReturnRow = Awaited<ReturnType<typeof findReturns>>[number];

/** A rental's returns, oldest first, with all that came back of each item up to each. */
export async function findReturns(db: Database, rentalId: number) {
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
    .where(eq(materialRentalReturns.rentalId, rentalId))
    .orderBy(asc(materialRentalReturns.id));
}

/**
 * The counts and quantities of the stats, per destination: every location (one when `only` is
 * given), those without rentals with zeros. What does not depend on the day comes from the
 * counters: the units returned good, damaged and lost (decision 043), and written off the damaged
 * and lost ones (with what a rental of the old LOST or DAMAGED status did not bring back, none
 * since migration 0048); the ACTIVE rentals, split at `today` into active and overdue, with what
 * is still out of them, from their index.
 */
export async function statsByLocation(db: Database, today: string, only?: number) {
  const c = materialRentalCounts;
  const counted = db
    .select({
      toLocationId: c.toLocationId,
      total: sql<number>`sum(${c.rentals})`.as('total'),
      returned: sql<number>`sum(${c.rentals}) filter (where ${c.status} = 'RETURNED')`.as(
        'returned',
      ),
      rented: sql<number>`sum(${c.unitsRented})`.as('rented'),
      returnedItems: sql<number>`sum(${c.unitsReturned})`.as('returned_items'),
      damaged: sql<number>`sum(${c.unitsDamaged})`.as('damaged'),
      lost: sql<number>`sum(${c.unitsLost})`.as('lost'),
      writtenOff:
        sql<number>`sum(${c.unitsDamaged} + ${c.unitsLost}) + coalesce(sum(${c.unitsRented} - ${c.unitsReturned} - ${c.unitsDamaged} - ${c.unitsLost}) filter (where ${inArray(c.status, [...WRITE_OFF_STATUSES])}), 0)`.as(
          'written_off',
        ),
    })
    .from(c)
    .where(only === undefined ? undefined : eq(c.toLocationId, only))
    .groupBy(c.toLocationId)
    .as('counted');
  const r = materialRentals;
  const out = db
    .select({
      toLocationId: r.toLocationId,
      active: sql<number>`count(*) filter (where ${r.expectedReturnDate} >= ${today})`.as('active'),
      overdue: sql<number>`count(*) filter (where ${r.expectedReturnDate} < ${today})`.as(
        'overdue',
      ),
      outstanding:
        sql<number>`sum(${r.quantityTotal} - ${r.returnedTotal} - ${r.damagedTotal} - ${r.lostTotal})`.as(
          'outstanding',
        ),
    })
    .from(r)
    .where(and(eq(r.status, 'ACTIVE'), only === undefined ? undefined : eq(r.toLocationId, only)))
    .groupBy(r.toLocationId)
    .as('out');
  return db
    .select({
      id: locations.id,
      name: locations.name,
      total: sql`coalesce(${counted.total}, 0)`.mapWith(Number),
      active: sql`coalesce(${out.active}, 0)`.mapWith(Number),
      overdue: sql`coalesce(${out.overdue}, 0)`.mapWith(Number),
      returned: sql`coalesce(${counted.returned}, 0)`.mapWith(Number),
      rented: sql`coalesce(${counted.rented}, 0)`.mapWith(Number),
      returnedItems: sql`coalesce(${counted.returnedItems}, 0)`.mapWith(Number),
      damaged: sql`coalesce(${counted.damaged}, 0)`.mapWith(Number),
      lost: sql`coalesce(${counted.lost}, 0)`.mapWith(Number),
      writtenOff: sql`coalesce(${counted.writtenOff}, 0)`.mapWith(Number),
      outstanding: sql`coalesce(${out.outstanding}, 0)`.mapWith(Number),
    })
    .from(locations)
    .leftJoin(counted, eq(counted.toLocationId, locations.id))
    .leftJoin(out, eq(out.toLocationId, locations.id))
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
