import type { StaffStatus } from '@stockyard/shared';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { locations, staff } from '../../db/schema';
import { batchesOf, listParam } from '../../lib/batches';
import {
  containsPattern,
  listPage,
  type Page,
  type Shaped,
  shapedFilters,
} from '../../lib/list-page';
import { prepared } from '../../lib/prepared';
import { matches } from '../../lib/search';

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

/** What a row of the list and the detail show: the staff member and their location's name. */
const LISTED = { staff, location: locations.name };

/** The list's filters as its statement takes them: the search as a LIKE pattern. */
function listed(filters: StaffFilters) {
  return {
    locationId: filters.locationId,
    department: filters.department || undefined,
    status: filters.status,
    pattern: filters.search ? containsPattern(filters.search) : undefined,
  };
}

/** Live staff only; the search looks at the name, the email and the position. */
function whereOf(f: Shaped<ReturnType<typeof listed>>) {
  return and(
    isNull(staff.deletedAt),
    f.locationId && eq(staff.locationId, f.locationId),
    f.department && sql`lower(${staff.department}) = lower(${f.department})`,
    f.status && eq(staff.status, f.status),
    f.pattern &&
      or(
        matches(staff.name, f.pattern),
        matches(staff.email, f.pattern),
        matches(staff.position, f.pattern),
      ),
  );
}

/** A page of staff by name, with the list's total. */
export async function listStaff(db: Database, filters: StaffFilters, page: Page) {
  return listPage(
    db,
    {
      name: 'staff',
      filters: listed(filters),
      select: (total, f) =>
        db
          .select({ ...LISTED, total })
          .from(staff)
          .innerJoin(locations, eq(locations.id, staff.locationId))
          .where(whereOf(f))
          .orderBy(asc(staff.name), asc(staff.id)),
      count: (f) => db.select({ n: count() }).from(staff).where(whereOf(f)),
    },
    page,
  );
}

/** Every staff member the filters select, by name (the export: a location holds hundreds at most). */
export async function allStaff(db: Database, filters: StaffFilters) {
  const { shaped, values } = shapedFilters(listed(filters));
  return db
    .select(LISTED)
    .from(staff)
    .innerJoin(locations, eq(locations.id, staff.locationId))
    .where(whereOf(shaped))
    .orderBy(asc(staff.name), asc(staff.id))
    .prepare('')
    .execute(values);
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

/**
 * A live staff member with their location's name, or null. A named statement (lib/prepared.ts):
 * the detail and the attendance overview ask it first at every visit.
 */
export async function readStaff(db: Database, id: number) {
  const statement = prepared(db, 'staff_detail', (d, name) =>
    d
      .select(LISTED)
      .from(staff)
      .innerJoin(locations, eq(locations.id, staff.locationId))
      .where(and(eq(staff.id, sql.placeholder('id')), isNull(staff.deletedAt)))
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

/** Many rows at once: the batched writes of what an import adds or changes. */
export type ImportedStaffValues = Omit<StaffRow, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

export async function insertStaffMany(db: DbExecutor, values: readonly ImportedStaffValues[]) {
  for (const batch of batchesOf(values)) await db.insert(staff).values(batch);
}

export async function updateStaffMany(
  db: DbExecutor,
  values: ReadonlyArray<ImportedStaffValues & { id: number }>,
) {
  for (const batch of batchesOf(values)) {
    const column = <K extends keyof (typeof batch)[number]>(key: K) =>
      listParam(batch.map((v) => v[key]));
    const given = sql`unnest(${column('id')}::integer[], ${column('name')}::text[], ${column('email')}::text[], ${column('phone')}::text[], ${column('position')}::text[], ${column('locationId')}::integer[], ${column('department')}::text[], ${column('hireDate')}::date[], ${column('salary')}::numeric[], ${column('status')}::text[], ${column('address')}::text[], ${column('emergencyContact')}::text[], ${column('emergencyPhone')}::text[]) as given(id, name, email, phone, position, location_id, department, hire_date, salary, status, address, emergency_contact, emergency_phone)`;
    await db
      .update(staff)
      .set({
        name: sql`given.name`,
        email: sql`given.email`,
        phone: sql`given.phone`,
        position: sql`given.position`,
        locationId: sql`given.location_id`,
        department: sql`given.department`,
        hireDate: sql`given.hire_date`,
        salary: sql`given.salary`,
        status: sql`given.status`,
        address: sql`given.address`,
        emergencyContact: sql`given.emergency_contact`,
        emergencyPhone: sql`given.emergency_phone`,
        updatedAt: sql`now()`,
      })
      .from(given)
      .where(sql`${staff.id} = given.id`);
  }
}
