import {
  effectiveRentalStatus,
  localToday,
  RENTAL_MESSAGES,
  type RentalDto,
  type RentalExportQuery,
  type RentalListDto,
  type RentalListQuery,
  type RentalReturnDto,
  type RentalStatsDto,
  type RentalsWithReturnsDto,
  type RentalsWithReturnsQuery,
  type SessionUser,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { checkExportSize, EXPORT_CHUNK, inChunks } from '../../lib/list-export';
import { assertReadable, listScope, scopeOf } from '../../lib/location-scope';
import { paginate } from '../../lib/reply';
import * as repo from './material-rentals.repository';

/**
 * Rentals as they are read: the list, its export, one rental, its returns, the device's copy, the
 * stats. What changes them lives beside: material-rentals-dispatch (a rental made, edited,
 * deleted), material-rentals-returns, material-rentals.corrections (an admin's corrections).
 */

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

/**
 * That the rental exists and the user may see it (`readableRental`'s 404), read from its row alone:
 * what a write checks before it reads its body, without reading the whole rental.
 */
export async function assertRentalReadable(ctx: AppContext, user: SessionUser, id: number) {
  const toLocationId = await repo.destinationOf(ctx.db, id);
  if (toLocationId === null) throw notFound(RENTAL_MESSAGES.notFound);
  assertReadable(user, toLocationId, RENTAL_MESSAGES.notFound);
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
 * `listReturns` gives them: the device's copy reads a field manager's rentals and
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
export function toReturnDto(row: repo.ReturnRow): RentalReturnDto {
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
 * rented are those returned good, damaged, lost and outstanding (PRODUCT-DECISIONS).
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
