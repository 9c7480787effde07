import type { DbExecutor } from '../../db/client';
import * as repo from './materials-at-location.repository';

/**
 * A location's materials when the location is removed (the locations module asks, inside its
 * transaction, holding the location): those with stock history keep it, the others go with it.
 */

/** How many of the location's materials have history: stock movements or an invoice's usage. */
export function countMaterialsWithHistoryAt(tx: DbExecutor, locationId: number): Promise<number> {
  return repo.countMaterialsWithHistoryAt(tx, locationId);
}

/** Deletes the location's materials without history, which nothing refers to; how many. */
export function deleteMaterialsWithoutHistoryAt(tx: DbExecutor, locationId: number) {
  return repo.deleteMaterialsWithoutHistoryAt(tx, locationId);
}
