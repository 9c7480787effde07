import {
  STAFF_MESSAGES as M,
  type SessionUser,
  type StaffDto,
  type StaffFilters,
  type StaffInput,
  type StaffListQuery,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { assertReadable, assertWritable, listScope, scopeOf } from '../../lib/location-scope';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { holdLocation } from '../locations/locations.service';
import * as repo from './staff.repository';

type Listed = NonNullable<Awaited<ReturnType<typeof repo.readStaff>>>;

function toStaffDto({ staff, location }: Listed): StaffDto {
  return {
    id: staff.id,
    name: staff.name,
    email: staff.email,
    phone: staff.phone,
    position: staff.position,
    locationId: staff.locationId,
    location,
    department: staff.department,
    hireDate: staff.hireDate,
    salary: staff.salary,
    status: staff.status,
    address: staff.address,
    emergencyContact: staff.emergencyContact,
    emergencyPhone: staff.emergencyPhone,
    createdAt: staff.createdAt.toISOString(),
    updatedAt: staff.updatedAt.toISOString(),
  };
}

/** The filters a user's list takes: a field manager's location, whatever they asked. */
function scopedFilters(user: SessionUser, filters: StaffFilters): repo.StaffFilters {
  return { ...filters, locationId: listScope(user, filters.locationId) };
}

export async function listStaff(ctx: AppContext, user: SessionUser, query: StaffListQuery) {
  const { page, limit, ...filters } = query;
  const { rows, total } = await repo.listStaff(ctx.db, scopedFilters(user, filters), {
    limit,
    offset: (page - 1) * limit,
  });
  return { items: rows.map(toStaffDto), pagination: paginate(total, page, limit) };
}

/** Everything the filters select, every page (the export). */
export async function exportStaff(ctx: AppContext, user: SessionUser, filters: StaffFilters) {
  const rows = await repo.allStaff(ctx.db, scopedFilters(user, filters));
  return rows.map(toStaffDto);
}

/** The ACTIVE staff the user may see (the Mark Attendance picker). */
export async function activeStaff(ctx: AppContext, user: SessionUser) {
  const scope = scopeOf(user);
  const rows = await repo.activeStaff(ctx.db, scope ?? undefined);
  return rows.map(toStaffDto);
}

/** One live staff member; another location's is 404 to a field manager. */
export async function getStaff(ctx: AppContext, user: SessionUser, id: number): Promise<StaffDto> {
  const row = await repo.readStaff(ctx.db, id);
  if (!row) throw notFound(M.notFound);
  assertReadable(user, row.staff.locationId, M.notFound);
  return toStaffDto(row);
}

/** The row's values from the form's: the email as typed, trimmed. */
function valuesOf(input: StaffInput): repo.StaffValues {
  return { ...input, email: input.email.trim() };
}

const emailTaken = () =>
  new AppError('CONFLICT', M.emailTaken, [{ path: 'email', message: M.emailTaken }]);

/** A write's failures that are the caller's: a taken email (409), a location gone meanwhile (400). */
function refusalOf(error: unknown) {
  if (isUniqueViolation(error, 'staff_email_unique')) return emailTaken();
  if (isForeignKeyViolation(error)) {
    return badRequest(M.locationInvalid, [{ path: 'locationId', message: M.locationInvalid }]);
  }
  return error;
}

const locationOf = (tx: DbExecutor, id: number) =>
  holdLocation(tx, id, () =>
    badRequest(M.locationInvalid, [{ path: 'locationId', message: M.locationInvalid }]),
  );

export async function createStaff(ctx: AppContext, actor: Actor, input: StaffInput) {
  assertWritable(actor.user, input.locationId);
  try {
    return await inTransaction(ctx, async ({ tx }) => {
      const location = await locationOf(tx, input.locationId);
      const row = await repo.insertStaff(tx, valuesOf(input));
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'CREATE_STAFF',
        description: `Added staff member ${row.name} (${row.position}) at ${location.name}`,
        entityType: 'staff',
        entityId: String(row.id),
        locationId: row.locationId,
        details: { ...valuesOf(input) },
        ip: actor.ip,
      });
      return toStaffDto({ staff: row, location: location.name });
    });
  } catch (error) {
    throw refusalOf(error);
  }
}

/** Changes a staff member; moving them is a write at both locations (403 unless both are the user's). */
export async function updateStaff(ctx: AppContext, actor: Actor, id: number, input: StaffInput) {
  try {
    return await inTransaction(ctx, async ({ tx }) => {
      const before = await repo.lockStaff(tx, id);
      if (!before) throw notFound(M.notFound);
      assertReadable(actor.user, before.locationId, M.notFound);
      assertWritable(actor.user, before.locationId, input.locationId);
      const location = await locationOf(tx, input.locationId);
      const row = (await repo.updateStaff(tx, id, valuesOf(input)))!;
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'UPDATE_STAFF',
        description: `Updated staff member ${row.name}`,
        entityType: 'staff',
        entityId: String(id),
        locationId: row.locationId,
        details: {
          before: { ...before, createdAt: undefined, updatedAt: undefined, deletedAt: undefined },
          after: valuesOf(input),
        },
        ip: actor.ip,
      });
      return toStaffDto({ staff: row, location: location.name });
    });
  } catch (error) {
    throw refusalOf(error);
  }
}

/** Takes a staff member off the lists; their attendance records stay (a soft delete). */
export async function deleteStaff(ctx: AppContext, actor: Actor, id: number) {
  await inTransaction(ctx, async ({ tx }) => {
    const before = await repo.lockStaff(tx, id);
    if (!before) throw notFound(M.notFound);
    assertReadable(actor.user, before.locationId, M.notFound);
    assertWritable(actor.user, before.locationId);
    await repo.softDeleteStaff(tx, id);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'DELETE_STAFF',
      description: `Deleted staff member ${before.name}`,
      entityType: 'staff',
      entityId: String(id),
      locationId: before.locationId,
      details: { name: before.name, email: before.email },
      ip: actor.ip,
    });
  });
}

/**
 * The staff an import adds and changes, in the import's transaction: only this
 * module writes its table, so a rule it adds holds for imported rows too. Written in batches.
 */
export async function saveImportedStaff(
  tx: DbExecutor,
  rows: ReadonlyArray<repo.ImportedStaffValues & { id: number | null }>,
) {
  await repo.updateStaffMany(
    tx,
    rows.filter((r): r is repo.ImportedStaffValues & { id: number } => r.id !== null),
  );
  await repo.insertStaffMany(
    tx,
    rows.filter((r) => r.id === null).map(({ id: _id, ...values }) => values),
  );
}
