import type { StaffStatus } from '@stockyard/shared';
import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { locations, staff } from '../../db/schema';
import { containsPattern, type Page, pageAndTotal, totalColumn } from '../../lib/list-page';
import { limitLiteral, prepared, preparedList } from '../../lib/prepared';

export type StaffRow = typeof staff.$inferSelect;
export type StaffValues = Omit<
  typeof staff.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

/** Which staff a list covers: one location (a field manager's), a department, a status, a search. */
export type StaffFilters = {
  locationId?: number;
  department?: string;
  status?: StaffStatus;
  search?: string;
};

const p = sql.placeholder;

/** What a row of the list and the detail show: the staff member and their location's name. */
const LISTED = { staff, location: locations.name };

type Given = { location: boolean; department: boolean; status: boolean; search: boolean };

function givenOf(filters: StaffFilters): Given {
  return {
    location: filters.locationId !== undefined,
    department: Boolean(filters.department),
    status: filters.status !== undefined,
    search: Boolean(filters.search),
  };
}

function valuesOf(filters: StaffFilters) {
  return {
    locationId: filters.locationId,
    department: filters.department ?? '',
    status: filters.status,
    pattern: containsPattern(filters.search ?? ''),
  };
}

type Values = ReturnType<typeof valuesOf>;
/** The filters' values as parameters of a prepared statement, by name. */
const PLACEHOLDERS = {
  locationId: p('locationId'),
  department: p('department'),
  status: p('status'),
  pattern: p('pattern'),
} as unknown as Values;

/** Live staff only; the search looks at the name, the email and the position. */
function filtersOf(given: Given, v: Values = PLACEHOLDERS) {
  return and(
    isNull(staff.deletedAt),
    given.location ? eq(staff.locationId, v.locationId!) : undefined,
    given.department ? sql`lower(${staff.department}) = lower(${v.department})` : undefined,
    given.status ? eq(staff.status, v.status!) : undefined,
    given.search
      ? or(
          ilike(staff.name, v.pattern),
          ilike(staff.email, v.pattern),
          ilike(staff.position, v.pattern),
        )
      : undefined,
  );
}

/** A page of staff by name, with the list's total, prepared once per shape (decision 009). */
function staffPage(db: Database, given: Given, page: Page) {
  const shape = Object.values(given).map(Number).join('');
  return preparedList(db, `staff_list_${shape}`, page, (d, name, limit, offset) =>
    d
      .select({
        ...LISTED,
        total: totalColumn(d.select({ n: count() }).from(staff).where(filtersOf(given))),
      })
      .from(staff)
      .innerJoin(locations, eq(locations.id, staff.locationId))
      .where(filtersOf(given))
      .orderBy(asc(staff.name), asc(staff.id))
      .limit(limitLiteral(limit))
      .offset(offset)
      .prepare(name),
  );
}

export async function listStaff(db: Database, filters: StaffFilters, page: Page) {
  const values = valuesOf(filters);
  const given = givenOf(filters);
  return pageAndTotal(
    ({ limit, offset }) => staffPage(db, given, { limit, offset }).execute({ ...values, offset }),
    page,
  );
}

/** Every staff member the filters select, by name (the export: a location holds hundreds at most). */
export async function allStaff(db: Database, filters: StaffFilters) {
  return db
    .select(LISTED)
    .from(staff)
    .innerJoin(locations, eq(locations.id, staff.locationId))
    .where(filtersOf(givenOf(filters), valuesOf(filters)))
    .orderBy(asc(staff.name), asc(staff.id));
}

/** The ACTIVE staff, by name: everyone's, or one location's. */
export async function activeStaff(db: DbExecutor, locationId: number | undefined) {
  return db
    .select(LISTED)
    .from(staff)
    .innerJoin(locations, eq(locations.id, staff.locationId))
    .where(
      and(
        isNull(staff.deletedAt),
        eq(staff.status, 'ACTIVE'),
        locationId === undefined ? undefined : eq(staff.locationId, locationId),
      ),
    )
    .orderBy(asc(staff.name), asc(staff.id));
}

/** A live staff member with their location's name, or null; `db` may be a transaction. */
export async function findStaff(db: DbExecutor, id: number) {
  const [row] = await db
    .select(LISTED)
    .from(staff)
    .innerJoin(locations, eq(locations.id, staff.locationId))
    .where(and(eq(staff.id, id), isNull(staff.deletedAt)));
  return row ?? null;
}

/** The detail's read, prepared by name: the overview and the attendance page open it often. */
export async function readStaff(db: Database, id: number) {
  const statement = prepared(db, 'staff_detail', (d, name) =>
    d
      .select(LISTED)
      .from(staff)
      .innerJoin(locations, eq(locations.id, staff.locationId))
      .where(and(eq(staff.id, p('id')), isNull(staff.deletedAt)))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/** A live staff member, held (FOR UPDATE) until the transaction ends. */
export async function lockStaff(db: DbExecutor, id: number) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
    .for('update');
  return row ?? null;
}

/** A location, held (FOR KEY SHARE) so that it cannot be deleted before the write commits. */
export async function findLocation(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.id, id))
    .for('key share');
  return row ?? null;
}

export async function insertStaff(db: DbExecutor, values: StaffValues): Promise<StaffRow> {
  const [row] = await db.insert(staff).values(values).returning();
  return row!;
}

export async function updateStaff(db: DbExecutor, id: number, values: StaffValues) {
  const [row] = await db
    .update(staff)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
    .returning();
  return row ?? null;
}

/** Takes a staff member off the lists; their attendance stays (a soft delete). */
export async function softDeleteStaff(db: DbExecutor, id: number) {
  const [row] = await db
    .update(staff)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
    .returning();
  return row ?? null;
}
