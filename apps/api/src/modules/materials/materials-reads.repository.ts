import { LOW_STOCK_THRESHOLD, MAX_MATERIAL_OPTIONS } from '@stockyard/shared';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  materialCountsByBucket as blocks,
  locations,
  MATERIAL_COUNT_BUCKET,
  materials,
} from '../../db/schema';
import { listPage, type Page, totalColumn } from '../../lib/list-page';
import { prepared } from '../../lib/prepared';

/**
 * The inventory's reads (decision 024): the query builder, each read planned when it is asked,
 * except the whole inventory's page start and total, which come from block counts (decision 009).
 */
const p = sql.placeholder;

/** What a list shows of a material: the DTO's fields and its location's name. */
const LISTED = {
  material: {
    id: materials.id,
    name: materials.name,
    locationId: materials.locationId,
    notes: materials.notes,
    quantity: materials.quantity,
    unit: materials.unit,
    createdAt: materials.createdAt,
    updatedAt: materials.updatedAt,
  },
  locationName: locations.name,
};

const live = isNull(materials.deletedAt);
const liveAt = (locationId: number) => and(live, eq(materials.locationId, locationId));

/**
 * The whole inventory is too long to count or to skip through at every read (100,000 rows:
 * decisions 009 and 024), so its total and a page's start come from the live materials per block
 * of ids that triggers keep (migrations 0004, 0013). The page starts at the id with `offset` live
 * materials after it: in the first block, newest first, whose running count passes the offset,
 * after the live ids of that block that the count before it leaves over. Past the last page it is
 * null.
 */
const blockSize = sql.raw(String(MATERIAL_COUNT_BUCKET));
const inventoryCount = (db: Database) =>
  db.select({ n: sql<number>`coalesce(sum(${blocks.live}), 0)`.mapWith(Number) }).from(blocks);
const inventoryPageStart = (offset: number) => sql`(
  with block as (
    select bucket, through - live as skipped from (
      select ${blocks.bucket} as bucket, ${blocks.live} as live,
             sum(${blocks.live}) over (order by ${blocks.bucket} desc) as through
      from ${blocks}
    ) as b
    where through > ${offset} order by bucket desc limit 1
  )
  select ${materials.id} from ${materials}
  where ${live} and ${materials.id} < (select bucket + 1 from block) * ${blockSize}
  order by ${materials.id} desc
  limit 1 offset ${offset} - (select skipped from block)
)`;

async function inventoryPage(db: Database, page: Page) {
  const found = await db
    .select({ ...LISTED, total: totalColumn(inventoryCount(db)) })
    .from(materials)
    .innerJoin(locations, eq(locations.id, materials.locationId))
    .where(and(live, sql`${materials.id} <= ${inventoryPageStart(page.offset)}`))
    .orderBy(desc(materials.id))
    .limit(page.limit);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found.length > 0) return { rows, total: found[0]!.total };
  const [counted] = await inventoryCount(db);
  return { rows, total: counted?.n ?? 0 };
}

/** One page of live materials, newest first, optionally at one location, and their total. */
export async function listMaterials(db: Database, locationId: number | undefined, page: Page) {
  if (locationId === undefined) return inventoryPage(db, page);
  // A location holds hundreds of materials, not thousands: counted and skipped through plainly.
  return listPage(
    (total) =>
      db
        .select({ ...LISTED, total })
        .from(materials)
        .innerJoin(locations, eq(locations.id, materials.locationId))
        .where(liveAt(locationId))
        .orderBy(desc(materials.id)),
    page,
    db.select({ n: count() }).from(materials).where(liveAt(locationId)),
  );
}

/**
 * Live materials at or under the low-stock threshold, the emptiest first (a short list, not
 * paged), read in order from their partial indexes: everywhere's by quantity, a location's by
 * location and quantity (migration 0029).
 */
export async function listLowStock(db: Database, locationId: number | undefined, limit: number) {
  return db
    .select(LISTED)
    .from(materials)
    .innerJoin(locations, eq(locations.id, materials.locationId))
    .where(
      and(
        locationId === undefined ? live : liveAt(locationId),
        // Written in, not a parameter, so that every plan can use the partial indexes.
        sql`${materials.quantity} <= ${sql.raw(String(LOW_STOCK_THRESHOLD))}`,
      ),
    )
    .orderBy(asc(materials.quantity), asc(materials.id))
    .limit(limit);
}

export async function readMaterial(db: Database, id: number) {
  const statement = prepared(db, 'material_detail', (d, name) =>
    d
      .select({ material: materials, locationName: locations.name })
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(and(eq(materials.id, p('id')), live))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/** Every live material of a location by name, for a form's picker (capped at MAX_MATERIAL_OPTIONS). */
export async function listMaterialOptions(db: Database, locationId: number) {
  const statement = prepared(db, 'material_options', (d, name) =>
    d
      .select({
        id: materials.id,
        name: materials.name,
        unit: materials.unit,
        quantity: materials.quantity,
      })
      .from(materials)
      .where(and(live, eq(materials.locationId, p('locationId'))))
      .orderBy(asc(materials.name), asc(materials.id))
      .limit(sql.raw(String(MAX_MATERIAL_OPTIONS)) as unknown as number)
      .prepare(name),
  );
  return statement.execute({ locationId });
}
