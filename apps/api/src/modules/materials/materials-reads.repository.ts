import { LOW_STOCK_THRESHOLD, MAX_MATERIAL_OPTIONS } from '@stockyard/shared';
import { and, asc, count, desc, eq, isNull, lt, type Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  materialCountsByBucket as blocks,
  locations,
  MATERIAL_COUNT_BUCKET,
  materials,
  materialTypes,
} from '../../db/schema';
import { listPage, type Page } from '../../lib/list-page';
import { prepared } from '../../lib/prepared';
import { byType, CATALOGUED } from './materials.repository';

/**
 * The inventory's reads, all named statements: the lists through `listPage` (the
 * whole inventory's page starts from the block counts), the detail, the picker and low stock.
 */
const p = sql.placeholder;

/** What a list shows of a material: the DTO's fields, its location's name and its catalogue entry's. */
const LISTED = {
  material: {
    id: materials.id,
    materialTypeId: materials.materialTypeId,
    name: materials.name,
    locationId: materials.locationId,
    notes: materials.notes,
    quantity: materials.quantity,
    repairQuantity: materials.repairQuantity,
    unit: materials.unit,
    createdAt: materials.createdAt,
    updatedAt: materials.updatedAt,
  },
  locationName: locations.name,
  catalogue: CATALOGUED,
};

const live = isNull(materials.deletedAt);
/** A location's live materials; the location a value, or the list's placeholder for it. */
const liveAt = (locationId: number | Placeholder) =>
  and(live, eq(materials.locationId, locationId));

/**
 * The whole inventory is too long to count or to skip through at every read (100,000 rows:
 * decisions 009 and 024), so its total and a page's start come from the live materials per block
 * of ids that triggers keep (migrations 0004, 0013). The page starts at the id with `offset` live
 * materials after it: in the first block, newest first, whose running count passes the offset,
 * after the live ids of that block that the count before it leaves over. Past the last page it is
 * null. `offset` is the statement's placeholder, or 0 written in on the first page.
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

/**
 * A page of the whole inventory and its total, through `listPage` with a select that pages itself:
 * the page's offset only finds the page's start (`inventoryPageStart`), and the rows from there
 * are the page's first `limit`. Past the last page the total is counted alone.
 */
function inventoryPage(db: Database, page: Page) {
  return listPage(
    db,
    {
      name: 'materials_inventory',
      filters: {},
      paged: (total, _f, bounds) =>
        db
          .select({ ...LISTED, total })
          .from(materials)
          .innerJoin(locations, eq(locations.id, materials.locationId))
          .innerJoin(materialTypes, byType)
          .where(and(live, sql`${materials.id} <= ${inventoryPageStart(bounds.offset)}`))
          .orderBy(desc(materials.id))
          .limit(bounds.limit),
      count: () => inventoryCount(db),
    },
    page,
  );
}

/** One page of live materials, newest first, optionally at one location, and their total. */
export async function listMaterials(db: Database, locationId: number | undefined, page: Page) {
  if (locationId === undefined) return inventoryPage(db, page);
  // A location holds hundreds of materials, not thousands: counted in SQL, and skipped through
  // by the page's ids alone (the index on location and id), only the page's rows then joined.
  return listPage(
    db,
    {
      name: 'materials_at_location',
      filters: { locationId },
      paged: (total, f, page) => {
        const shown = db
          .select({ id: sql<number>`${materials.id}`.as('shown_id') })
          .from(materials)
          .where(liveAt(f.locationId))
          .orderBy(desc(materials.id))
          .limit(page.limit)
          .offset(page.offset)
          .as('shown');
        return db
          .select({ ...LISTED, total })
          .from(shown)
          .innerJoin(materials, eq(materials.id, shown.id))
          .innerJoin(locations, eq(locations.id, materials.locationId))
          .innerJoin(materialTypes, byType)
          .orderBy(desc(shown.id));
      },
      count: (f) => db.select({ n: count() }).from(materials).where(liveAt(f.locationId)),
    },
    page,
  );
}

/**
 * The export's chunk: `limit` live materials of the list, newest first, after the material
 * `afterId` (none: from the newest), optionally at one location, with what a row of the list
 * shows. Read along the ids (everywhere) or the index on location and id, never skipped through.
 */
export async function materialsAfter(
  db: Database,
  locationId: number | undefined,
  afterId: number | null,
  limit: number,
) {
  return db
    .select(LISTED)
    .from(materials)
    .innerJoin(locations, eq(locations.id, materials.locationId))
    .innerJoin(materialTypes, byType)
    .where(
      and(
        locationId === undefined ? live : liveAt(locationId),
        afterId === null ? undefined : lt(materials.id, afterId),
      ),
    )
    .orderBy(desc(materials.id))
    .limit(limit);
}

/**
 * Live materials at or under the low-stock threshold, the emptiest first (a short list, not
 * paged), read in order from their partial indexes: everywhere's by quantity, a location's by
 * location and quantity (migration 0029). A named statement each: the dashboard and the
 * inventory ask it at every visit.
 */
export async function listLowStock(db: Database, locationId: number | undefined, limit: number) {
  const everywhere = locationId === undefined;
  const statement = prepared(db, everywhere ? 'low_stock' : 'low_stock_at', (d, name) =>
    d
      .select(LISTED)
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .innerJoin(materialTypes, byType)
      .where(
        and(
          everywhere ? live : liveAt(p('locationId')),
          // Written in, not a parameter, so that every plan can use the partial indexes.
          sql`${materials.quantity} <= ${sql.raw(String(LOW_STOCK_THRESHOLD))}`,
        ),
      )
      .orderBy(asc(materials.quantity), asc(materials.id))
      .limit(p('limit'))
      .prepare(name),
  );
  return statement.execute(everywhere ? { limit } : { locationId, limit });
}

export async function readMaterial(db: Database, id: number) {
  const statement = prepared(db, 'material_detail', (d, name) =>
    d
      .select({ material: materials, locationName: locations.name, catalogue: CATALOGUED })
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .innerJoin(materialTypes, byType)
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
        weightKg: materialTypes.weightKg,
      })
      .from(materials)
      .innerJoin(materialTypes, byType)
      .where(and(live, eq(materials.locationId, p('locationId'))))
      .orderBy(asc(materials.name), asc(materials.id))
      .limit(sql.raw(String(MAX_MATERIAL_OPTIONS)) as unknown as number)
      .prepare(name),
  );
  return statement.execute({ locationId });
}

/** A material as the lists and the export read it. */
export type ListedMaterial = Awaited<ReturnType<typeof materialsAfter>>[number];
