import { LOW_STOCK_THRESHOLD } from '@stockyard/shared';
import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  locations,
  MATERIAL_COUNT_BUCKET,
  materialCountsByLocation,
  materials,
} from '../../db/schema';
import { prepared, preparedRows } from '../../lib/prepared';

/**
 * The inventory's hot reads, as prepared statements on the pool (not for use in a transaction).
 * Totals come from the counters that triggers keep, so no list counts its rows.
 */

const live = isNull(materials.deletedAt);
const withLocation = { material: materials, locationName: locations.name };
const p = sql.placeholder;

export type Page = { limit: number; offset: number };

function pageAtLocation(db: Database) {
  return prepared(db, 'materials_page_at_location', (d, name) => {
    const ids = d
      .select({ id: materials.id })
      .from(materials)
      .where(and(eq(materials.locationId, p('locationId')), live))
      .orderBy(desc(materials.id))
      .limit(p('limit'))
      .offset(p('offset'));
    return d
      .select(withLocation)
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(inArray(materials.id, ids))
      .orderBy(desc(materials.id))
      .prepare(name);
  });
}

function pageBelowId(db: Database) {
  return prepared(db, 'materials_page_below_id', (d, name) => {
    const ids = d
      .select({ id: materials.id })
      .from(materials)
      .where(and(lt(materials.id, p('belowId')), live))
      .orderBy(desc(materials.id))
      .limit(p('limit'))
      .offset(p('offset'));
    return d
      .select(withLocation)
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(inArray(materials.id, ids))
      .orderBy(desc(materials.id))
      .prepare(name);
  });
}

function countAtLocation(db: Database) {
  return prepared(db, 'materials_count_at_location', (d, name) =>
    d
      .select({ live: materialCountsByLocation.live })
      .from(materialCountsByLocation)
      .where(eq(materialCountsByLocation.locationId, p('locationId')))
      .prepare(name),
  );
}

/**
 * The total of live materials and where the page starting at `offset` begins: the newest block of
 * ids whose running total passes the offset, and how many live materials come before that block.
 */
async function pageStart(db: Database, offset: number) {
  const [row] = await preparedRows<{
    total: number;
    bucket: number | null;
    skipped: number | null;
  }>(
    db,
    'materials_page_start',
    `with b as (
       select bucket, live, sum(live) over (order by bucket desc) as through
       from material_counts_by_bucket where live <> 0
     ), start as (
       select bucket, through - live as skipped from b where through > $1 order by bucket desc limit 1
     )
     select coalesce((select sum(live) from material_counts_by_bucket), 0)::int as total,
            (select bucket from start) as bucket,
            (select skipped from start)::int as skipped`,
    [offset],
  );
  return row!;
}

/** One page of live materials, newest first, and the total, without walking the rows before the page. */
export async function listMaterials(db: Database, locationId: number | undefined, page: Page) {
  if (locationId !== undefined) {
    const [rows, [counted]] = await Promise.all([
      pageAtLocation(db).execute({ locationId, ...page }),
      countAtLocation(db).execute({ locationId }),
    ]);
    return { rows, total: counted?.live ?? 0 };
  }
  const start = await pageStart(db, page.offset);
  if (start.bucket === null || start.skipped === null) return { rows: [], total: start.total };
  const rows = await pageBelowId(db).execute({
    belowId: (start.bucket + 1) * MATERIAL_COUNT_BUCKET,
    limit: page.limit,
    offset: page.offset - start.skipped,
  });
  return { rows, total: start.total };
}

function lowStockQuery(db: Database, atLocation: boolean) {
  const name = atLocation ? 'materials_low_stock_at_location' : 'materials_low_stock';
  return prepared(db, name, (d) =>
    d
      .select(withLocation)
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(
        and(
          live,
          lte(materials.quantity, LOW_STOCK_THRESHOLD),
          atLocation ? eq(materials.locationId, p('locationId')) : undefined,
        ),
      )
      .orderBy(asc(materials.quantity), asc(materials.id))
      .limit(p('limit'))
      .prepare(name),
  );
}

/** Live materials at or under the low-stock threshold, the emptiest first (a short list, not paged). */
export async function listLowStock(db: Database, locationId: number | undefined, limit: number) {
  return lowStockQuery(db, locationId !== undefined).execute({ locationId, limit });
}

export async function readMaterial(db: Database, id: number) {
  const statement = prepared(db, 'material_detail', (d, name) =>
    d
      .select(withLocation)
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(and(eq(materials.id, p('id')), live))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}
