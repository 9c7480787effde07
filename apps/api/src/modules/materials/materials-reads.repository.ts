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

/** A list's total, read from the counters that triggers keep (migration 0004); null when none. */
const TOTAL = {
  all: '(select sum(live) from material_counts_by_bucket)',
  atLocation: '(select live from material_counts_by_location where location_id = $1)',
};

/**
 * A later page of the inventory (`$1` is the offset), found without reading the rows before it:
 * the id of the page's newest row is the page's bound, and the page is then read like the first
 * one, from that id down. The bound is found from the nearer end. From the newest end, the first
 * block of ids (newest first) whose running count of live materials passes the offset holds it,
 * and the count before that block says how far into the block it lies. From the oldest end, the
 * same with the blocks taken oldest first, for the bound's position counted from there. The
 * running count stops at the block it needs, so a page costs what its distance from the nearer
 * end does. Past the last page the bound is null and no row comes back (nor, then, the total).
 */
const laterPageOfAll = (limit: string, fromOldest: boolean) => {
  const position = fromOldest ? '(select n from c) - $1 - 1' : '$1';
  const order = fromOldest ? 'asc' : 'desc';
  const inBlock = fromOldest
    ? `id >= (select bucket from start) * ${MATERIAL_COUNT_BUCKET}`
    : `id < ((select bucket from start) + 1) * ${MATERIAL_COUNT_BUCKET}`;
  return `
  with c as materialized (
    select coalesce(${TOTAL.all}, 0)::int as n
  ), start as (
    select bucket, through - live as skipped from (
      select bucket, live, sum(live) over (order by bucket ${order}) as through
      from material_counts_by_bucket where live <> 0
    ) as b
    where through > ${position} order by bucket ${order} limit 1
  )
  select (select n from c) as total, ${LISTED}
  from materials m join locations l on l.id = m.location_id
  where m.deleted_at is null and m.id <= (
    select id from materials
    where deleted_at is null and ${inBlock} and (select n from c) > $1
    order by id ${order} limit 1
    offset greatest(${position} - (select skipped from start), 0)
  )
  order by m.id desc
  limit ${limit}`;
};

/**
 * `laterPageOfAll` at one location (`$1`, `$2` the offset): the bound comes from the partial
 * index of the location's live ids, read from the nearer end, and the total from its counter.
 */
const laterPageAtLocation = (limit: string, fromOldest: boolean) => `
  with c as materialized (
    select coalesce(${TOTAL.atLocation}, 0)::int as n
  )
  select (select n from c) as total, ${LISTED}
  from materials m join locations l on l.id = m.location_id
  where m.deleted_at is null and m.location_id = $1 and m.id <= (
    select id from materials
    where location_id = $1 and deleted_at is null and (select n from c) > $2
    order by id ${fromOldest ? 'asc' : 'desc'} limit 1
    offset ${fromOldest ? 'greatest((select n from c) - $2 - 1, 0)' : '$2'}
  )
  order by m.id desc
  limit ${limit}`;

/** The total alone, for a page past the last one, which brings no row to carry it. */
const totalOf = (atLocation: boolean) =>
  `select coalesce(${atLocation ? TOTAL.atLocation : TOTAL.all}, 0)::int as total`;

/**
 * The first page, which every inventory screen opens on, in the simplest plan there is: the
 * newest rows read in index order, the total from the counters beside them. (An empty first page
 * means a total of 0.)
 */
const firstPage = (limit: string, atLocation: boolean) => `
  select ${atLocation ? TOTAL.atLocation : TOTAL.all}::int as total, ${LISTED}
  from materials m join locations l on l.id = m.location_id
  where m.deleted_at is null ${atLocation ? 'and m.location_id = $1' : ''}
  order by m.id desc
  limit ${limit}`;

/**
 * The last total each list answered, per database and per location (`all` for the whole
 * inventory): which end a later page is nearer. It only picks a statement; both answer the same
 * rows whatever the total is now, so a stale one costs time, never a wrong page.
 */
const lastTotals = new WeakMap<Database, Map<number | 'all', number>>();

function totalsOf(db: Database) {
  let totals = lastTotals.get(db);
  if (!totals) {
    totals = new Map();
    lastTotals.set(db, totals);
  }
  return totals;
}

type Found = ListedRow & { total: number };

function readPage(db: Database, locationId: number | undefined, page: Page) {
  const limit = limitSql(page.limit);
  const at = locationId !== undefined;
  if (page.offset === 0) {
    return at
      ? preparedRows<Found>(
          db,
          `materials_first_page_at_location_${limit}`,
          firstPage(limit, true),
          [locationId],
        )
      : preparedRows<Found>(db, `materials_first_page_${limit}`, firstPage(limit, false), []);
  }
  const known = totalsOf(db).get(locationId ?? 'all');
  const fromOldest = known !== undefined && 2 * page.offset + page.limit > known;
  const end = fromOldest ? 'from_oldest' : 'from_newest';
  return at
    ? preparedRows<Found>(
        db,
        `materials_later_page_at_location_${end}_${limit}`,
        laterPageAtLocation(limit, fromOldest),
        [locationId, page.offset],
      )
    : preparedRows<Found>(
        db,
        `materials_later_page_${end}_${limit}`,
        laterPageOfAll(limit, fromOldest),
        [page.offset],
      );
}

async function readTotal(db: Database, locationId: number | undefined) {
  const [row] =
    locationId === undefined
      ? await preparedRows<{ total: number }>(db, 'materials_total', totalOf(false), [])
      : await preparedRows<{ total: number }>(db, 'materials_total_at_location', totalOf(true), [
          locationId,
        ]);
  return row?.total ?? 0;
}

/** One page of live materials, newest first, optionally at one location, and their total. */
export async function listMaterials(db: Database, locationId: number | undefined, page: Page) {
  const found = await readPage(db, locationId, page);
  const total =
    found.length > 0 || page.offset === 0
      ? (found[0]?.total ?? 0)
      : await readTotal(db, locationId);
  totalsOf(db).set(locationId ?? 'all', total);
  return { rows: found.map(listed), total };
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
