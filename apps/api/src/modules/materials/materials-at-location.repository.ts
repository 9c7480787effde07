import { and, count, eq, exists, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { invoiceMaterialUsages, materials, stockMovements } from '../../db/schema';

/** A material's history: stock movements, or an invoice's material usage naming it. */
const hasMovements = or(
  exists(
    sql`(select 1 from ${stockMovements} where ${stockMovements.materialId} = ${materials.id})`,
  ),
  exists(
    sql`(select 1 from ${invoiceMaterialUsages} where ${invoiceMaterialUsages.materialId} = ${materials.id})`,
  ),
)!;

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
