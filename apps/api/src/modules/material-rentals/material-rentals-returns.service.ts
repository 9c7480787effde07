import {
  labelOf,
  type MarkReturnedInput,
  RENTAL_MESSAGES,
  type RentalDto,
  type RentalReturnDto,
  type RentalReturnInput,
  remaining,
  rentalRefusals,
  settled,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict } from '../../lib/app-error';
import { assertReadable } from '../../lib/location-scope';
import { inTransaction, type UnitOfWork } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { createReturnNote } from '../movement-notes/movement-notes.service';
import { notify } from '../notifications/notify';
import { returnDay } from './material-rentals.dates';
import * as repo from './material-rentals.repository';
import { getRental, todayOf, toReturnDto } from './material-rentals.service';
import {
  itemsLine,
  type LedgerStep,
  lockedRentalNamed,
  moveStock,
  refuse,
  rentalReference,
  touchedRentalNamed,
} from './material-rentals-writes.service';

/**
 * Returns: one item's units back good, damaged or lost, each a row of the return
 * history with its note; and Mark Full Returned, the rest back good at once.
 */

/** Returns end with the rental: they do not depend on its items. */
function refuseClosed(rental: repo.RentalRow) {
  refuse(rentalRefusals({ status: rental.status, items: [] }).returns);
}

/**
 * The line as it stands with a return's units added, or null when all that came back would be
 * more than went out. The line's figures are the sums of its returns, read with the rental held
 * FOR UPDATE: no other return of the rental is written before this one's.
 */
function withReturn(
  item: repo.RentalItemRow,
  units: repo.ReturnedUnits,
): repo.RentalItemRow | null {
  if (settled(item) + units.good + units.damaged + units.lost > item.quantity) return null;
  return {
    ...item,
    quantityActuallyReturned: item.quantityActuallyReturned + units.good,
    quantityDamaged: item.quantityDamaged + units.damaged,
    quantityLost: item.quantityLost + units.lost,
  };
}

/**
 * Takes back every remainder of the rental as good (Mark Full Returned: "all the rest good"): a
 * return row per item still out, the stock back into the from-location, and the rental RETURNED
 * today. Answers what came back.
 */
export async function returnEverything(
  ctx: AppContext,
  uow: UnitOfWork,
  actor: Actor,
  rental: repo.RentalRow,
  items: repo.RentalItemRow[],
  names: { from: string; to: string },
  notes: string,
  returnDate: string = todayOf(),
) {
  const back: { item: repo.RentalItemRow; quantity: number }[] = [];
  for (const item of items) {
    const quantity = remaining(item);
    if (quantity === 0) continue;
    const updated = withReturn(item, { good: quantity, damaged: 0, lost: 0 });
    if (!updated) throw conflict(RENTAL_MESSAGES.returnOverRemainder);
    back.push({ item, quantity });
  }
  const rows = await repo.insertReturns(
    uow.tx,
    back.map(({ item, quantity }) => ({
      rentalId: rental.id,
      rentalItemId: item.id,
      returnDate,
      returnedQuantity: quantity,
      notes,
      returnedById: actor.user.id,
    })),
    rental.toLocationId,
  );
  // Every return has its note, the rest returned at once as much as a return counted in.
  for (const row of rows) {
    await createReturnNote(uow, { written: row, userId: actor.user.id });
  }
  await moveStock(
    ctx,
    uow,
    actor,
    back.map(({ item, quantity }) => ({
      materialId: item.materialId,
      by: quantity,
      reason: 'RENTAL_RETURN',
      occurredOn: returnDate,
    })),
    rentalReference(rental.id, names.to),
    names.from,
  );
  const total = back.reduce((sum, entry) => sum + entry.quantity, 0);
  // Back whole on the day of its latest return (an earlier partial one may be later than this).
  await repo.markRentalReturned(uow.tx, rental.id, returnDate);
  return { back, total };
}

export async function announceReturn(
  ctx: AppContext,
  uow: UnitOfWork,
  actor: Actor,
  rental: Pick<repo.RentalRow, 'id' | 'toLocationId' | 'fromLocationId'>,
  names: { from: string; to: string },
  what: string,
) {
  await notify(ctx, uow, {
    type: 'MATERIAL_RETURNED',
    message: `Returned ${what} of rental #${rental.id} from ${names.to} to ${names.from}`,
    locationId: rental.toLocationId,
    actorId: actor.user.id,
    data: {
      rentalId: rental.id,
      fromLocationId: rental.fromLocationId,
      toLocationId: rental.toLocationId,
    },
  });
}

export async function markReturned(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: MarkReturnedInput = { returnDate: undefined },
): Promise<RentalDto> {
  await inTransaction(ctx, async (uow) => {
    const { rental, names: where } = await lockedRentalNamed(uow.tx, id);
    refuseClosed(rental);
    // The day the hire of what is still out ended: today unless it says.
    const returnDate = returnDay(actor, rental.rentalDate, input.returnDate);
    const items = await repo.findItems(uow.tx, [id]);
    const { back, total } = await returnEverything(
      ctx,
      uow,
      actor,
      rental,
      items,
      where,
      'Marked fully returned',
      returnDate,
    );
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: 'MARK_RENTAL_RETURNED',
      description: `Marked rental #${id} fully returned: ${itemsLine(back.map(({ item, quantity }) => ({ ...item, quantity }))) || 'nothing was still out'} back at ${where.from}`,
      entityType: 'material_rental',
      entityId: String(id),
      locationId: rental.toLocationId,
      details: {
        returned: back.map(({ item, quantity }) => ({ rentalItemId: item.id, quantity })),
      },
      ip: actor.ip,
    });
    await announceReturn(ctx, uow, actor, rental, where, `all remaining items (${total})`);
  });
  return getRental(ctx, actor.user, id);
}

export async function recordReturn(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: RentalReturnInput,
): Promise<RentalReturnDto> {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    // Locked, and marked changed (a refused return is rolled back with the mark).
    const { rental, names: where } = await touchedRentalNamed(tx, id);
    // A field manager returns the rentals at their location; another's does not exist for them.
    assertReadable(actor.user, rental.toLocationId, RENTAL_MESSAGES.notFound);
    refuseClosed(rental);
    const items = await repo.findItems(tx, [id]);
    const item = items.find((candidate) => candidate.id === input.rentalItemId);
    if (!item) {
      const message = RENTAL_MESSAGES.returnItemRequired;
      throw badRequest(message, [{ path: 'rentalItemId', message }]);
    }
    // The day the hire ended for what came back: today unless the return says.
    const returnDate = returnDay(actor, rental.rentalDate, input.returnDate);
    const units = {
      good: input.returnedQuantity,
      damaged: input.damagedQuantity,
      lost: input.lostQuantity,
    };
    const updated = withReturn(item, units);
    if (!updated) {
      const message = RENTAL_MESSAGES.returnOverRemainder;
      throw badRequest(message, [{ path: 'returnedQuantity', message }]);
    }
    const row = await repo.insertReturn(
      tx,
      {
        rentalId: id,
        rentalItemId: item.id,
        returnDate,
        returnedQuantity: units.good,
        damagedQuantity: units.damaged,
        lostQuantity: units.lost,
        notes: input.notes ?? null,
        returnedById: actor.user.id,
      },
      rental.toLocationId,
    );
    // Its return note, numbered in this transaction.
    await createReturnNote(uow, { written: row, userId: actor.user.id });
    // One movement per condition: good units into stock, damaged ones into its repair stock,
    // lost ones written off (recorded, nothing comes back).
    const steps: LedgerStep[] = [];
    if (units.good > 0) {
      steps.push({ materialId: item.materialId, by: units.good, reason: 'RENTAL_RETURN' });
    }
    if (units.damaged > 0) {
      steps.push({
        materialId: item.materialId,
        by: 0,
        repair: units.damaged,
        returnId: row.id,
        reason: 'RENTAL_DAMAGED',
        note: `${units.damaged} ${labelOf(item.unit)} damaged, into repair`,
      });
    }
    if (units.lost > 0) {
      steps.push({
        materialId: item.materialId,
        by: 0,
        reason: 'RENTAL_LOST',
        note: `${units.lost} ${labelOf(item.unit)} lost, written off`,
        recordUnchanged: true,
      });
    }
    for (const step of steps) step.occurredOn = returnDate;
    await moveStock(ctx, uow, actor, steps, rentalReference(id, where.to), where.from);
    // The rental is held (FOR UPDATE), so its other items are as read: it is complete when this
    // item and every other one are all back.
    const complete = items.every((other) =>
      other.id === item.id ? remaining(updated) === 0 : remaining(other) === 0,
    );
    // Back whole: on the day of its latest return (the returns may be entered out of order).
    if (complete) await repo.markRentalReturned(tx, id, returnDate);
    const all = units.good + units.damaged + units.lost;
    const what =
      units.damaged + units.lost === 0
        ? `${units.good} ${labelOf(item.unit)} ${item.materialName}`
        : `${all} ${labelOf(item.unit)} ${item.materialName} (${units.good} good, ${units.damaged} damaged, ${units.lost} lost)`;
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'RETURN_RENTAL_ITEM',
      description: `Returned ${what} of rental #${id} from ${where.to} to ${where.from}${complete ? ' (rental fully returned)' : ''}`,
      entityType: 'material_rental',
      entityId: String(id),
      locationId: rental.toLocationId,
      details: {
        rentalItemId: item.id,
        materialId: item.materialId,
        // The day it happened; the entry's own time is when it was recorded.
        returnDate,
        returnedQuantity: units.good,
        damagedQuantity: units.damaged,
        lostQuantity: units.lost,
        remaining: remaining(updated),
        complete,
      },
      ip: actor.ip,
    });
    await announceReturn(ctx, uow, actor, rental, where, what);
    // As the history will show it: the rental is held, so this is the item's newest return, and
    // what came back of the item (its counters, the sums of its returns) is the total up to it.
    return toReturnDto({
      id: row.id,
      materialRentalId: id,
      rentalItemId: item.id,
      materialId: item.materialId,
      materialName: item.materialName,
      unit: item.unit,
      rentedQuantity: updated.quantity,
      returnedQuantity: row.returnedQuantity,
      damagedQuantity: row.damagedQuantity,
      lostQuantity: row.lostQuantity,
      cumulativeReturned: settled(updated),
      returnDate: row.returnDate,
      recordedAt: row.recordedAt,
      notes: row.notes,
      returnedById: actor.user.id,
      returnedByName: actor.user.name,
    });
  });
}
