import { LOW_STOCK_THRESHOLD, type LocationStatus, type LocationType } from '@stockyard/shared';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import {
  customerRates,
  invoices,
  locations,
  materialRentals,
  materials,
  materialTypes,
  rentalRequests,
  users,
} from '../../db/schema';
import { batchesOf, listParam } from '../../lib/batches';
import { listPage, type Page, type Shaped } from '../../lib/list-page';

export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Pick<LocationRow, 'name' | 'address' | 'type' | 'status'> &
  Partial<
    Pick<
      LocationRow,
      | 'customerName'
      | 'customerAddress'
      | 'customerEmail'
      | 'customerVatId'
      | 'customerZeroRated'
      | 'customerZeroRating'
      | 'customerPostcode'
      | 'customerCity'
      | 'customerCountryCode'
      | 'customerBuyerReference'
    >
  >;
export type LocationFilter = { type?: LocationType; status?: LocationStatus };

function whereOf(f: Shaped<LocationFilter>) {
  return and(f.type && eq(locations.type, f.type), f.status && eq(locations.status, f.status));
}

/** A page of locations, newest first. */
export async function listLocations(db: Database, filter: LocationFilter, page: Page) {
  const { rows, total } = await listPage(
    db,
    {
      name: 'locations',
      filters: { type: filter.type, status: filter.status },
      select: (total, f) =>
        db
          .select({ location: locations, total })
          .from(locations)
          .where(whereOf(f))
          .orderBy(desc(locations.id)),
      count: (f) => db.select({ n: count() }).from(locations).where(whereOf(f)),
    },
    page,
  );
  return { rows: rows.map((r) => r.location), total };
}

/** Every location the list's filters select, newest first (the export: a company has hundreds). */
export async function allLocations(db: Database, filter: LocationFilter) {
  return db
    .select()
    .from(locations)
    .where(
      and(
        filter.type && eq(locations.type, filter.type),
        filter.status && eq(locations.status, filter.status),
      ),
    )
    .orderBy(desc(locations.id));
}

export async function findLocation(db: DbExecutor, id: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row ?? null;
}

/** Every location's id, name and status, by name: a company has hundreds, not thousands. */
export async function listLocationOptions(db: DbExecutor) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      status: locations.status,
      hasCustomer: sql<boolean>`${locations.customerName} is not null`,
    })
    .from(locations)
    .orderBy(locations.name, locations.id);
}

export async function insertLocation(db: DbExecutor, values: LocationValues) {
  const [row] = await db.insert(locations).values(values).returning();
  return row!;
}

export async function updateLocation(db: DbExecutor, id: number, values: LocationValues) {
  const [row] = await db
    .update(locations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(locations.id, id))
    .returning();
  return row ?? null;
}

const LOCK_STRENGTH = { refer: 'key share', update: 'no key update', delete: 'update' } as const;

/**
 * Locks the location until the transaction ends. `delete` also holds off new rows that refer
 * to it; `update` lets them be written meanwhile; `refer` (a row about to refer to it) keeps it
 * from being deleted meanwhile, and waits for a deletion under way.
 */
export async function lockLocation(
  db: DbExecutor,
  id: number,
  purpose: keyof typeof LOCK_STRENGTH,
) {
  const [row] = await db
    .select()
    .from(locations)
    .where(eq(locations.id, id))
    .for(LOCK_STRENGTH[purpose]);
  return row ?? null;
}

/** Several locations locked in one statement, in id order (the order every writer takes them). */
export async function lockLocations(
  db: DbExecutor,
  ids: readonly number[],
  purpose: keyof typeof LOCK_STRENGTH,
) {
  return db
    .select()
    .from(locations)
    .where(inArray(locations.id, [...ids]))
    .orderBy(asc(locations.id))
    .for(LOCK_STRENGTH[purpose]);
}

/** Users of any state, removed ones too: they keep their location for the history they wrote. */
export async function countUsersAt(db: DbExecutor, locationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.locationId, locationId));
  return row?.n ?? 0;
}

/** Invoices billed from the location: they keep it. */
export async function countInvoicesAt(db: DbExecutor, locationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(eq(invoices.locationId, locationId));
  return row?.n ?? 0;
}

/** Rental requests for the location: they are decided, never deleted, and keep it. */
export async function countRequestsAt(db: DbExecutor, locationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rentalRequests)
    .where(eq(rentalRequests.locationId, locationId));
  return row?.n ?? 0;
}

/** Rentals from or to the location: they keep it. */
export async function countRentalsAt(db: DbExecutor, locationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(materialRentals)
    .where(
      or(
        eq(materialRentals.fromLocationId, locationId),
        eq(materialRentals.toLocationId, locationId),
      ),
    );
  return row?.n ?? 0;
}

export async function deleteLocation(db: DbExecutor, id: number): Promise<void> {
  await db.delete(locations).where(eq(locations.id, id));
}

export async function locationStats(db: DbExecutor, locationId: number) {
  const [row] = await db
    .select({
      materialCount: count(),
      unitsInStock: sql<number>`coalesce(sum(${materials.quantity}), 0)::float8`,
      lowStockCount: sql<number>`(count(*) filter (where ${materials.quantity} > 0 and ${materials.quantity} <= ${LOW_STOCK_THRESHOLD}))::int`,
      outOfStockCount: sql<number>`(count(*) filter (where ${materials.quantity} <= 0))::int`,
    })
    .from(materials)
    .where(and(eq(materials.locationId, locationId), isNull(materials.deletedAt)));
  return row!;
}

// ---------------------------------------------------------------------------------------------
// A site's customer's own hire rates
// ---------------------------------------------------------------------------------------------

export type CustomerRateValues = Pick<
  typeof customerRates.$inferInsert,
  'dayCents' | 'weekCents' | 'minimumDays'
>;

const rateColumns = {
  materialTypeId: materialTypes.id,
  materialTypeName: materialTypes.name,
  itemNumber: materialTypes.itemNumber,
  unit: materialTypes.unit,
  dayCents: customerRates.dayCents,
  weekCents: customerRates.weekCents,
  minimumDays: customerRates.minimumDays,
  catalogueDayCents: materialTypes.hireDayCents,
  catalogueWeekCents: materialTypes.hireWeekCents,
  catalogueMinimumDays: materialTypes.minimumHireDays,
};

/** A site's own rates, by material name, each with the catalogue's rate of its type. */
export async function listCustomerRates(db: DbExecutor, locationId: number) {
  return db
    .select(rateColumns)
    .from(customerRates)
    .innerJoin(materialTypes, eq(materialTypes.id, customerRates.materialTypeId))
    .where(eq(customerRates.locationId, locationId))
    .orderBy(sql`lower(${materialTypes.name})`, asc(materialTypes.id));
}

export async function findCustomerRate(db: DbExecutor, locationId: number, typeId: number) {
  const [row] = await db
    .select(rateColumns)
    .from(customerRates)
    .innerJoin(materialTypes, eq(materialTypes.id, customerRates.materialTypeId))
    .where(and(eq(customerRates.locationId, locationId), eq(customerRates.materialTypeId, typeId)));
  return row ?? null;
}

export async function saveCustomerRate(
  db: DbExecutor,
  locationId: number,
  materialTypeId: number,
  values: CustomerRateValues,
) {
  await db
    .insert(customerRates)
    .values({ locationId, materialTypeId, ...values })
    .onConflictDoUpdate({
      target: [customerRates.locationId, customerRates.materialTypeId],
      set: values,
    });
}

/** Removes a site's own rate; false when it had none. */
export async function deleteCustomerRate(db: DbExecutor, locationId: number, typeId: number) {
  const rows = await db
    .delete(customerRates)
    .where(and(eq(customerRates.locationId, locationId), eq(customerRates.materialTypeId, typeId)))
    .returning({ id: customerRates.materialTypeId });
  return rows.length > 0;
}

/**
 * The rates that price the hire of `typeIds` at a site, in one query: each type's catalogue rate
 * beside the site's own (null where it has none). Types that do not exist are left out.
 */
export async function hireRates(db: DbExecutor, locationId: number, typeIds: readonly number[]) {
  if (typeIds.length === 0) return [];
  return db
    .select({
      materialTypeId: materialTypes.id,
      dayCents: customerRates.dayCents,
      weekCents: customerRates.weekCents,
      minimumDays: customerRates.minimumDays,
      catalogueDayCents: materialTypes.hireDayCents,
      catalogueWeekCents: materialTypes.hireWeekCents,
      catalogueMinimumDays: materialTypes.minimumHireDays,
    })
    .from(materialTypes)
    .leftJoin(
      customerRates,
      and(
        eq(customerRates.materialTypeId, materialTypes.id),
        eq(customerRates.locationId, locationId),
      ),
    )
    .where(inArray(materialTypes.id, [...typeIds]));
}

/** What an import adds or changes, written in batches. */
export type ImportedLocationValues = Pick<LocationRow, 'name' | 'address' | 'type' | 'status'>;

export async function insertLocationsMany(
  db: DbExecutor,
  values: readonly ImportedLocationValues[],
) {
  for (const batch of batchesOf(values)) await db.insert(locations).values(batch);
}

export async function updateLocationsMany(
  db: DbExecutor,
  values: ReadonlyArray<ImportedLocationValues & { id: number }>,
) {
  for (const batch of batchesOf(values)) {
    const column = <K extends keyof (typeof batch)[number]>(key: K) =>
      listParam(batch.map((v) => v[key]));
    const given = sql`unnest(${column('id')}::integer[], ${column('name')}::text[], ${column('address')}::text[], ${column('type')}::text[], ${column('status')}::text[]) as given(id, name, address, type, status)`;
    await db
      .update(locations)
      .set({
        name: sql`given.name`,
        address: sql`given.address`,
        type: sql`given.type`,
        status: sql`given.status`,
        updatedAt: sql`now()`,
      })
      .from(given)
      .where(sql`${locations.id} = given.id`);
  }
}
