import {
  BILLING_MESSAGES,
  effectiveRentalStatus,
  isoToDisplayDate,
  isPastDate,
  labelOf,
  localToday,
  type MarkReturnedInput,
  RENTAL_MESSAGES,
  RENTAL_REQUEST_MESSAGES as REQUEST_MESSAGES,
  type RentalDto,
  type RentalExportQuery,
  type RentalInput,
  type RentalListDto,
  type RentalListQuery,
  type RentalReturnDto,
  type RentalReturnInput,
  type RentalStatsDto,
  type RentalsWithReturnsDto,
  type RentalsWithReturnsQuery,
  remaining,
  rentalRefusals,
  requestSourceIds,
  type SessionUser,
  type StoredRentalStatus,
  settled,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { checkExportSize, EXPORT_CHUNK, inChunks } from '../../lib/list-export';
import { assertReadable, listScope, scopeOf } from '../../lib/location-scope';
import { isUniqueViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction, type UnitOfWork } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { isRentalBilled } from '../billing/billing.service';
import { hireRatesFor, holdLocation } from '../locations/locations.service';
import { changeStock } from '../materials/materials-ledger.service';
import { createDeliveryNote, createReturnNote } from '../movement-notes/movement-notes.service';
import { notify } from '../notifications/notify';
import { dispatchDay, returnDay } from './material-rentals.dates';
import * as repo from './material-rentals.repository';
import { latestReturnDay } from './material-rentals-history.repository';

/** The server's calendar day (yyyy-MM-dd): what is overdue, and what is in the past. */
export function todayOf(now: Date = new Date()): string {
  return localToday(now);
}

type RentalFields = Awaited<ReturnType<typeof repo.findRental>> & {};

function toRentalDto(row: RentalFields, today: string): RentalDto {
  const { rental, items } = row;
  return {
    id: rental.id,
    fromLocationId: rental.fromLocationId,
    toLocationId: rental.toLocationId,
    fromLocation: { id: rental.fromLocationId, name: row.fromLocationName },
    toLocation: { id: rental.toLocationId, name: row.toLocationName },
    rentalDate: rental.rentalDate,
    expectedReturnDate: rental.expectedReturnDate,
    actualReturnDate: rental.actualReturnDate,
    status: effectiveRentalStatus(rental, today),
    notes: rental.notes,
    rentedById: rental.rentedById,
    rentedBy:
      rental.rentedById !== null && row.rentedByName !== null
        ? { id: rental.rentedById, name: row.rentedByName }
        : null,
    requestId: rental.requestId,
    items,
    createdAt: rental.createdAt.toISOString(),
    updatedAt: rental.updatedAt.toISOString(),
  };
}

// Reads.

export async function listRentals(
  ctx: AppContext,
  user: SessionUser,
  query: RentalListQuery,
): Promise<RentalListDto> {
  const today = todayOf();
  const filters: repo.RentalFilters = {
    toLocationId: listScope(user, query.locationId),
    status: query.status,
    search: query.search,
    today,
  };
  const { rows, total } = await repo.listRentals(ctx.db, filters, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    rentals: rows.map((row) => toRentalDto(row, today)),
    pagination: paginate(total, query.page, query.limit),
  };
}

/** A line of the rentals' export: a rental and one of its items (none for a rental without). */
export type ExportedRentalItem = { rental: RentalDto; item: RentalDto['items'][number] | null };

/**
 * Every rental the list's filters select, every page, newest first, one line an item (the export),
 * scoped as the list: the list's total is checked against the export's cap first (it counts
 * rentals; a rental has a handful of items).
 */
export async function exportRentals(
  ctx: AppContext,
  user: SessionUser,
  filters: Omit<RentalExportQuery, 'format'>,
): Promise<AsyncGenerator<ExportedRentalItem>> {
  const today = todayOf();
  const scoped: repo.RentalFilters = {
    toLocationId: listScope(user, filters.locationId),
    status: filters.status,
    search: filters.search,
    today,
  };
  const { total } = await repo.listRentals(ctx.db, scoped, { limit: 1, offset: 0 });
  checkExportSize(total);
  return rentalItems(
    inChunks((after: { rental: { id: number } } | null) =>
      repo.rentalsAfter(ctx.db, scoped, after?.rental.id ?? null, EXPORT_CHUNK),
    ),
    today,
  );
}

async function* rentalItems(
  rows: AsyncIterable<RentalFields>,
  today: string,
): AsyncGenerator<ExportedRentalItem> {
  for await (const row of rows) {
    const rental = toRentalDto(row, today);
    if (rental.items.length === 0) yield { rental, item: null };
    for (const item of rental.items) yield { rental, item };
  }
}

/** A rental the user may see: a field manager only those whose destination is their location. */
async function readableRental(ctx: AppContext, user: SessionUser, id: number) {
  const row = await repo.findRental(ctx.db, id);
  if (!row) throw notFound(RENTAL_MESSAGES.notFound);
  assertReadable(user, row.rental.toLocationId, RENTAL_MESSAGES.notFound);
  return row;
}

export async function getRental(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<RentalDto> {
  return toRentalDto(await readableRental(ctx, user, id), todayOf());
}

export async function listReturns(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<RentalReturnDto[]> {
  await readableRental(ctx, user, id);
  const rows = await repo.findReturns(ctx.db, id);
  return rows.map(toReturnDto);
}

/**
 * A page of rentals, as `listRentals` gives it for the same filters, with each one's returns as
 * `listReturns` gives them (decision 057): the device's copy reads a field manager's rentals and
 * their return histories in one call. With `since`, only the rentals changed after it have their
 * returns read and sent (a rental's updatedAt moves with each return, each correction of a
 * return's day and each edit). `asOf`, taken before the read, is the next call's `since`.
 */
export async function listRentalsWithReturns(
  ctx: AppContext,
  user: SessionUser,
  query: RentalsWithReturnsQuery,
): Promise<RentalsWithReturnsDto> {
  const asOf = new Date().toISOString();
  const { since, ...filters } = query;
  const page = await listRentals(ctx, user, filters);
  const after = since === undefined ? null : Date.parse(since);
  const changed = page.rentals
    .filter((rental) => after === null || Date.parse(rental.updatedAt) > after)
    .map((rental) => rental.id);
  const byRental = new Map<number, RentalReturnDto[]>(changed.map((id) => [id, []]));
  for (const row of await repo.findReturnsOf(ctx.db, changed)) {
    byRental.get(row.materialRentalId)?.push(toReturnDto(row));
  }
  return {
    ...page,
    returns: changed.map((rentalId) => ({ rentalId, returns: byRental.get(rentalId) ?? [] })),
    asOf,
  };
}

/** A return as the history shows it, with all that came back of its item up to and with it. */
function toReturnDto(row: repo.ReturnRow): RentalReturnDto {
  return {
    id: row.id,
    materialRentalId: row.materialRentalId,
    rentalItemId: row.rentalItemId,
    materialId: row.materialId,
    materialName: row.materialName,
    unit: row.unit,
    rentedQuantity: row.rentedQuantity,
    returnedQuantity: row.returnedQuantity,
    damagedQuantity: row.damagedQuantity,
    lostQuantity: row.lostQuantity,
    cumulativeReturned: row.cumulativeReturned,
    remainingAfter: row.rentedQuantity - row.cumulativeReturned,
    returnDate: row.returnDate,
    recordedAt: row.recordedAt.toISOString(),
    notes: row.notes,
    returnedBy:
      row.returnedById !== null && row.returnedByName !== null
        ? { id: row.returnedById, name: row.returnedByName }
        : null,
  };
}

/**
 * The stats (02 section 2.9) of the rentals the viewer may see, as of the server's day: the items
 * rented are those returned good, damaged, lost and outstanding (PRODUCT-DECISIONS, decision 043).
 */
export async function rentalStats(ctx: AppContext, user: SessionUser): Promise<RentalStatsDto> {
  const rows = await repo.statsByLocation(ctx.db, todayOf(), scopeOf(user) ?? undefined);
  const sum = (key: keyof (typeof rows)[number]) =>
    rows.reduce((total, row) => total + Number(row[key]), 0);
  return {
    total: sum('total'),
    active: sum('active'),
    returned: sum('returned'),
    overdue: sum('overdue'),
    itemsRented: sum('rented'),
    itemsReturned: sum('returnedItems'),
    itemsWrittenOff: sum('writtenOff'),
    itemsDamaged: sum('damaged'),
    itemsLost: sum('lost'),
    itemsOutstanding: sum('outstanding'),
    byLocation: rows.map((row) => ({
      location: { id: row.id, name: row.name },
      rented: row.rented,
      returned: row.returnedItems,
      writtenOff: row.writtenOff,
      damaged: row.damaged,
      lost: row.lost,
      outstanding: row.outstanding,
    })),
  };
}

// Writes.

/** The locations a write names (and the one it leaves), held in id order as every writer holds them. */
async function holdLocations(
  tx: DbExecutor,
  input: Pick<RentalInput, 'fromLocationId' | 'toLocationId'>,
  previousFrom?: number,
) {
  const ids = [input.fromLocationId, input.toLocationId, previousFrom ?? input.fromLocationId];
  const held = new Map<number, Awaited<ReturnType<typeof holdLocation>>>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const field = id === input.toLocationId ? 'toLocationId' : 'fromLocationId';
    held.set(id, await holdLocation(tx, id, field));
  }
  return held;
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

type LedgerStep = {
  materialId: number;
  by: number;
  reason: 'RENTAL_OUT' | 'RENTAL_RETURN' | 'RENTAL_LOST' | 'RENTAL_DAMAGED' | 'RENTAL_DELETED';
  /** Units into the material's repair stock (a return's damaged units). */
  repair?: number;
  /** The return those damaged units came back with (decision 044). */
  returnId?: number;
  /** The day it happened (decision 048); left out, the day it is written. */
  occurredOn?: string;
  /** What the movement's reference adds to the rental's (a return's damaged or lost units). */
  note?: string;
  /** Where the item sits in the body, for a shortfall's field. */
  index?: number;
  recordUnchanged?: boolean;
};

/**
 * Moves stock for a rental through the ledger, one movement per step, in material id order (so
 * that two rentals of the same materials lock them in the same order). A shortfall is 409 with
 * what is available, on the item's field.
 */
async function moveStock(
  ctx: AppContext,
  uow: UnitOfWork,
  actor: Actor,
  steps: LedgerStep[],
  reference: string,
  locationName: string,
) {
  const ordered = [...steps].sort((a, b) => a.materialId - b.materialId || a.by - b.by);
  for (const step of ordered) {
    try {
      await changeStock(ctx, uow, {
        materialId: step.materialId,
        change: { by: step.by },
        repair: step.repair,
        returnId: step.returnId,
        occurredOn: step.occurredOn,
        reason: step.reason,
        reference: step.note ? `${reference}: ${step.note}` : reference,
        userId: actor.user.id,
        locationName,
        recordUnchanged: step.recordUnchanged,
      });
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

const rentalReference = (id: number, toName: string) => `Rental #${id} to ${toName}`;

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

function itemsLine(items: { materialName: string; quantity: number; unit: string }[]) {
  return items
    .map((item) => `${item.quantity} ${labelOf(item.unit)} ${item.materialName}`)
    .join(', ');
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
      const held = await holdLocations(tx, input);
      const from = held.get(input.fromLocationId)!;
      const to = held.get(input.toLocationId)!;
      if (to.status !== 'ACTIVE') {
        const message = RENTAL_MESSAGES.toLocationInactive;
        throw badRequest(message, [{ path: 'toLocationId', message }]);
      }
      await checkRequest(tx, input.requestId, from, to.id);
      const items = await itemsToStore(tx, from.id, input.items, to.id);
      // The day the material left (decision 048): today unless the dispatch says another.
      const rentalDate = dispatchDay(actor, input.rentalDate);
      const rental = await repo.insertRental(tx, {
        fromLocationId: from.id,
        toLocationId: to.id,
        rentalDate,
        expectedReturnDate: input.expectedReturnDate,
        status: 'ACTIVE',
        notes: input.notes ?? null,
        rentedById: actor.user.id,
        requestId: input.requestId ?? null,
      });
      await repo.insertItems(tx, rental.id, items);
      // Its delivery note, numbered in this transaction (decision 042).
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
          // The day it left, beside when it was recorded (the entry's time): decision 048.
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

/** The rental locked for a change; missing is 404. */
async function lockedRental(tx: DbExecutor, id: number) {
  const rental = await repo.lockRental(tx, id);
  if (!rental) throw notFound(RENTAL_MESSAGES.notFound);
  return rental;
}

/** A refusal of the shared rule (rentalRefusals, which the screens read too) as a 409. */
function refuse(refusal: string | null) {
  if (refusal) throw conflict(refusal);
}

/** Returns end with the rental: they do not depend on its items. */
function refuseClosed(rental: repo.RentalRow) {
  refuse(rentalRefusals({ status: rental.status, items: [] }).returns);
}

/**
 * The line as it stands with a return's units added, or null when all that came back would be
 * more than went out. The line's figures are the sums of its returns (decision 050), read with the
 * rental held FOR UPDATE: no other return of the rental is written before this one's.
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
async function returnEverything(
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
    const row = await repo.insertReturn(uow.tx, {
      rentalId: rental.id,
      rentalItemId: item.id,
      returnDate,
      returnedQuantity: quantity,
      notes,
      returnedById: actor.user.id,
    });
    // Every return has its note, the rest returned at once as much as a return counted in.
    await createReturnNote(uow, { returnId: row.id, userId: actor.user.id });
    back.push({ item, quantity });
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
  await repo.updateRental(uow.tx, rental.id, {
    status: 'RETURNED',
    actualReturnDate: (await latestReturnDay(uow.tx, rental.id)) ?? returnDate,
  });
  return { back, total };
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
      const held = await holdLocations(tx, input, rental.fromLocationId);
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

async function announceReturn(
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
    const rental = await lockedRental(uow.tx, id);
    refuseClosed(rental);
    // The day the hire of what is still out ended (decision 063): today unless it says.
    const returnDate = returnDay(actor, rental.rentalDate, input.returnDate);
    const items = await repo.findItems(uow.tx, [id]);
    const names = await repo.locationNames(uow.tx, [rental.fromLocationId, rental.toLocationId]);
    const where = {
      from: names.get(rental.fromLocationId) ?? '',
      to: names.get(rental.toLocationId) ?? '',
    };
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
    const rental = await lockedRental(tx, id);
    // A field manager returns the rentals at their location; another's does not exist for them.
    assertReadable(actor.user, rental.toLocationId, RENTAL_MESSAGES.notFound);
    refuseClosed(rental);
    const items = await repo.findItems(tx, [id]);
    const item = items.find((candidate) => candidate.id === input.rentalItemId);
    if (!item) {
      const message = RENTAL_MESSAGES.returnItemRequired;
      throw badRequest(message, [{ path: 'rentalItemId', message }]);
    }
    // The day the hire ended for what came back (decision 048): today unless the return says.
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
    const row = await repo.insertReturn(tx, {
      rentalId: id,
      rentalItemId: item.id,
      returnDate,
      returnedQuantity: units.good,
      damagedQuantity: units.damaged,
      lostQuantity: units.lost,
      notes: input.notes ?? null,
      returnedById: actor.user.id,
    });
    // Its return note, numbered in this transaction (decision 042).
    await createReturnNote(uow, { returnId: row.id, userId: actor.user.id });
    const names = await repo.locationNames(tx, [rental.fromLocationId, rental.toLocationId]);
    const where = {
      from: names.get(rental.fromLocationId) ?? '',
      to: names.get(rental.toLocationId) ?? '',
    };
    // One movement per condition (decision 043): good units into stock, damaged ones into its
    // repair stock, lost ones written off (recorded, nothing comes back).
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
    await repo.updateRental(
      tx,
      id,
      // Back whole: on the day of its latest return (the returns may be entered out of order).
      complete ? { status: 'RETURNED', actualReturnDate: await latestReturnDay(tx, id) } : {},
    );
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
        // The day it happened, beside when it was recorded (the entry's time): decision 048.
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

/** A rental on an invoice keeps its items as billed (decision 044): 409 to a change of them. */
async function refuseBilled(tx: DbExecutor, id: number) {
  if (await isRentalBilled(tx, id)) throw conflict(BILLING_MESSAGES.rentalBilled);
}

export async function removeRental(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const rental = await lockedRental(tx, id);
    const items = await repo.findItems(tx, [id]);
    refuse(rentalRefusals({ status: rental.status, items }).delete);
    await refuseBilled(tx, id);
    const names = await repo.locationNames(tx, [rental.fromLocationId, rental.toLocationId]);
    const from = names.get(rental.fromLocationId) ?? '';
    const to = names.get(rental.toLocationId) ?? '';
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
