import type {
  CustomerRate,
  CustomerRateInput,
  HireRate,
  LocationDto,
  LocationInput,
  LocationListQuery,
  LocationOption,
  LocationStats,
  SessionUser,
} from '@stockyard/shared';
import {
  LOCATION_NAME_TAKEN,
  MESSAGES,
  MONEY_MESSAGES,
  mayChangeLocationStatus,
  mayChangeSiteCustomer,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { assertReadable, assertWritable, scopeOf } from '../../lib/location-scope';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { requireType } from '../catalogue/catalogue.service';
import {
  countMaterialsWithHistoryAt,
  deleteMaterialsWithoutHistoryAt,
} from '../materials/materials-at-location.service';
import * as repo from './locations.repository';

const LOCATION_NOT_FOUND = MESSAGES.locationNotFound;
const SET_INACTIVE_ADVICE = 'Set it to Inactive instead.';
const ONLY_ADMINS_CHANGE_STATUS = "Only an admin can change a location's status.";
const ONLY_ADMINS_CHANGE_CUSTOMER = "Only an admin can change a site's customer.";

const CUSTOMER_TEXTS = [
  'customerName',
  'customerAddress',
  'customerEmail',
  'customerVatId',
  'customerZeroRating',
  'customerPostcode',
  'customerCity',
  'customerCountryCode',
  'customerBuyerReference',
] as const;

/**
 * Whether an edit names another customer than the location has: a text sent that differs, or
 * zero-rating asked for. A customer left out (blank, or not zero-rated) asks for no change: an
 * edit by someone who may not change the customer keeps it (`keepCustomer`).
 */
function customerChanged(before: repo.LocationRow, input: LocationInput): boolean {
  return (
    CUSTOMER_TEXTS.some((field) => input[field] != null && input[field] !== before[field]) ||
    (input.customerZeroRated === true && !before.customerZeroRated)
  );
}

/** The edit with the location's customer as it is. */
const keepCustomer = (before: repo.LocationRow, input: LocationInput): LocationInput => ({
  ...input,
  ...customerOf(before),
});

/** The unique index on the name (lower, trimmed) settles concurrent writes too: 409 on the field. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'locations_name_unique')) {
      throw new AppError('CONFLICT', LOCATION_NAME_TAKEN, [
        { path: 'name', message: LOCATION_NAME_TAKEN },
      ]);
    }
    throw error;
  }
}

/** A site's customer, as the DTO and the activity entries show it. */
function customerOf(row: repo.LocationRow) {
  return {
    customerName: row.customerName,
    customerAddress: row.customerAddress,
    customerEmail: row.customerEmail,
    customerVatId: row.customerVatId,
    customerZeroRated: row.customerZeroRated,
    customerZeroRating: row.customerZeroRating,
    customerPostcode: row.customerPostcode,
    customerCity: row.customerCity,
    customerCountryCode: row.customerCountryCode,
    customerBuyerReference: row.customerBuyerReference,
  };
}

/** What an activity entry records of a location. */
function describe(row: repo.LocationRow) {
  return {
    name: row.name,
    address: row.address,
    type: row.type,
    status: row.status,
    ...customerOf(row),
  };
}

function toLocationDto(row: repo.LocationRow): LocationDto {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    type: row.type,
    status: row.status,
    ...customerOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A field manager's list: their own location, when it passes the filters. */
async function ownLocationListed(ctx: AppContext, scope: number, filter: repo.LocationFilter) {
  const own = await repo.findLocation(ctx.db, scope);
  return own &&
    (!filter.type || own.type === filter.type) &&
    (!filter.status || own.status === filter.status)
    ? [own]
    : [];
}

export async function listLocations(ctx: AppContext, user: SessionUser, query: LocationListQuery) {
  const scope = scopeOf(user);
  if (scope !== null) {
    const rows = await ownLocationListed(ctx, scope, query);
    const items = query.page === 1 ? rows.map(toLocationDto) : [];
    return { items, pagination: paginate(rows.length, query.page, query.limit) };
  }
  const { rows, total } = await repo.listLocations(
    ctx.db,
    { type: query.type, status: query.status },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { items: rows.map(toLocationDto), pagination: paginate(total, query.page, query.limit) };
}

/** Every location the list's filters select, every page, in its order (the export). */
export async function exportLocations(
  ctx: AppContext,
  user: SessionUser,
  filter: repo.LocationFilter,
): Promise<LocationDto[]> {
  const scope = scopeOf(user);
  const rows =
    scope !== null
      ? await ownLocationListed(ctx, scope, filter)
      : await repo.allLocations(ctx.db, { type: filter.type, status: filter.status });
  return rows.map(toLocationDto);
}

export async function getLocation(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<LocationDto> {
  assertReadable(user, id, LOCATION_NOT_FOUND);
  const row = await repo.findLocation(ctx.db, id);
  if (!row) throw notFound(LOCATION_NOT_FOUND);
  return toLocationDto(row);
}

/** Every location's id, name and status, for pickers: open to every signed-in user. */
export async function locationOptions(ctx: AppContext): Promise<LocationOption[]> {
  return repo.listLocationOptions(ctx.db);
}

export async function createLocation(
  ctx: AppContext,
  actor: Actor,
  input: LocationInput,
): Promise<LocationDto> {
  return inTransaction(ctx, async ({ tx }) => {
    const row = await withUniqueName(() => repo.insertLocation(tx, input));
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'CREATE_LOCATION',
      description: `Created location ${row.name}`,
      entityType: 'location',
      entityId: String(row.id),
      locationId: row.id,
      details: describe(row),
      ip: actor.ip,
    });
    return toLocationDto(row);
  });
}

export async function updateLocation(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: LocationInput,
): Promise<LocationDto> {
  assertReadable(actor.user, id, LOCATION_NOT_FOUND);
  return inTransaction(ctx, async ({ tx }) => {
    const before = await repo.lockLocation(tx, id, 'update');
    if (!before) throw notFound(LOCATION_NOT_FOUND);
    assertWritable(actor.user, id);
    if (input.status !== before.status && !mayChangeLocationStatus(actor.user)) {
      throw forbidden(ONLY_ADMINS_CHANGE_STATUS);
    }
    const customerOwner = mayChangeSiteCustomer(actor.user);
    if (!customerOwner && customerChanged(before, input)) {
      throw forbidden(ONLY_ADMINS_CHANGE_CUSTOMER);
    }
    const values = customerOwner ? input : keepCustomer(before, input);
    const row = (await withUniqueName(() => repo.updateLocation(tx, id, values)))!;
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_LOCATION',
      description: `Updated location ${row.name}`,
      entityType: 'location',
      entityId: String(row.id),
      locationId: row.id,
      details: { before: describe(before), after: describe(row) },
      ip: actor.ip,
    });
    return toLocationDto(row);
  });
}

/**
 * Removes a location that nothing refers to, with its own materials that never moved stock.
 * Anything with history (users, stock movements, and the records of later modules through
 * their foreign keys) keeps it: the answer is 409 with the advice to set it Inactive.
 */
export async function removeLocation(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  try {
    await inTransaction(ctx, async ({ tx }) => {
      // FOR UPDATE: waits for a transfer holding it (holdLocation), then sees the stock it moved.
      const location = await repo.lockLocation(tx, id, 'delete');
      if (!location) throw notFound(LOCATION_NOT_FOUND);
      const userCount = await repo.countUsersAt(tx, id);
      if (userCount > 0) {
        throw conflict(
          `${location.name} cannot be deleted: ${userCount} ${userCount === 1 ? 'user is' : 'users are'} assigned to it. ${SET_INACTIVE_ADVICE}`,
        );
      }
      const invoiceCount = await repo.countInvoicesAt(tx, id);
      if (invoiceCount > 0) {
        throw conflict(
          `${location.name} cannot be deleted: ${invoiceCount} ${invoiceCount === 1 ? 'invoice refers' : 'invoices refer'} to it. ${SET_INACTIVE_ADVICE}`,
        );
      }
      const rentalCount = await repo.countRentalsAt(tx, id);
      if (rentalCount > 0) {
        throw conflict(
          `${location.name} cannot be deleted: ${rentalCount} ${rentalCount === 1 ? 'rental refers' : 'rentals refer'} to it. ${SET_INACTIVE_ADVICE}`,
        );
      }
      const requestCount = await repo.countRequestsAt(tx, id);
      if (requestCount > 0) {
        throw conflict(
          `${location.name} cannot be deleted: ${requestCount} rental ${requestCount === 1 ? 'request refers' : 'requests refer'} to it. ${SET_INACTIVE_ADVICE}`,
        );
      }
      const withHistory = await countMaterialsWithHistoryAt(tx, id);
      if (withHistory > 0) {
        throw conflict(
          `${location.name} cannot be deleted: ${withHistory} ${withHistory === 1 ? 'material has' : 'materials have'} stock history. ${SET_INACTIVE_ADVICE}`,
        );
      }
      const removedMaterials = await deleteMaterialsWithoutHistoryAt(tx, id);
      // Recorded before the row goes: the entry's location reference is cleared by the delete.
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'DELETE_LOCATION',
        description: `Deleted location ${location.name}`,
        entityType: 'location',
        entityId: String(id),
        locationId: id,
        details: {
          name: location.name,
          address: location.address,
          type: location.type,
          removedMaterials,
        },
        ip: actor.ip,
      });
      await repo.deleteLocation(tx, id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw conflict(
        `This location cannot be deleted: other records refer to it. ${SET_INACTIVE_ADVICE}`,
      );
    }
    throw error;
  }
}

export async function locationStats(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<LocationStats> {
  assertReadable(user, id, LOCATION_NOT_FOUND);
  const location = await repo.findLocation(ctx.db, id);
  if (!location) throw notFound(LOCATION_NOT_FOUND);
  const stats = await repo.locationStats(ctx.db, id);
  return { locationId: id, ...stats };
}

/**
 * The one way a write finds a location it is about to refer to: held (FOR KEY SHARE) until its
 * transaction ends, so that a deletion (FOR UPDATE) waits for the write or the write for it.
 * Missing is the body's fault, a 400 on the field `missing` names, or the error it makes.
 */
export async function holdLocation(
  db: DbExecutor,
  id: number,
  missing: string | (() => AppError) = 'locationId',
) {
  const location = await repo.lockLocation(db, id, 'refer');
  if (location) return location;
  throw typeof missing === 'string'
    ? badRequest(LOCATION_NOT_FOUND, [{ path: missing, message: LOCATION_NOT_FOUND }])
    : missing();
}

/**
 * `holdLocation` for the several locations a write names, in one statement: each `{ id, field }`
 * held in id order; the first missing one, in id order, refused on its field.
 */
export async function holdLocations(
  db: DbExecutor,
  wanted: ReadonlyArray<{ id: number; field: string }>,
) {
  const held = new Map(
    (await repo.lockLocations(db, [...new Set(wanted.map((w) => w.id))], 'refer')).map(
      (location) => [location.id, location],
    ),
  );
  const missing = [...wanted].sort((a, b) => a.id - b.id).find((w) => !held.has(w.id));
  if (missing) {
    throw badRequest(LOCATION_NOT_FOUND, [{ path: missing.field, message: LOCATION_NOT_FOUND }]);
  }
  return held;
}

/** A location's name, unheld (null: none): only to word a deletion that a hold then waited for. */
export async function locationName(db: DbExecutor, id: number) {
  return (await repo.findLocation(db, id))?.name ?? null;
}

// ---------------------------------------------------------------------------------------------
// A site's customer's own hire rates: an admin's
// ---------------------------------------------------------------------------------------------

/** A rate of a day price (null: none), week price and minimum, as the hire engine takes it. */
function hireRateOf(
  dayCents: number | null,
  weekCents: number | null,
  minimumDays: number | null,
): HireRate | null {
  return dayCents === null ? null : { dayCents, weekCents, minimumDays: minimumDays ?? 0 };
}

function toCustomerRate(row: Awaited<ReturnType<typeof repo.listCustomerRates>>[number]) {
  return {
    materialTypeId: row.materialTypeId,
    materialTypeName: row.materialTypeName,
    itemNumber: row.itemNumber,
    unit: row.unit,
    dayCents: row.dayCents,
    weekCents: row.weekCents,
    minimumDays: row.minimumDays,
    // A rate that states no minimum inherits the catalogue's.
    effectiveMinimumDays: row.minimumDays ?? row.catalogueMinimumDays,
    catalogue: hireRateOf(row.catalogueDayCents, row.catalogueWeekCents, row.catalogueMinimumDays),
  } satisfies CustomerRate;
}

const requireLocationOf = (db: DbExecutor, id: number) =>
  holdLocation(db, id, () => notFound(LOCATION_NOT_FOUND));

/** A site's own hire rates, by material name, each with the catalogue's beside it. */
export async function listCustomerRates(ctx: AppContext, id: number): Promise<CustomerRate[]> {
  const location = await repo.findLocation(ctx.db, id);
  if (!location) throw notFound(LOCATION_NOT_FOUND);
  return (await repo.listCustomerRates(ctx.db, id)).map(toCustomerRate);
}

/** Sets a site's own rate for a material type, over the catalogue's. */
export async function setCustomerRate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  materialTypeId: number,
  input: CustomerRateInput,
): Promise<CustomerRate> {
  return inTransaction(ctx, async ({ tx }) => {
    const location = await requireLocationOf(tx, id);
    const type = await requireType(tx, materialTypeId);
    const before = await repo.findCustomerRate(tx, id, materialTypeId);
    await repo.saveCustomerRate(tx, id, materialTypeId, input);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'SET_CUSTOMER_RATE',
      description: `Set the hire rate of ${type.name} at ${location.name}`,
      entityType: 'location',
      entityId: String(id),
      locationId: id,
      details: {
        materialTypeId,
        before: before && {
          dayCents: before.dayCents,
          weekCents: before.weekCents,
          minimumDays: before.minimumDays,
        },
        after: input,
      },
      ip: actor.ip,
    });
    return toCustomerRate((await repo.findCustomerRate(tx, id, materialTypeId))!);
  });
}

/** Removes a site's own rate for a material type: the catalogue's prices its hire again. */
export async function removeCustomerRate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  materialTypeId: number,
): Promise<void> {
  await inTransaction(ctx, async ({ tx }) => {
    const location = await requireLocationOf(tx, id);
    const type = await requireType(tx, materialTypeId);
    if (!(await repo.deleteCustomerRate(tx, id, materialTypeId))) {
      throw notFound(MONEY_MESSAGES.rateNotFound);
    }
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'REMOVE_CUSTOMER_RATE',
      description: `Removed the own hire rate of ${type.name} at ${location.name}`,
      entityType: 'location',
      entityId: String(id),
      locationId: id,
      details: { materialTypeId },
      ip: actor.ip,
    });
  });
}

/**
 * The rate that prices the hire of each material type at a site (the billing run's): the site's
 * own when it has one, else the catalogue's, null when neither has a day rate (or the type does
 * not exist). One query for all of them.
 */
export async function hireRatesFor(
  db: DbExecutor,
  locationId: number,
  materialTypeIds: readonly number[],
): Promise<Map<number, HireRate | null>> {
  const rates = new Map<number, HireRate | null>(materialTypeIds.map((typeId) => [typeId, null]));
  for (const row of await repo.hireRates(db, locationId, materialTypeIds)) {
    rates.set(
      row.materialTypeId,
      // The customer's rate; a minimum it does not state is the catalogue's.
      hireRateOf(row.dayCents, row.weekCents, row.minimumDays ?? row.catalogueMinimumDays) ??
        hireRateOf(row.catalogueDayCents, row.catalogueWeekCents, row.catalogueMinimumDays),
    );
  }
  return rates;
}

/**
 * The locations an import adds and changes, in the import's transaction: only this module writes
 * its table, so a rule it adds holds for imported rows too.
 */
export async function saveImportedLocations(
  tx: DbExecutor,
  rows: ReadonlyArray<repo.ImportedLocationValues & { id: number | null }>,
) {
  await repo.updateLocationsMany(
    tx,
    rows.filter((r): r is repo.ImportedLocationValues & { id: number } => r.id !== null),
  );
  await repo.insertLocationsMany(
    tx,
    rows.filter((r) => r.id === null).map(({ id: _id, ...values }) => values),
  );
}
