import { LOW_STOCK_THRESHOLD, MAX_MATERIAL_OPTIONS } from '@stockyard/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  materialCountsByBucket as blocks,
  locations,
  MATERIAL_COUNT_BUCKET,
  materials,
} from '../../db/schema';
import { type Page, pageAndTotal, totalColumn } from '../../lib/list-page';
import { limitLiteral, prepared, preparedList } from '../../lib/prepared';

/** The inventory's reads: the query builder, prepared by name once per shape (decision 009). */
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
const atLocation = and(live, eq(materials.locationId, p('locationId')));

/**
 * The whole inventory is too long to count or to skip through at every read (100,000 rows:
 * decision 009), so its total and a page's start come from the live materials per block of ids
 * that triggers keep (migrations 0004, 0012). The page starts at the id with `offset` live materials
 * after it: in the first block, newest first, whose running count passes the offset, after the
 * live ids of that block that the count before it leaves over. Past the last page it is null.
 */
const blockSize = sql.raw(String(MATERIAL_COUNT_BUCKET));
const inventoryTotal = sql`(select coalesce(sum(${blocks.live}), 0) from ${blocks})`;
const inventoryPageStart = sql`(
  with block as (
    select bucket, through - live as skipped from (
      select ${blocks.bucket} as bucket, ${blocks.live} as live,
             sum(${blocks.live}) over (order by ${blocks.bucket} desc) as through
      from ${blocks}
    ) as b
    where through > ${p('offset')} order by bucket desc limit 1
  )
  select ${materials.id} from ${materials}
  where ${live} and ${materials.id} < (select bucket + 1 from block) * ${blockSize}
  order by ${materials.id} desc
  limit 1 offset ${p('offset')} - (select skipped from block)
)`;

const inventoryPage = (db: Database, limit: number) =>
  preparedList(db, 'materials_list', { limit }, (d, name) =>
    d
      .select({ ...LISTED, total: totalColumn(inventoryTotal) })
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(and(live, sql`${materials.id} <= ${inventoryPageStart}`))
      .orderBy(desc(materials.id))
      .limit(limitLiteral(limit))
      .prepare(name),
  );

/**
 * A location holds hundreds of materials, not thousands: its total is counted and its page's ids
 * are skipped to in the index of its live materials alone, and only the page's rows are read.
 */
const locationPage = (db: Database, page: Page) =>
  preparedList(db, 'materials_list_at_location', page, (d, name, limit, offset) => {
    const pageIds = d
      .select({ id: materials.id })
      .from(materials)
      .where(atLocation)
      .orderBy(desc(materials.id))
      .limit(limitLiteral(limit))
      .offset(offset);
    return d
      .select({
        ...LISTED,
        total: totalColumn(d.select({ n: count() }).from(materials).where(atLocation)),
      })
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(inArray(materials.id, pageIds))
      .orderBy(desc(materials.id))
      .prepare(name);
  });

/** One page of live materials, newest first, optionally at one location, and their total. */
export async function listMaterials(db: Database, locationId: number | undefined, page: Page) {
  const read = ({ limit, offset }: Page) =>
    locationId === undefined
      ? inventoryPage(db, limit).execute({ offset })
      : locationPage(db, { limit, offset }).execute({ offset, locationId });
  return pageAndTotal(read, page);
}

/** Live materials at or under the threshold, read in order from their partial index. */
const lowStock = (db: Database, at: 'everywhere' | 'atLocation', limit: number) =>
  preparedList(db, `materials_low_stock_${at}`, { limit }, (d, name) =>
    d
      .select(LISTED)
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(
        and(
          at === 'atLocation' ? atLocation : live,
          // Written in, not a parameter, so that every plan can use the partial index.
          sql`${materials.quantity} <= ${sql.raw(String(LOW_STOCK_THRESHOLD))}`,
        ),
      )
      .orderBy(asc(materials.quantity), asc(materials.id))
      .limit(limitLiteral(limit))
      .prepare(name),
  );

/** Live materials at or under the low-stock threshold, the emptiest first (a short list, not paged). */
export async function listLowStock(db: Database, locationId: number | undefined, limit: number) {
  return locationId === undefined
    ? lowStock(db, 'everywhere', limit).execute()
    : lowStock(db, 'atLocation', limit).execute({ locationId });
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
      .where(atLocation)
      .orderBy(asc(materials.name), asc(materials.id))
      .limit(sql.raw(String(MAX_MATERIAL_OPTIONS)) as unknown as number)
      .prepare(name),
  );
  return statement.execute({ locationId });
}
