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
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { materialRentalItems, materialRentalReturns, materialRentals } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { firstReturnDay, latestReturnDay } from './material-rentals.dates';
import * as repo from './material-rentals.repository';

/**
 * An admin's corrections of a rental's history (issue 49, decision 048): the day a dispatch or a
 * return happened, and a line's rates, each with its reason in the activity log (who, when, what
 * it was, what it is). The billing runs then bill what the corrected history says, and correct
 * what was billed before (decision 048). Only admins reach these routes (access.ts).
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
    const first = await firstReturnDay(tx, id);
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
    await tx
      .update(materialRentals)
      .set({ rentalDate: input.rentalDate, updatedAt: new Date() })
      .where(eq(materialRentals.id, id));
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
    const [back] = await tx
      .select({ id: materialRentalReturns.id, returnDate: materialRentalReturns.returnDate })
      .from(materialRentalReturns)
      .where(and(eq(materialRentalReturns.id, returnId), eq(materialRentalReturns.rentalId, id)));
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
    await tx
      .update(materialRentalReturns)
      .set({ returnDate: input.returnDate })
      .where(eq(materialRentalReturns.id, returnId));
    // The ledger's movement of the return's damaged units names it (decision 044).
    await tx.execute(
      sql`update stock_movements set occurred_on = ${input.returnDate}::date where return_id = ${returnId}`,
    );
    if (rental.status === 'RETURNED') {
      await tx
        .update(materialRentals)
        .set({ actualReturnDate: await latestReturnDay(tx, id), updatedAt: new Date() })
        .where(eq(materialRentals.id, id));
    }
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
    const [item] = await tx
      .select({
        id: materialRentalItems.id,
        materialName: materialRentalItems.materialName,
        dayCents: materialRentalItems.dayCents,
        weekCents: materialRentalItems.weekCents,
        minimumDays: materialRentalItems.minimumDays,
      })
      .from(materialRentalItems)
      .where(and(eq(materialRentalItems.id, itemId), eq(materialRentalItems.rentalId, id)));
    if (!item) throw notFound(RENTAL_MESSAGES.itemNotFound);
    if (input.weekCents !== null && input.weekCents < 0) refuse('weekCents', 'Invalid week rate');
    const after = {
      dayCents: input.dayCents,
      weekCents: input.weekCents,
      minimumDays: input.minimumDays,
    };
    await tx.update(materialRentalItems).set(after).where(eq(materialRentalItems.id, itemId));
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
