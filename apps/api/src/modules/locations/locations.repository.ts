import { LOW_STOCK_THRESHOLD, type LocationStatus, type LocationType } from '@stockyard/shared';
import { and, count, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { locations, materials, stockMovements, users } from '../../db/schema';
import { limitLiteral, prepared } from '../../lib/prepared';

export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Pick<LocationRow, 'name' | 'address' | 'type' | 'status'>;
export type LocationFilter = { type?: LocationType; status?: LocationStatus };

const p = sql.placeholder;

/**
 * Prepared statements per combination of the filters given (a filter is in the statement only
 * when given, so that its plan fits it) and per page size (written in, so that PostgreSQL keeps
 * one generic plan): the page read in index order, the total counted beside it. The first page,
 * which the screen opens on, has a statement of its own without an OFFSET.
 */
function locationListStatements(
  db: Database,
  filter: { type: boolean; status: boolean },
  page: { limit: number; offset: number },
) {
  const filters = `${Number(filter.type)}${Number(filter.status)}`;
  const key = `${filters}_${page.limit}_${page.offset === 0 ? 'first' : 'later'}`;
  return prepared(db, `locations_list_${key}`, (d) => {
    const where = and(
      filter.type ? eq(locations.type, sql`${p('type')}`) : undefined,
      filter.status ? eq(locations.status, sql`${p('status')}`) : undefined,
    );
    const total = d.select({ n: count() }).from(locations).where(where);
    const rows = d
      .select({ location: locations, total: sql<number>`(${total})::int` })
      .from(locations)
      .where(where)
      .orderBy(desc(locations.id))
      .limit(limitLiteral(page.limit));
    return {
      rows: (page.offset === 0 ? rows : rows.offset(p('offset'))).prepare(
        `locations_list_page_${key}`,
      ),
      total: total.prepare(`locations_list_count_${filters}`),
    };
  });
}

export async function listLocations(
  db: Database,
  filter: LocationFilter,
  page: { limit: number; offset: number },
) {
  const statements = locationListStatements(
    db,
    { type: filter.type !== undefined, status: filter.status !== undefined },
    page,
  );
  const values = { type: filter.type, status: filter.status };
  const found = await statements.rows.execute({ ...values, offset: page.offset });
  const rows = found.map((r) => r.location);
  if (found.length > 0) return { rows, total: found[0]!.total };
  // Past the last page no row carries the total.
  const [counted] = page.offset > 0 ? await statements.total.execute(values) : [];
  return { rows, total: counted?.n ?? 0 };
}

export async function findLocation(db: DbExecutor, id: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row ?? null;
}

/** Every location's id, name and status, by name: a company has hundreds, not thousands. */
export async function listLocationOptions(db: DbExecutor) {
  return db
    .select({ id: locations.id, name: locations.name, status: locations.status })
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
