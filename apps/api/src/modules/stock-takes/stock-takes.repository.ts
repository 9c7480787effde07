import type { CountedMaterial } from '@stockyard/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { materials, materialTypes } from '../../db/schema';

/** What a count sheet shows of a material, and what a count is checked against. */
export type { CountedMaterial };

/** Every live material of a location, by name (then id: two of one name keep one order). */
export async function materialsAt(db: DbExecutor, locationId: number): Promise<CountedMaterial[]> {
  return db
    .select({
      id: materials.id,
      materialTypeId: materials.materialTypeId,
      itemNumber: materialTypes.itemNumber,
      name: materials.name,
      unit: materials.unit,
      quantity: materials.quantity,
    })
    .from(materials)
    .innerJoin(materialTypes, eq(materialTypes.id, materials.materialTypeId))
    .where(and(eq(materials.locationId, locationId), isNull(materials.deletedAt)))
    .orderBy(asc(materials.name), asc(materials.id));
}
