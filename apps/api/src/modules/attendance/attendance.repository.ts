import type { AttendanceStatus } from '@stockyard/shared';
import { type AnyColumn, and, count, desc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { attendance, locations, staff } from '../../db/schema';
import {
  containsPattern,
  listPage,
  type Page,
  type Shaped,
  shapedFilters,
} from '../../lib/list-page';
import { prepared } from '../../lib/prepared';
import { matches } from '../../lib/search';

export type AttendanceValues = Pick<
  typeof attendance.$inferInsert,
  'staffId' | 'locationId' | 'date' | 'checkIn' | 'checkOut' | 'status' | 'notes'
>;

/** Which records a list covers: a location (a field manager's), a month, a status, a staff member, a staff name. */
export type AttendanceFilters = {
  locationId?: number;
  /** yyyy-MM */
  month?: string;
  status?: AttendanceStatus;
  staffId?: number;
  search?: string;
};

/** What a row of the list shows: the record, its staff member's name and its location's name. */
const LISTED = { attendance, staffName: staff.name, location: locations.name };

/** Records with their staff member's and location's names, to be filtered by the caller. */
function listedRecords(db: DbExecutor) {
  return db
    .select(LISTED)
    .from(attendance)
    .innerJoin(staff, eq(staff.id, attendance.staffId))
    .innerJoin(locations, eq(locations.id, attendance.locationId));
}

/** The month's first day and the next month's. */
function monthRange(month: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/**
 * The list's filters as its statement takes them: the month as its first day and the next
 * month's, the search as a LIKE pattern.
 */
function listed(filters: AttendanceFilters) {
  const month = filters.month ? monthRange(filters.month) : undefined;
  return {
    locationId: filters.locationId,
    from: month?.from,
    to: month?.to,
    status: filters.status,
    staffId: filters.staffId,
    pattern: filters.search ? containsPattern(filters.search) : undefined,
  };
}

/**
 * The list's conditions. A staff name's search finds the (few) matching staff first, then their
 * records through the staff member's index (`= any(array(...))`). Deleted staff keep their records.
 */
function whereOf(f: Shaped<ReturnType<typeof listed>>) {
  return and(
    f.locationId && eq(attendance.locationId, f.locationId),
    f.from && gte(attendance.date, f.from),
    f.to && lt(attendance.date, f.to),
    f.status && eq(attendance.status, f.status),
    f.staffId && eq(attendance.staffId, f.staffId),
    f.pattern &&
      sql`${attendance.staffId} = any(array(select ${staff.id} from ${staff} where ${matches(staff.name, f.pattern)}))`,
  );
}

/** A page of records, newest day first, with the list's total. */
export async function listAttendance(db: Database, filters: AttendanceFilters, page: Page) {
  return listPage(
    db,
    {
      name: 'attendance',
      filters: listed(filters),
      select: (total, f) =>
        db
          .select({ ...LISTED, total })
          .from(attendance)
          .innerJoin(staff, eq(staff.id, attendance.staffId))
          .innerJoin(locations, eq(locations.id, attendance.locationId))
          .where(whereOf(f))
          .orderBy(desc(attendance.date), desc(attendance.id)),
      count: (f) => db.select({ n: count() }).from(attendance).where(whereOf(f)),
    },
    page,
  );
}

export type ListedAttendance = Awaited<ReturnType<typeof listAttendance>>['rows'][number];

/** How many records an export reads at a time. */
const EXPORT_CHUNK = 2_000;

/** What a row of the export holds: the list's columns, and its id for the next chunk. */
const EXPORTED = {
  id: attendance.id,
  staffName: staff.name,
  location: locations.name,
  date: attendance.date,
  checkIn: attendance.checkIn,
  checkOut: attendance.checkOut,
  status: attendance.status,
  notes: attendance.notes,
};

/**
 * A chunk of the export, newest day first: the first, or the one after a day and id. `where` is
 * written from the filters' placeholders, which the chunk is executed with.
 */
function exportChunk(db: Database, where: SQL | undefined, after: ExportCursor | null) {
  return db
    .select(EXPORTED)
    .from(attendance)
    .innerJoin(staff, eq(staff.id, attendance.staffId))
    .innerJoin(locations, eq(locations.id, attendance.locationId))
    .where(
      and(
        where,
        after
          ? sql`(${attendance.date}, ${attendance.id}) < (${after.date}::date, ${after.id}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(attendance.date), desc(attendance.id))
    .limit(EXPORT_CHUNK);
}

type ExportCursor = { date: string; id: number };

export type ExportedAttendance = Awaited<ReturnType<typeof exportChunk>>[number];

/**
 * Every record the filters select, newest day first, read in chunks (each after the last one's
 * day and id), so that a large export never holds all of its rows at once.
 */
export async function* allAttendance(
  db: Database,
  filters: AttendanceFilters,
): AsyncGenerator<ExportedAttendance> {
  const { shaped, values } = shapedFilters(listed(filters));
  const where = whereOf(shaped);
  let after: ExportCursor | null = null;
  for (;;) {
    const rows: ExportedAttendance[] = await exportChunk(db, where, after)
      .prepare('')
      .execute(values);
    yield* rows;
    if (rows.length < EXPORT_CHUNK) return;
    const last: ExportedAttendance = rows[rows.length - 1]!;
    after = { date: last.date, id: last.id };
  }
}

/** How many records a by-staff read answers at most (newest first): three years of days. */
const BY_STAFF_LIMIT = 1_100;

/** A staff member's records (on one day, or all), newest first; a field manager's at their location. */
export async function attendanceOfStaff(
  db: Database,
  staffId: number,
  options: { date?: string; locationId?: number },
) {
  return listedRecords(db)
    .where(
      and(
        eq(attendance.staffId, staffId),
        options.date ? eq(attendance.date, options.date) : undefined,
        options.locationId === undefined
          ? undefined
          : eq(attendance.locationId, options.locationId),
      ),
    )
    .orderBy(desc(attendance.date), desc(attendance.id))
    .limit(BY_STAFF_LIMIT);
}

/** A staff member's records counted by status (everywhere, or at one location). */
export async function overviewOfStaff(db: Database, staffId: number, locationId?: number) {
  // A named statement per scope (lib/prepared.ts): the overview is asked at every visit of the page.
  const scoped = locationId !== undefined;
  const statement = prepared(
    db,
    scoped ? 'attendance_overview_at' : 'attendance_overview',
    (d, name) =>
      d
        .select({ status: attendance.status, n: count() })
        .from(attendance)
        .where(
          and(
            eq(attendance.staffId, sql.placeholder('staffId')),
            scoped ? eq(attendance.locationId, sql.placeholder('locationId')) : undefined,
          ),
        )
        .groupBy(attendance.status)
        .prepare(name),
  );
  return statement.execute(scoped ? { staffId, locationId } : { staffId });
}

/** One record with its names, or null; `db` may be a transaction. */
export async function findAttendance(db: DbExecutor, id: number) {
  const [row] = await listedRecords(db).where(eq(attendance.id, id));
  return row ?? null;
}

/**
 * A staff member's location (deleted or not), held (FOR SHARE) so that they are not moved before
 * the write commits; null for no such staff member.
 */
export async function staffHome(db: DbExecutor, staffId: number) {
  const [row] = await db
    .select({ locationId: staff.locationId, deletedAt: staff.deletedAt })
    .from(staff)
    .where(eq(staff.id, staffId))
    .for('share');
  return row ?? null;
}

/** A record, held (FOR UPDATE) until the transaction ends. */
export async function lockAttendance(db: DbExecutor, id: number) {
  const [row] = await db.select().from(attendance).where(eq(attendance.id, id)).for('update');
  return row ?? null;
}

export async function insertAttendance(db: DbExecutor, values: AttendanceValues) {
  const [row] = await db.insert(attendance).values(values).returning();
  return row!;
}

export async function updateAttendance(
  db: DbExecutor,
  id: number,
  values: Omit<AttendanceValues, 'staffId'>,
) {
  const [row] = await db
    .update(attendance)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(attendance.id, id))
    .returning();
  return row ?? null;
}

/**
 * A record's interval as the exclusion constraint `attendance_no_overlap` builds it (migration
 * 0018): [check in, check out) with both times, the instant of one, none (null) without.
 */
function span(date: SQL | AnyColumn, checkIn: SQL | AnyColumn, checkOut: SQL | AnyColumn) {
  return sql`(case
    when ${checkIn} is not null and ${checkOut} is not null
      then tsrange(${date} + ${checkIn}, ${date} + ${checkOut}, '[)')
    when coalesce(${checkIn}, ${checkOut}) is not null
      then tsrange(${date} + coalesce(${checkIn}, ${checkOut}), ${date} + coalesce(${checkIn}, ${checkOut}), '[]')
  end)`;
}

/**
 * The staff member's record (not `exceptId`) whose interval shares time with the one given, with
 * its location's name: the record a refused write overlaps, or null when it is gone meanwhile.
 */
export async function overlappingAttendance(
  db: DbExecutor,
  staffId: number,
  values: Pick<AttendanceValues, 'date' | 'checkIn' | 'checkOut'>,
  exceptId?: number,
) {
  const wanted = span(
    sql`${values.date}::date`,
    sql`${values.checkIn ?? null}::time`,
    sql`${values.checkOut ?? null}::time`,
  );
  const [row] = await listedRecords(db)
    .where(
      and(
        eq(attendance.staffId, staffId),
        eq(attendance.date, values.date),
        exceptId === undefined ? undefined : ne(attendance.id, exceptId),
        sql`${span(attendance.date, attendance.checkIn, attendance.checkOut)} && ${wanted}`,
      ),
    )
    .orderBy(attendance.id)
    .limit(1);
  return row ?? null;
}
