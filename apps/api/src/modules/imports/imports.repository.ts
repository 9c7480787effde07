import { and, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { locations, materials, type materialTypes, staff } from '../../db/schema';
import { batchesOf, listParam } from '../../lib/batches';

/**
 * What an import looks up and writes: a few statements for a whole file, whatever its
 * rows, never one per row. Lookups are read by the keys the file names; writes go in batches.
 */

export type TypeRow = typeof materialTypes.$inferSelect;
export type TypeValues = Pick<
  TypeRow,
  | 'itemNumber'
  | 'name'
  | 'category'
  | 'unit'
  | 'weightKg'
  | 'replacementValue'
  | 'notes'
  | 'hireDayCents'
  | 'hireWeekCents'
  | 'minimumHireDays'
>;
export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Pick<LocationRow, 'name' | 'address' | 'type' | 'status'>;
export type StaffRow = typeof staff.$inferSelect;
export type StaffValues = Omit<StaffRow, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const list = listParam;

/** Every location (a company has hundreds at most): what a file names is found by name. */
export async function allLocations(db: DbExecutor): Promise<LocationRow[]> {
  return db.select().from(locations);
}

/** The live stock rows of these types at these locations. */
export async function stockRows(
  db: DbExecutor,
  pairs: ReadonlyArray<{ locationId: number; materialTypeId: number }>,
) {
  const rows: Array<{ id: number; locationId: number; materialTypeId: number; quantity: number }> =
    [];
  for (const batch of batchesOf(pairs)) {
    rows.push(
      ...(await db
        .select({
          id: materials.id,
          locationId: materials.locationId,
          materialTypeId: materials.materialTypeId,
          quantity: materials.quantity,
        })
        .from(materials)
        .where(
          and(
            sql`(${materials.locationId}, ${materials.materialTypeId}) in (select * from unnest(${list(batch.map((p) => p.locationId))}::integer[], ${list(batch.map((p) => p.materialTypeId))}::integer[]))`,
            isNull(materials.deletedAt),
          ),
        )),
    );
  }
  return rows;
}

/** The live staff of these e-mail addresses (lower case). */
export async function staffByEmails(
  db: DbExecutor,
  emails: readonly string[],
): Promise<StaffRow[]> {
  const rows: StaffRow[] = [];
  for (const batch of batchesOf(emails)) {
    rows.push(
      ...(await db
        .select()
        .from(staff)
        .where(
          and(sql`lower(${staff.email}) = any(${list(batch)}::text[])`, isNull(staff.deletedAt)),
        )),
    );
  }
  return rows;
}
