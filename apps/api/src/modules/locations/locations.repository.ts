import { LOW_STOCK_THRESHOLD, type LocationStatus, type LocationType } from '@stockyard/shared';
import { and, count, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { locations, materials, stockMovements, users } from '../../db/schema';
import { prepared } from '../../lib/prepared';

export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Pick<LocationRow, 'name' | 'address' | 'type' | 'status'>;
export type LocationFilter = { type?: LocationType; status?: LocationStatus };

const p = sql.placeholder;

/** One prepared statement for every filter combination (null matches all): page and total in one scan. */
function locationListStatements(db: Database) {
  return prepared(db, 'locations_list', (d) => {
    const where = and(
      sql`(${p('type')}::text is null or ${locations.type} = ${p('type')})`,
      sql`(${p('status')}::text is null or ${locations.status} = ${p('status')})`,
    );
    return {
      rows: d
        .select({ location: locations, total: sql<number>`(count(*) over ())::int` })
        .from(locations)
        .where(where)
        .orderBy(desc(locations.id))
        .limit(p('limit'))
        .offset(p('offset'))
        .prepare('locations_list_page'),
      total: d.select({ n: count() }).from(locations).where(where).prepare('locations_list_count'),
    };
  });
}

export async function listLocations(
  db: Database,
  filter: LocationFilter,
  page: { limit: number; offset: number },
) {
  const statements = locationListStatements(db);
  const values = { type: filter.type ?? null, status: filter.status ?? null };
  const found = await statements.rows.execute({ ...values, ...page });
  const rows = found.map((r) => r.location);
  if (found.length > 0) return { rows, total: found[0]!.total };
  // Past the last page the window has no row to carry the total.
  const [counted] = page.offset > 0 ? await statements.total.execute(values) : [];
  return { rows, total: counted?.n ?? 0 };
}

export async function findLocation(db: DbExecutor, id: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row ?? null;
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

/**
 * Locks the location until the transaction ends. `delete` also holds off new rows that refer
 * to it; `update` lets them be written meanwhile.
 */
export async function lockLocation(db: DbExecutor, id: number, purpose: 'update' | 'delete') {
  const [row] = await db
    .select()
    .from(locations)
    .where(eq(locations.id, id))
    .for(purpose === 'delete' ? 'update' : 'no key update');
  return row ?? null;
}

/** Users of any state, removed ones too: they keep their location for the history they wrote. */
export async function countUsersAt(db: DbExecutor, locationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.locationId, locationId));
  return row?.n ?? 0;
}

const hasMovements = exists(
  sql`(select 1 from ${stockMovements} where ${stockMovements.materialId} = ${materials.id})`,
);

export async function countMaterialsWithHistoryAt(
  db: DbExecutor,
  locationId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(materials)
    .where(and(eq(materials.locationId, locationId), hasMovements));
  return row?.n ?? 0;
}

export async function deleteMaterialsWithoutHistoryAt(
  db: DbExecutor,
  locationId: number,
): Promise<number> {
  const rows = await db
    .delete(materials)
    .where(and(eq(materials.locationId, locationId), sql`not ${hasMovements}`))
    .returning({ id: materials.id });
  return rows.length;
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
