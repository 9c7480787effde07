import {
  isoToDisplayDate,
  localToday,
  MOVEMENT_DATE_MESSAGES,
  movementDateRefusal,
  RENTAL_MESSAGES,
  type RentalDateCorrectionInput,
  type RentalItemRatesInput,
  type ReturnDateCorrectionInput,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { setReturnMovementsDay } from '../materials/repair-dates';
import * as repo from './material-rentals.repository';
import * as history from './material-rentals-history.repository';

/**
 * An admin's corrections of a rental's history (decision 048): the day a dispatch or a
 * return happened, and a line's rates, each with its reason in the activity log (who, when, what
 * it was, what it is). The billing runs then bill what the corrected history says, and correct
 * what was billed before. Only admins reach these routes (access.ts).
 */

async function lockedRental(tx: DbExecutor, id: number) {
  const rental = await repo.lockRental(tx, id);
  if (!rental) throw notFound(RENTAL_MESSAGES.notFound);
  return rental;
}

function refuse(field: string, refusal: string | null) {
  if (refusal) throw badRequest(refusal, [{ path: field, message: refusal }]);
}

/** PATCH /material-rentals/{id}/rental-date: the day the material left, never after a return. */
export async function correctRentalDate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: RentalDateCorrectionInput,
): Promise<void> {
  await inTransaction(ctx, async ({ tx }) => {
    const rental = await lockedRental(tx, id);
    const first = await history.firstReturnDay(tx, id);
    refuse(
      'rentalDate',
      movementDateRefusal(input.rentalDate, {
        today: localToday(),
        admin: true,
        notAfter: first
          ? { date: first, message: MOVEMENT_DATE_MESSAGES.afterReturn(first) }
          : null,
      }),
    );
    if (input.rentalDate === rental.rentalDate) return;
    await history.setRentalDate(tx, id, input.rentalDate);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'CORRECT_RENTAL_DATE',
      description: `Corrected the dispatch day of rental #${id} from ${isoToDisplayDate(rental.rentalDate)} to ${isoToDisplayDate(input.rentalDate)}: ${input.reason}`,
      entityType: 'material_rental',
      entityId: String(id),
      locationId: rental.toLocationId,
      details: { before: rental.rentalDate, after: input.rentalDate, reason: input.reason },
      ip: actor.ip,
    });
  });
}

/**
 * PATCH /material-rentals/{id}/returns/{returnId}: the day a return's hire ended, never before the
 * dispatch; the ledger's movements of the return and the rental's return day follow.
 */
export async function correctReturnDate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  returnId: number,
  input: ReturnDateCorrectionInput,
): Promise<void> {
  await inTransaction(ctx, async ({ tx }) => {
    const rental = await lockedRental(tx, id);
    const back = await history.findReturnOf(tx, id, returnId);
    if (!back) throw notFound('Return not found');
    refuse(
      'returnDate',
      movementDateRefusal(input.returnDate, {
        today: localToday(),
        admin: true,
        notBefore: {
          date: rental.rentalDate,
          message: MOVEMENT_DATE_MESSAGES.beforeDispatch(rental.rentalDate),
        },
      }),
    );
    if (input.returnDate === back.returnDate) return;
    await history.setReturnDate(tx, id, returnId, input.returnDate);
    await setReturnMovementsDay(tx, returnId, input.returnDate);
    if (rental.status === 'RETURNED') await history.refreshActualReturnDate(tx, id);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'CORRECT_RETURN_DATE',
      description: `Corrected the day of return ${returnId} of rental #${id} from ${isoToDisplayDate(back.returnDate)} to ${isoToDisplayDate(input.returnDate)}: ${input.reason}`,
      entityType: 'material_rental',
      entityId: String(id),
      locationId: rental.toLocationId,
      details: {
        returnId,
        before: back.returnDate,
        after: input.returnDate,
        reason: input.reason,
      },
      ip: actor.ip,
    });
  });
}

/** PATCH /material-rentals/{id}/items/{itemId}/rates: a line re-rated on purpose. */
export async function rerateItem(
  ctx: AppContext,
  actor: Actor,
  id: number,
  itemId: number,
  input: RentalItemRatesInput,
): Promise<void> {
  await inTransaction(ctx, async ({ tx }) => {
    const rental = await lockedRental(tx, id);
    const item = await history.findItemRates(tx, id, itemId);
    if (!item) throw notFound(RENTAL_MESSAGES.itemNotFound);
    if (input.weekCents !== null && input.weekCents < 0) refuse('weekCents', 'Invalid week rate');
    const after = {
      dayCents: input.dayCents,
      weekCents: input.weekCents,
      minimumDays: input.minimumDays,
    };
    await history.setItemRates(tx, itemId, after);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'RERATE_RENTAL_ITEM',
      description: `Re-rated ${item.materialName} on rental #${id}: ${input.reason}`,
      entityType: 'material_rental',
      entityId: String(id),
      locationId: rental.toLocationId,
      details: {
        rentalItemId: itemId,
        before: {
          dayCents: item.dayCents,
          weekCents: item.weekCents,
          minimumDays: item.minimumDays,
        },
        after,
        reason: input.reason,
      },
      ip: actor.ip,
    });
  });
}

/**
 * The rates a rental line without any is priced with from now on, fixed on it by a billing run;
 * exported from here because the rentals module is the one writer of its lines.
 */
export const fixItemRates = history.fixItemRates;
