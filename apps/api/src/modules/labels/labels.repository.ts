import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { locations, materialTypes } from '../../db/schema';

/** What the labels of these types and locations print, one query each. */
export async function readLabelled(db: Database, typeIds: number[], locationIds: number[]) {
  const [types, places] = await Promise.all([
    typeIds.length === 0
      ? []
      : db
          .select({
            id: materialTypes.id,
            itemNumber: materialTypes.itemNumber,
            name: materialTypes.name,
            unit: materialTypes.unit,
          })
          .from(materialTypes)
          .where(inArray(materialTypes.id, typeIds)),
    locationIds.length === 0
      ? []
      : db
          .select({ id: locations.id, name: locations.name })
          .from(locations)
          .where(inArray(locations.id, locationIds)),
  ]);
  return { types, places };
}
