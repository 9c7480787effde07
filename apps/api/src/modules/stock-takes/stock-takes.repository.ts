import type { CountedMaterial } from '@stockyard/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { locations, materials, materialTypes } from '../../db/schema';

/** A location's name, or null when there is none with this id. */
export async function findLocation(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.id, id));
  return row ?? null;
}

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
