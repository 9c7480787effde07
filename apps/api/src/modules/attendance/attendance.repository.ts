import type { AttendanceStatus } from '@stockyard/shared';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { attendance, attendanceMonthCounts, locations, staff } from '../../db/schema';
import { containsPattern, type Page, pageAndTotal, totalColumn } from '../../lib/list-page';
import { limitLiteral, prepared, preparedList } from '../../lib/prepared';

export type AttendanceRow = typeof attendance.$inferSelect;
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

const p = sql.placeholder;

/** What a row of the list shows: the record, its staff member's name and its location's name. */
const LISTED = { attendance, staffName: staff.name, location: locations.name };

type Given = {
  location: boolean;
  month: boolean;
  status: boolean;
  staff: boolean;
  search: boolean;
};

function givenOf(filters: AttendanceFilters): Given {
  return {
    location: filters.locationId !== undefined,
    month: filters.month !== undefined,
    status: filters.status !== undefined,
    staff: filters.staffId !== undefined,
    search: Boolean(filters.search),
  };
}

/** The month's first day and the next month's. */
function monthRange(month: string | undefined) {
  if (!month) return { from: '', to: '' };
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

function valuesOf(filters: AttendanceFilters) {
  const { from, to } = monthRange(filters.month);
  return {
    locationId: filters.locationId ?? 0,
    from,
    to,
    status: filters.status ?? 'PRESENT',
    staffId: filters.staffId ?? 0,
    pattern: containsPattern(filters.search ?? ''),
  };
}
type Values = ReturnType<typeof valuesOf>;

/** The filters' values as parameters of a prepared statement, by name. */
const PLACEHOLDERS = {
  locationId: p('locationId'),
  from: p('from'),
  to: p('to'),
  status: p('status'),
  staffId: p('staffId'),
  pattern: p('pattern'),
} as unknown as Values;

/**
 * The list's conditions. A staff name's search finds the (few) matching staff first, then their
 * records through the staff member's index (`= any(array(...))`). Deleted staff keep their records.
 */
function filtersOf(given: Given, v: Values = PLACEHOLDERS) {
  return and(
    given.location ? eq(attendance.locationId, v.locationId) : undefined,
    given.month ? gte(attendance.date, v.from) : undefined,
    given.month ? lt(attendance.date, v.to) : undefined,
    given.status ? eq(attendance.status, v.status) : undefined,
    given.staff ? eq(attendance.staffId, v.staffId) : undefined,
    given.search
      ? sql`${attendance.staffId} = any(array(select ${staff.id} from ${staff} where ${staff.name} ilike ${v.pattern}))`
      : undefined,
  );
}

/**
 * How many records the list covers: added up from the month counts (one row per location, month
 * and status) unless a staff member or a name narrows it, whose few records are counted.
 */
function attendanceTotal(d: Database, given: Given) {
  if (given.staff || given.search) {
    return d.select({ n: count() }).from(attendance).where(filtersOf(given));
  }
  const c = attendanceMonthCounts;
  return d
    .select({ n: sql<number>`coalesce(sum(${c.records}), 0)` })
    .from(c)
    .where(
      and(
        given.month ? eq(c.month, p('from')) : undefined,
        given.location ? eq(c.locationId, p('locationId')) : undefined,
        given.status ? eq(c.status, p('status')) : undefined,
      ),
    );
}

/** A page of records, newest day first, prepared once per shape and page size (decision 009). */
function attendancePage(db: Database, given: Given, page: Page) {
  const shape = Object.values(given).map(Number).join('');
  return preparedList(db, `attendance_list_${shape}`, page, (d, name, limit, offset) =>
    d
      .select({ ...LISTED, total: totalColumn(attendanceTotal(d, given)) })
      .from(attendance)
      .innerJoin(staff, eq(staff.id, attendance.staffId))
      .innerJoin(locations, eq(locations.id, attendance.locationId))
      .where(filtersOf(given))
      .orderBy(desc(attendance.date), desc(attendance.id))
      .limit(limitLiteral(limit))
      .offset(offset)
      .prepare(name),
  );
}

export async function listAttendance(db: Database, filters: AttendanceFilters, page: Page) {
  const given = givenOf(filters);
  const values = valuesOf(filters);
  return pageAndTotal(
    ({ limit, offset }) =>
      attendancePage(db, given, { limit, offset }).execute({ ...values, offset }),
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

/** A chunk of the export, newest day first: the first, or the one after a day and id. */
function exportChunk(db: Database, given: Given, after: boolean) {
  const shape = `${Object.values(given).map(Number).join('')}_${Number(after)}`;
  return prepared(db, `attendance_export_${shape}`, (d, name) =>
    d
      .select(EXPORTED)
      .from(attendance)
      .innerJoin(staff, eq(staff.id, attendance.staffId))
      .innerJoin(locations, eq(locations.id, attendance.locationId))
      .where(
        and(
          filtersOf(given),
          after
            ? sql`(${attendance.date}, ${attendance.id}) < (${p('afterDate')}::date, ${p('afterId')}::int)`
            : undefined,
        ),
      )
      .orderBy(desc(attendance.date), desc(attendance.id))
      .limit(EXPORT_CHUNK)
      .prepare(name),
  );
}

export type ExportedAttendance = Awaited<
  ReturnType<ReturnType<typeof exportChunk>['execute']>
>[number];

/**
 * Every record the filters select, newest day first, read in chunks (each after the last one's
 * day and id), so that a large export never holds all of its rows at once.
 */
export async function* allAttendance(
  db: Database,
  filters: AttendanceFilters,
): AsyncGenerator<ExportedAttendance> {
  const given = givenOf(filters);
  const values = valuesOf(filters);
  let after: { afterDate: string; afterId: number } | null = null;
  for (;;) {
    const rows: ExportedAttendance[] = await exportChunk(db, given, after !== null).execute({
      ...values,
      ...after,
    });
    yield* rows;
    if (rows.length < EXPORT_CHUNK) return;
    const last: ExportedAttendance = rows[rows.length - 1]!;
    after = { afterDate: last.date, afterId: last.id };
  }
}

/** How many records a by-staff read answers at most (newest first): three years of days. */
export const BY_STAFF_LIMIT = 1_100;

/** A staff member's records (on one day, or all), newest first; a field manager's at their location. */
export async function attendanceOfStaff(
  db: Database,
  staffId: number,
  options: { date?: string; locationId?: number },
) {
  return db
    .select(LISTED)
    .from(attendance)
    .innerJoin(staff, eq(staff.id, attendance.staffId))
    .innerJoin(locations, eq(locations.id, attendance.locationId))
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

/** A staff member's records counted by status (everywhere, or at one location), prepared by name. */
export async function overviewOfStaff(db: Database, staffId: number, locationId?: number) {
  const scoped = locationId !== undefined;
  const statement = prepared(db, `attendance_overview_${Number(scoped)}`, (d, name) =>
    d
      .select({ status: attendance.status, n: count() })
      .from(attendance)
      .where(
        and(
          eq(attendance.staffId, p('staffId')),
          scoped ? eq(attendance.locationId, p('locationId')) : undefined,
        ),
      )
      .groupBy(attendance.status)
      .prepare(name),
  );
  return statement.execute({ staffId, locationId: locationId ?? 0 });
}

/** One record with its names, or null; `db` may be a transaction. */
export async function findAttendance(db: DbExecutor, id: number) {
  const [row] = await db
    .select(LISTED)
    .from(attendance)
    .innerJoin(staff, eq(staff.id, attendance.staffId))
    .innerJoin(locations, eq(locations.id, attendance.locationId))
    .where(eq(attendance.id, id));
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
