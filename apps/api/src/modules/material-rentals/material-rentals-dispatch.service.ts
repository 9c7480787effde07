import {
  BILLING_MESSAGES,
  isoToDisplayDate,
  isPastDate,
  RENTAL_MESSAGES,
  RENTAL_REQUEST_MESSAGES as REQUEST_MESSAGES,
  type RentalDto,
  type RentalInput,
  rentalRefusals,
  requestSourceIds,
  type StoredRentalStatus,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { isRentalBilled } from '../billing/billing.service';
import { hireRatesFor, holdLocations } from '../locations/locations.service';
import { createDeliveryNote } from '../movement-notes/movement-notes.service';
import { notify } from '../notifications/notify';
import { dispatchDay } from './material-rentals.dates';
import * as repo from './material-rentals.repository';
import { getRental, todayOf } from './material-rentals.service';
import { announceReturn, returnEverything } from './material-rentals-returns.service';
import {
  itemsLine,
  type LedgerStep,
  lockedRental,
  lockedRentalNamed,
  moveStock,
  refuse,
  rentalReference,
} from './material-rentals-writes.service';

/**
 * A rental dispatched: made (its items out of the from-location's stock, its delivery note),
 * edited (what changed moved back and out again) and deleted (everything back).
 */

/** The locations a write names (and the one it leaves), held in id order as every writer holds them. */
function holdRentalLocations(
  tx: DbExecutor,
  input: Pick<RentalInput, 'fromLocationId' | 'toLocationId'>,
  previousFrom?: number,
) {
  const ids = [input.fromLocationId, input.toLocationId, previousFrom ?? input.fromLocationId];
  return holdLocations(
    tx,
    ids.map((id) => ({ id, field: id === input.toLocationId ? 'toLocationId' : 'fromLocationId' })),
  );
}

function storedStatus(status: RentalInput['status']): StoredRentalStatus | undefined {
  if (status === undefined) return undefined;
  return status === 'OVERDUE' ? 'ACTIVE' : status;
}

function checkReturnDate(date: string, kept?: string) {
  if (date !== kept && isPastDate(date, todayOf())) {
    const message = RENTAL_MESSAGES.expectedReturnDatePast;
    throw badRequest(message, [{ path: 'expectedReturnDate', message }]);
  }
}

/**
 * The items as stored: each material a live one of the from-location, its name and unit its own,
 * and the hire rate in force at the destination now (its customer's, else the catalogue's), which
 * the line keeps for its whole hire (decision 048).
 */
async function itemsToStore(
  tx: DbExecutor,
  fromLocationId: number,
  items: RentalInput['items'],
  toLocationId: number,
): Promise<repo.RentalItemValues[]> {
  const found = new Map(
    (
      await repo.findLiveMaterials(
        tx,
        items.map((item) => item.materialId),
      )
    ).map((m) => [m.id, m]),
  );
  const rates = await hireRatesFor(tx, toLocationId, [
    ...new Set([...found.values()].map((m) => m.materialTypeId)),
  ]);
  const ratesOf = (typeId: number) => {
    const rate = rates.get(typeId) ?? null;
    return rate
      ? { dayCents: rate.dayCents, weekCents: rate.weekCents, minimumDays: rate.minimumDays }
      : { dayCents: null, weekCents: null, minimumDays: null };
  };
  return items.map((item, index) => {
    const material = found.get(item.materialId);
    if (!material || material.locationId !== fromLocationId) {
      const message = RENTAL_MESSAGES.materialNotAtFromLocation;
      throw badRequest(message, [{ path: `items.${index}.materialId`, message }]);
    }
    return {
      materialId: material.id,
      materialName: material.name,
      unit: material.unit,
      quantity: item.quantity,
      ...ratesOf(material.materialTypeId),
    };
  });
}

/**
 * A rental made from a request (Create Rental): the request approved and delivered to the rental's
 * destination, the from-location one of its sources, and no rental of it from there yet (one of
 * a request without sources). The request is locked until the transaction ends, so that of two
 * admins dispatching it at once the second finds the first's rental (409); the unique index on
 * request and from-location holds it whatever writes.
 */
async function checkRequest(
  tx: DbExecutor,
  requestId: number | undefined,
  from: { id: number; name: string },
  toLocationId: number,
  rentalId?: number,
) {
  if (requestId === undefined) return;
  const request = await repo.lockRequest(tx, requestId);
  if (request?.status !== 'APPROVED' || request.locationId !== toLocationId) {
    const message = REQUEST_MESSAGES.notApprovedForRental;
    throw badRequest(message, [{ path: 'requestId', message }]);
  }
  const sources = requestSourceIds(await repo.requestItemSources(tx, requestId), toLocationId);
  if (sources.length > 0 && !sources.includes(from.id)) {
    const message = REQUEST_MESSAGES.nothingFrom(requestId, from.name);
    throw badRequest(message, [{ path: 'fromLocationId', message }]);
  }
  const others = (await repo.rentalsOfRequest(tx, requestId)).filter((r) => r.id !== rentalId);
  const made = sources.length > 0 ? others.find((r) => r.fromLocationId === from.id) : others[0];
  if (made) {
    const message = REQUEST_MESSAGES.hasRentalFrom(requestId, made.fromLocationName, made.id);
    throw new AppError('CONFLICT', message, [{ path: 'requestId', message }]);
  }
}

async function withUniqueRequest<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'material_rentals_request_source_unique')) {
      const message = REQUEST_MESSAGES.hasRental;
      throw new AppError('CONFLICT', message, [{ path: 'requestId', message }]);
    }
    throw error;
  }
}

export async function createRental(
  ctx: AppContext,
  actor: Actor,
  input: RentalInput,
): Promise<RentalDto> {
  checkReturnDate(input.expectedReturnDate);
  const id = await withUniqueRequest(() =>
    inTransaction(ctx, async (uow) => {
      const { tx } = uow;
      const held = await holdRentalLocations(tx, input);
      const from = held.get(input.fromLocationId)!;
      const to = held.get(input.toLocationId)!;
      if (to.status !== 'ACTIVE') {
        const message = RENTAL_MESSAGES.toLocationInactive;
        throw badRequest(message, [{ path: 'toLocationId', message }]);
      }
      await checkRequest(tx, input.requestId, from, to.id);
      const items = await itemsToStore(tx, from.id, input.items, to.id);
      // The day the material left: today unless the dispatch says another.
      const rentalDate = dispatchDay(actor, input.rentalDate);
      const { rental } = await repo.insertRental(
        tx,
        {
          fromLocationId: from.id,
          toLocationId: to.id,
          rentalDate,
          expectedReturnDate: input.expectedReturnDate,
          status: 'ACTIVE',
          notes: input.notes ?? null,
          rentedById: actor.user.id,
          requestId: input.requestId ?? null,
        },
        items,
      );
      // Its delivery note, numbered in this transaction.
      await createDeliveryNote(uow, {
        rentalId: rental.id,
        vehicle: input.vehicle,
        driver: input.driver,
        userId: actor.user.id,
      });
      await moveStock(
        ctx,
        uow,
        actor,
        items.map((item, index) => ({
          materialId: item.materialId,
          by: -item.quantity,
          reason: 'RENTAL_OUT',
          index,
          occurredOn: rentalDate,
        })),
        rentalReference(rental.id, to.name),
        from.name,
      );
      const description = `Rented ${itemsLine(items)} from ${from.name} to ${to.name}`;
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'CREATE_RENTAL',
        description,
        entityType: 'material_rental',
        entityId: String(rental.id),
        locationId: to.id,
        details: {
          fromLocationId: from.id,
          toLocationId: to.id,
          // The day it left; the entry's own time is when it was recorded.
          rentalDate,
          expectedReturnDate: rental.expectedReturnDate,
          items: items.map(({ materialId, quantity }) => ({ materialId, quantity })),
          requestId: rental.requestId,
        },
        ip: actor.ip,
      });
      await notify(ctx, uow, {
        type: 'MATERIAL_RENTED',
        message: `${description}, due back ${isoToDisplayDate(rental.expectedReturnDate)}`,
        locationId: to.id,
        actorId: actor.user.id,
        data: { rentalId: rental.id, fromLocationId: from.id, toLocationId: to.id },
      });
      return rental.id;
    }),
  );
  return getRental(ctx, actor.user, id);
}

function sameItems(current: repo.RentalItemRow[], wanted: RentalInput['items']) {
  if (current.length !== wanted.length) return false;
  const quantities = new Map(current.map((item) => [item.materialId, item.quantity]));
  return wanted.every((item) => quantities.get(item.materialId) === item.quantity);
}

export async function updateRental(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: RentalInput,
): Promise<RentalDto> {
  await withUniqueRequest(() =>
    inTransaction(ctx, async (uow) => {
      const { tx } = uow;
      const rental = await lockedRental(tx, id);
      checkReturnDate(input.expectedReturnDate, rental.expectedReturnDate);
      const held = await holdRentalLocations(tx, input, rental.fromLocationId);
      const oldFrom = held.get(rental.fromLocationId)!;
      const from = held.get(input.fromLocationId)!;
      const to = held.get(input.toLocationId)!;
      if (to.id !== rental.toLocationId && to.status !== 'ACTIVE') {
        const message = RENTAL_MESSAGES.toLocationInactive;
        throw badRequest(message, [{ path: 'toLocationId', message }]);
      }
      const wanted = storedStatus(input.status) ?? rental.status;
      const current = await repo.findItems(tx, [id]);
      const itemsChange =
        rental.fromLocationId !== input.fromLocationId || !sameItems(current, input.items);
      const refusals = rentalRefusals({ status: rental.status, items: current });
      if (wanted !== rental.status) refuse(refusals.status);
      if (itemsChange) refuse(refusals.items);
      if (itemsChange) await refuseBilled(tx, id);
      const requestId = input.requestId ?? rental.requestId ?? undefined;
      if (
        requestId !== rental.requestId ||
        (requestId !== undefined && from.id !== rental.fromLocationId)
      ) {
        await checkRequest(tx, requestId, from, to.id, id);
      }
      const changes: string[] = [];
      let items = current;
      if (itemsChange) {
        const stored = await itemsToStore(tx, from.id, input.items, to.id);
        // What went out comes back, what goes out now is taken: one movement per material and side.
        const steps: LedgerStep[] = [];
        if (rental.fromLocationId === from.id) {
          const before = new Map(current.map((item) => [item.materialId, item.quantity]));
          const after = new Map(stored.map((item, index) => [item.materialId, { ...item, index }]));
          for (const [materialId, quantity] of before) {
            const next = after.get(materialId)?.quantity ?? 0;
            if (next < quantity) {
              steps.push({ materialId, by: quantity - next, reason: 'RENTAL_RETURN' });
            }
          }
          for (const [materialId, item] of after) {
            const previous = before.get(materialId) ?? 0;
            if (item.quantity > previous) {
              steps.push({
                materialId,
                by: previous - item.quantity,
                reason: 'RENTAL_OUT',
                index: item.index,
              });
            }
          }
        } else {
          for (const item of current) {
            steps.push({ materialId: item.materialId, by: item.quantity, reason: 'RENTAL_RETURN' });
          }
        }
        const reference = `${rentalReference(id, to.name)} (edited)`;
        const backSteps = steps.filter((step) => step.by > 0);
        const outSteps =
          rental.fromLocationId === from.id
            ? steps.filter((step) => step.by < 0)
            : stored.map(
                (item, index): LedgerStep => ({
                  materialId: item.materialId,
                  by: -item.quantity,
                  reason: 'RENTAL_OUT',
                  index,
                }),
              );
        await moveStock(ctx, uow, actor, backSteps, reference, oldFrom.name);
        await moveStock(ctx, uow, actor, outSteps, reference, from.name);
        await repo.deleteItems(tx, id);
        items = await repo.insertItems(tx, id, stored);
        changes.push('items');
      }
      await repo.updateRental(tx, id, {
        fromLocationId: from.id,
        toLocationId: to.id,
        expectedReturnDate: input.expectedReturnDate,
        notes: input.notes ?? null,
        requestId: input.requestId ?? rental.requestId,
      });
      const names = { from: from.name, to: to.name };
      const refreshed = { ...rental, fromLocationId: from.id, toLocationId: to.id };
      let settled: unknown = null;
      if (wanted !== rental.status) {
        if (wanted === 'RETURNED') {
          const { total } = await returnEverything(
            ctx,
            uow,
            actor,
            refreshed,
            items,
            names,
            'Marked returned',
          );
          settled = { returned: total };
          await announceReturn(ctx, uow, actor, refreshed, names, `all remaining items (${total})`);
        }
        changes.push(`status ${rental.status} to ${wanted}`);
      }
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'UPDATE_RENTAL',
        description: `Updated rental #${id} from ${from.name} to ${to.name}${changes.length ? ` (${changes.join(', ')})` : ''}`,
        entityType: 'material_rental',
        entityId: String(id),
        locationId: to.id,
        details: {
          fromLocationId: from.id,
          toLocationId: to.id,
          expectedReturnDate: input.expectedReturnDate,
          status: wanted,
          itemsChanged: itemsChange,
          settled,
        },
        ip: actor.ip,
      });
    }),
  );
  return getRental(ctx, actor.user, id);
}

/** A rental on an invoice keeps its items as billed (decision 044): 409 to a change of them. */
async function refuseBilled(tx: DbExecutor, id: number) {
  if (await isRentalBilled(tx, id)) throw conflict(BILLING_MESSAGES.rentalBilled);
}

export async function removeRental(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const {
      rental,
      names: { from, to },
    } = await lockedRentalNamed(tx, id);
    const items = await repo.findItems(tx, [id]);
    refuse(rentalRefusals({ status: rental.status, items }).delete);
    await refuseBilled(tx, id);
    await moveStock(
      ctx,
      uow,
      actor,
      items.map((item) => ({
        materialId: item.materialId,
        by: item.quantity,
        reason: 'RENTAL_DELETED',
      })),
      `${rentalReference(id, to)} (deleted)`,
      from,
    );
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'DELETE_RENTAL',
      description: `Deleted rental #${id} from ${from} to ${to}: ${itemsLine(items)} back at ${from}`,
      entityType: 'material_rental',
      entityId: String(id),
      locationId: rental.toLocationId,
      details: {
        fromLocationId: rental.fromLocationId,
        toLocationId: rental.toLocationId,
        items: items.map(({ materialId, quantity }) => ({ materialId, quantity })),
      },
      ip: actor.ip,
    });
    await repo.deleteItems(tx, id);
    await repo.deleteRental(tx, id);
  });
}
