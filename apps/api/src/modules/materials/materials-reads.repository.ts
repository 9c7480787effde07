import { LOW_STOCK_THRESHOLD } from '@stockyard/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { locations, MATERIAL_COUNT_BUCKET, materials } from '../../db/schema';
import { isoFromUtcText } from '../../lib/instants';
import { limitSql, prepared, preparedRows } from '../../lib/prepared';
import type { MaterialRow } from './materials.repository';

/**
 * The inventory's hot reads, each one statement and one round trip, prepared on the pool (not for
 * use in a transaction). Totals come from the counters that triggers keep, so no list counts its
 * rows. The page size is written into the statement (one statement per size): with LIMIT as a
 * parameter PostgreSQL cannot cost a generic plan and would plan these reads again at every call.
 */

export type Page = { limit: number; offset: number };

/** A listed material: what its DTO shows, with its instants as the API writes them. */
export type ListedMaterial = Pick<
  MaterialRow,
  'id' | 'name' | 'locationId' | 'notes' | 'quantity' | 'unit'
> & { createdAt: string; updatedAt: string };

type ListedRow = ListedMaterial & { locationName: string };

/**
 * The columns of a listed material, named as its type names them, and its location's name. The
 * instants come as UTC text, written out as ISO by `isoFromUtcText` (no Date made per timestamp).
 */
const LISTED = `m.id, m.name, m.location_id as "locationId", m.notes, m.quantity, m.unit,
  (m.created_at at time zone 'UTC')::text as "createdAt",
  (m.updated_at at time zone 'UTC')::text as "updatedAt", l.name as "locationName"`;

function listed(row: ListedRow) {
  row.createdAt = isoFromUtcText(row.createdAt);
  row.updatedAt = isoFromUtcText(row.updatedAt);
  return { material: row as ListedMaterial, locationName: row.locationName };
}

/**
 * A location's page: the ids from the partial index of its live materials, then those rows, with
 * the total from its counter. The outer join keeps one row (with no material) when the page is
 * empty, so that the total still comes back.
 */
const pageAtLocation = (limit: string) => `
  select coalesce((select live from material_counts_by_location where location_id = $1), 0)::int as total,
         ${LISTED}
  from (select 1) as one
  left join (
    (select id from materials where location_id = $1 and deleted_at is null
     order by id desc limit ${limit} offset $2) as page
    join materials m using (id)
    join locations l on l.id = m.location_id
  ) on true
  order by m.id desc`;

/**
 * The whole inventory's page, newest first, without walking the rows before it: the newest block
 * of ids whose running count of live materials passes the offset gives where the page begins and
 * how many live materials come before that block.
 */
const pageOfAll = (limit: string) => `
  with b as (
    select bucket, live, sum(live) over (order by bucket desc) as through
    from material_counts_by_bucket where live <> 0
  ), start as (
    select bucket, through - live as skipped from b where through > $1 order by bucket desc limit 1
  ), page as (
    select id from materials
    where id < ((select bucket from start) + 1) * ${MATERIAL_COUNT_BUCKET} and deleted_at is null
    order by id desc limit ${limit} offset $1 - (select skipped from start)
  )
  select coalesce((select sum(live) from material_counts_by_bucket), 0)::int as total,
         ${LISTED}
  from (select 1) as one
  left join (page join materials m using (id) join locations l on l.id = m.location_id) on true
  order by m.id desc`;

/**
 * The first page, which every inventory screen opens on, in the simplest plan there is: the
 * newest rows read in index order, the total from the counters beside them. (An empty first page
 * means a total of 0.)
 */
const firstPage = (limit: string, atLocation: boolean) => `
  select ${
    atLocation
      ? '(select live from material_counts_by_location where location_id = $1)'
      : '(select sum(live) from material_counts_by_bucket)'
  }::int as total, ${LISTED}
  from materials m join locations l on l.id = m.location_id
  where m.deleted_at is null ${atLocation ? 'and m.location_id = $1' : ''}
  order by m.id desc
  limit ${limit}`;

function readPage(db: Database, locationId: number | undefined, page: Page) {
  const limit = limitSql(page.limit);
  type Found = ListedRow & { total: number };
  if (page.offset === 0) {
    return locationId === undefined
      ? preparedRows<Found>(db, `materials_first_page_${limit}`, firstPage(limit, false), [])
      : preparedRows<Found>(
          db,
          `materials_first_page_at_location_${limit}`,
          firstPage(limit, true),
          [locationId],
        );
  }
  return locationId === undefined
    ? preparedRows<Found | { id: null; total: number }>(
        db,
        `materials_page_of_all_${limit}`,
        pageOfAll(limit),
        [page.offset],
      )
    : preparedRows<Found | { id: null; total: number }>(
        db,
        `materials_page_at_location_${limit}`,
        pageAtLocation(limit),
        [locationId, page.offset],
      );
}

/** One page of live materials, newest first, optionally at one location, and their total. */
export async function listMaterials(db: Database, locationId: number | undefined, page: Page) {
  const found = await readPage(db, locationId, page);
  const rows = found
    .filter((row): row is ListedRow & { total: number } => row.id !== null)
    .map(listed);
  return { rows, total: found[0]?.total ?? 0 };
}

/** Read in order from the partial index of live materials at or under the threshold. */
const lowStock = (limit: string, atLocation: boolean) => `
  select ${LISTED}
  from materials m join locations l on l.id = m.location_id
  where m.deleted_at is null and m.quantity <= ${LOW_STOCK_THRESHOLD}
    ${atLocation ? 'and m.location_id = $1' : ''}
  order by m.quantity, m.id
  limit ${limit}`;

/** Live materials at or under the low-stock threshold, the emptiest first (a short list, not paged). */
export async function listLowStock(db: Database, locationId: number | undefined, limit: number) {
  const size = limitSql(limit);
  const found =
    locationId === undefined
      ? await preparedRows<ListedRow>(db, `materials_low_stock_${size}`, lowStock(size, false), [])
      : await preparedRows<ListedRow>(
          db,
          `materials_low_stock_at_location_${size}`,
          lowStock(size, true),
          [locationId],
        );
  return found.map(listed);
}

export async function readMaterial(db: Database, id: number) {
  const statement = prepared(db, 'material_detail', (d, name) =>
    d
      .select({ material: materials, locationName: locations.name })
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .where(and(eq(materials.id, sql.placeholder('id')), isNull(materials.deletedAt)))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}
