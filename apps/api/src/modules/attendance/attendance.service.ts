import {
  ATTENDANCE_STATUSES,
  type AttendanceDto,
  type AttendanceFilters,
  type AttendanceInput,
  type AttendanceListQuery,
  type AttendanceOverview,
  attendanceTime,
  ATTENDANCE_MESSAGES as M,
  type SessionUser,
  type UpdateAttendanceInput,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { checkExportSize } from '../../lib/list-export';
import { assertReadable, assertWritable, listScope, scopeOf } from '../../lib/location-scope';
import { isCheckViolation, isExclusionViolation, isForeignKeyViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { getStaff } from '../staff/staff.service';
import * as repo from './attendance.repository';

type Listed = repo.ListedAttendance | NonNullable<Awaited<ReturnType<typeof repo.findAttendance>>>;

function toAttendanceDto({ attendance: a, staffName, location }: Listed): AttendanceDto {
  return {
    id: a.id,
    staffId: a.staffId,
    staffName,
    locationId: a.locationId,
    location,
    date: a.date,
    checkIn: attendanceTime(a.checkIn),
    checkOut: attendanceTime(a.checkOut),
    status: a.status,
    notes: a.notes,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The filters a user's list takes: a field manager's location, whatever they asked. */
function scopedFilters(user: SessionUser, filters: AttendanceFilters): repo.AttendanceFilters {
  return { ...filters, locationId: listScope(user, filters.locationId) };
}

export async function listAttendance(
  ctx: AppContext,
  user: SessionUser,
  query: AttendanceListQuery,
) {
  const { page, limit, ...filters } = query;
  const { rows, total } = await repo.listAttendance(ctx.db, scopedFilters(user, filters), {
    limit,
    offset: (page - 1) * limit,
  });
  return { items: rows.map(toAttendanceDto), pagination: paginate(total, page, limit) };
}

/** A row of the export: the list's columns as the screen shows them. */
export type ExportedRow = Pick<
  AttendanceDto,
  'staffName' | 'location' | 'date' | 'checkIn' | 'checkOut' | 'status' | 'notes'
>;

/**
 * Every record the filters select, every page (the export), as they are read. The filters are
 * scoped as the list's, and the list's total checked against the export's cap, before anything
 * is written: another location is 404, too many rows 400.
 */
export async function exportAttendance(
  ctx: AppContext,
  user: SessionUser,
  filters: AttendanceFilters,
): Promise<AsyncGenerator<ExportedRow>> {
  const scoped = scopedFilters(user, filters);
  const { total } = await repo.listAttendance(ctx.db, scoped, { limit: 1, offset: 0 });
  checkExportSize(total);
  return exportedRows(ctx, scoped);
}

async function* exportedRows(
  ctx: AppContext,
  filters: repo.AttendanceFilters,
): AsyncGenerator<ExportedRow> {
  for await (const row of repo.allAttendance(ctx.db, filters)) {
    yield {
      staffName: row.staffName,
      location: row.location,
      date: row.date,
      checkIn: attendanceTime(row.checkIn),
      checkOut: attendanceTime(row.checkOut),
      status: row.status,
      notes: row.notes,
    };
  }
}

/** A live staff member's records (one day, or all); another location's staff member is 404. */
export async function attendanceOfStaff(
  ctx: AppContext,
  user: SessionUser,
  staffId: number,
  date: string | undefined,
) {
  await getStaff(ctx, user, staffId);
  const rows = await repo.attendanceOfStaff(ctx.db, staffId, {
    date,
    locationId: scopeOf(user) ?? undefined,
  });
  return rows.map(toAttendanceDto);
}

/** A live staff member's records counted by status (the Attendance Overview). */
export async function overviewOfStaff(
  ctx: AppContext,
  user: SessionUser,
  staffId: number,
): Promise<AttendanceOverview> {
  await getStaff(ctx, user, staffId);
  const rows = await repo.overviewOfStaff(ctx.db, staffId, scopeOf(user) ?? undefined);
  const overview = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as AttendanceOverview;
  for (const row of rows) overview[row.status] = row.n;
  return overview;
}

/** What a write tried to store: whose record, which one (an update's), its day and times. */
type Attempt = {
  staffId: number;
  id?: number;
  values: Pick<repo.AttendanceValues, 'date' | 'checkIn' | 'checkOut'>;
};

/**
 * A write's failures that are the caller's: an overlap (409, also when two writes race: the
 * exclusion constraint decides) naming the other record's location, day and times, whether it is
 * at the same site or another; a location gone meanwhile (400).
 */
async function refusalOf(ctx: AppContext, error: unknown, attempt: () => Promise<Attempt | null>) {
  if (isExclusionViolation(error, 'attendance_no_overlap')) {
    const tried = await attempt();
    const other = tried
      ? await repo.overlappingAttendance(ctx.db, tried.staffId, tried.values, tried.id)
      : null;
    return new AppError(
      'CONFLICT',
      other
        ? M.overlapWith({
            location: other.location,
            date: other.attendance.date,
            checkIn: other.attendance.checkIn,
            checkOut: other.attendance.checkOut,
          })
        : M.overlap,
    );
  }
  if (isCheckViolation(error, 'attendance_times_check')) {
    return badRequest(M.checkOutBeforeCheckIn, [
      { path: 'checkOut', message: M.checkOutBeforeCheckIn },
    ]);
  }
  if (isForeignKeyViolation(error)) {
    return badRequest(M.locationInvalid, [{ path: 'locationId', message: M.locationInvalid }]);
  }
  return error;
}

/** A record is at its staff member's own location (PRODUCT-DECISIONS.md): another one is 400. */
function assertStaffLocation(home: number, locationId: number) {
  if (locationId !== home) {
    throw badRequest(M.notStaffLocation, [{ path: 'locationId', message: M.notStaffLocation }]);
  }
}

function valuesOf(input: UpdateAttendanceInput) {
  return {
    locationId: input.locationId,
    date: input.date,
    checkIn: input.checkIn ?? null,
    checkOut: input.checkOut ?? null,
    status: input.status,
    notes: input.notes ?? null,
  };
}

const times = (a: { checkIn: string | null; checkOut: string | null }) =>
  `${attendanceTime(a.checkIn) ?? '-'} to ${attendanceTime(a.checkOut) ?? '-'}`;

/** The location of an attendance record, or null when there is none (routes check access by it). */
export async function locationOfAttendance(ctx: AppContext, id: number): Promise<number | null> {
  const record = await repo.findAttendance(ctx.db, id);
  return record ? record.attendance.locationId : null;
}

/**
 * Marks a staff member's attendance at their own location (400 at another), which is a field
 * manager's own (another location's staff member is 404 to them).
 */
export async function markAttendance(
  ctx: AppContext,
  actor: Actor,
  input: AttendanceInput,
): Promise<AttendanceDto> {
  const member = await getStaff(ctx, actor.user, input.staffId);
  assertWritable(actor.user, input.locationId);
  try {
    return await inTransaction(ctx, async ({ tx }) => {
      // Read again, held: a staff member moved or deleted meanwhile is not marked at the old place.
      const home = await repo.staffHome(tx, member.id);
      if (!home || home.deletedAt) throw notFound(M.staffNotFound);
      assertStaffLocation(home.locationId, input.locationId);
      const row = await repo.insertAttendance(tx, { staffId: member.id, ...valuesOf(input) });
      const listed = (await repo.findAttendance(tx, row.id))!;
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'MARK_ATTENDANCE',
        description: `Marked ${member.name} ${row.status} on ${row.date} at ${listed.location} (${times(row)})`,
        entityType: 'attendance',
        entityId: String(row.id),
        locationId: row.locationId,
        details: { staffId: member.id, ...valuesOf(input) },
        ip: actor.ip,
      });
      return toAttendanceDto(listed);
    });
  } catch (error) {
    throw await refusalOf(ctx, error, async () => ({
      staffId: member.id,
      values: valuesOf(input),
    }));
  }
}

/**
 * Changes a record; moving it is a write at both locations (403 unless both are the user's), and
 * only to the staff member's own location (400 elsewhere). A record may stay where it is: one of a
 * staff member who moved since is their history at the old location.
 */
export async function updateAttendance(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateAttendanceInput,
): Promise<AttendanceDto> {
  try {
    return await inTransaction(ctx, async ({ tx }) => {
      const before = await repo.lockAttendance(tx, id);
      if (!before) throw notFound(M.notFound);
      assertReadable(actor.user, before.locationId, M.notFound);
      assertWritable(actor.user, before.locationId, input.locationId);
      if (input.locationId !== before.locationId) {
        const home = (await repo.staffHome(tx, before.staffId))!;
        assertStaffLocation(home.locationId, input.locationId);
      }
      await repo.updateAttendance(tx, id, valuesOf(input));
      const listed = (await repo.findAttendance(tx, id))!;
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'UPDATE_ATTENDANCE',
        description: `Updated the attendance of ${listed.staffName} on ${listed.attendance.date} at ${listed.location}`,
        entityType: 'attendance',
        entityId: String(id),
        locationId: listed.attendance.locationId,
        details: {
          before: {
            locationId: before.locationId,
            date: before.date,
            checkIn: before.checkIn,
            checkOut: before.checkOut,
            status: before.status,
            notes: before.notes,
          },
          after: valuesOf(input),
        },
        ip: actor.ip,
      });
      return toAttendanceDto(listed);
    });
  } catch (error) {
    throw await refusalOf(ctx, error, async () => {
      const record = await repo.findAttendance(ctx.db, id);
      return record && { staffId: record.attendance.staffId, id, values: valuesOf(input) };
    });
  }
}
