import { labelOf, RENTAL_MESSAGES } from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, notFound } from '../../lib/app-error';
import type { UnitOfWork } from '../../lib/transaction';
import { changeStock, changeStocksBy, type StockStep } from '../materials/materials-ledger.service';
import * as repo from './material-rentals.repository';

/**
 * What every write of a rental shares (its dispatch, edit, deletion and returns): the rental
 * locked, the shared rule's refusal as a 409, its stock moved through the ledger, and its items
 * and reference as the activity log and the movements name them.
 */

/** The rental locked for a change; missing is 404. */
export async function lockedRental(tx: DbExecutor, id: number) {
  const rental = await repo.lockRental(tx, id);
  if (!rental) throw notFound(RENTAL_MESSAGES.notFound);
  return rental;
}

/** The rental locked for a change with its locations' names (`from`, `to`); missing is 404. */
export async function lockedRentalNamed(tx: DbExecutor, id: number) {
  const locked = await repo.lockRentalNamed(tx, id);
  if (!locked) throw notFound(RENTAL_MESSAGES.notFound);
  return locked;
}

/** The rental locked for a return and marked changed, with its locations' names; missing is 404. */
export async function touchedRentalNamed(tx: DbExecutor, id: number) {
  const locked = await repo.touchRentalNamed(tx, id);
  if (!locked) throw notFound(RENTAL_MESSAGES.notFound);
  return locked;
}

/** A refusal of the shared rule (rentalRefusals, which the screens read too) as a 409. */
export function refuse(refusal: string | null) {
  if (refusal) throw conflict(refusal);
}

export type LedgerStep = {
  materialId: number;
  by: number;
  reason: 'RENTAL_OUT' | 'RENTAL_RETURN' | 'RENTAL_LOST' | 'RENTAL_DAMAGED' | 'RENTAL_DELETED';
  /** Units into the material's repair stock (a return's damaged units). */
  repair?: number;
  /** The return those damaged units came back with (decision 044). */
  returnId?: number;
  /** The day it happened; left out, the day it is written. */
  occurredOn?: string;
  /** What the movement's reference adds to the rental's (a return's damaged or lost units). */
  note?: string;
  /** Where the item sits in the body, for a shortfall's field. */
  index?: number;
  recordUnchanged?: boolean;
};

/**
 * Moves stock for a rental through the ledger, one movement per step, in material id order (so
 * that two rentals of the same materials lock them in the same order), all in one statement. A
 * shortfall is 409 with what is available, on the item's field.
 */
export async function moveStock(
  ctx: AppContext,
  uow: UnitOfWork,
  actor: Actor,
  steps: LedgerStep[],
  reference: string,
  locationName: string,
) {
  const ordered = [...steps].sort((a, b) => a.materialId - b.materialId || a.by - b.by);
  const entries = ordered.map(
    (step): StockStep => ({
      materialId: step.materialId,
      by: step.by,
      repair: step.repair,
      returnId: step.returnId,
      occurredOn: step.occurredOn,
      reason: step.reason,
      reference: step.note ? `${reference}: ${step.note}` : reference,
      userId: actor.user.id,
      locationName,
      recordUnchanged: step.recordUnchanged,
    }),
  );
  // All the steps in one statement; when one is refused nothing was written, and they are taken
  // one at a time, so that the refusal is the first refused step's, on its item's field.
  if (await changeStocksBy(ctx, uow, entries)) return;
  for (const [at, step] of ordered.entries()) {
    try {
      await changeStock(ctx, uow, { ...entries[at]!, change: { by: step.by } });
    } catch (error) {
      if (
        error instanceof AppError &&
        error.code === 'INSUFFICIENT_STOCK' &&
        step.index !== undefined
      ) {
        throw new AppError('INSUFFICIENT_STOCK', error.message, [
          { path: `items.${step.index}.quantity`, message: error.message },
        ]);
      }
      throw error;
    }
  }
}

export const rentalReference = (id: number, toName: string) => `Rental #${id} to ${toName}`;

export function itemsLine(items: { materialName: string; quantity: number; unit: string }[]) {
  return items
    .map((item) => `${item.quantity} ${labelOf(item.unit)} ${item.materialName}`)
    .join(', ');
}
