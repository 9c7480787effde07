import { and, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { locations, materials, materialTypes, staff } from '../../db/schema';

/**
 * What an import looks up and writes (issue 30): a few statements for a whole file, whatever its
 * rows, never one per row. Lookups are read by the keys the file names; writes go in batches.
 */

export type TypeRow = typeof materialTypes.$inferSelect;
export type TypeValues = Pick<
  TypeRow,
  | 'itemNumber'
  | 'name'
  | 'category'
  | 'unit'
  | 'weightKg'
  | 'replacementValue'
  | 'notes'
  | 'hireDayCents'
  | 'hireWeekCents'
  | 'minimumHireDays'
>;
export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Pick<LocationRow, 'name' | 'address' | 'type' | 'status'>;
export type StaffRow = typeof staff.$inferSelect;
export type StaffValues = Omit<StaffRow, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

/** Keys a batched statement names at most: well under PostgreSQL's 65,535 parameters. */
const BATCH = 2000;

function* batchesOf<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

/** An array bound as one parameter (node-postgres writes it as an array literal). */
const list = (values: readonly unknown[]) => sql.param(values);

/** Every location (a company has hundreds at most): what a file names is found by name. */
export async function allLocations(db: DbExecutor): Promise<LocationRow[]> {
  return db.select().from(locations);
}

/** The live stock rows of these types at these locations. */
export async function stockRows(
  db: DbExecutor,
  pairs: ReadonlyArray<{ locationId: number; materialTypeId: number }>,
) {
  const rows: Array<{ id: number; locationId: number; materialTypeId: number; quantity: number }> =
    [];
  for (const batch of batchesOf(pairs)) {
    rows.push(
      ...(await db
        .select({
          id: materials.id,
          locationId: materials.locationId,
          materialTypeId: materials.materialTypeId,
          quantity: materials.quantity,
        })
        .from(materials)
        .where(
          and(
            sql`(${materials.locationId}, ${materials.materialTypeId}) in (select * from unnest(${list(batch.map((p) => p.locationId))}::integer[], ${list(batch.map((p) => p.materialTypeId))}::integer[]))`,
            isNull(materials.deletedAt),
          ),
        )),
    );
  }
  return rows;
}

/** The live staff of these e-mail addresses (lower case). */
export async function staffByEmails(
  db: DbExecutor,
  emails: readonly string[],
): Promise<StaffRow[]> {
  const rows: StaffRow[] = [];
  for (const batch of batchesOf(emails)) {
    rows.push(
      ...(await db
        .select()
        .from(staff)
        .where(
          and(sql`lower(${staff.email}) = any(${list(batch)}::text[])`, isNull(staff.deletedAt)),
        )),
    );
  }
  return rows;
}

export async function insertTypes(
  db: DbExecutor,
  values: ReadonlyArray<TypeValues & { createdBy: number }>,
) {
  for (const batch of batchesOf(values)) await db.insert(materialTypes).values(batch);
}

/** Every field of these types, as given. */
export async function updateTypes(
  db: DbExecutor,
  values: ReadonlyArray<TypeValues & { id: number }>,
) {
  for (const batch of batchesOf(values)) {
    const column = <K extends keyof (typeof batch)[number]>(key: K) =>
      list(batch.map((v) => v[key]));
    const given = sql`unnest(${column('id')}::integer[], ${column('itemNumber')}::text[], ${column('name')}::text[], ${column('category')}::text[], ${column('unit')}::text[], ${column('weightKg')}::numeric[], ${column('replacementValue')}::numeric[], ${column('notes')}::text[], ${column('hireDayCents')}::integer[], ${column('hireWeekCents')}::integer[], ${column('minimumHireDays')}::integer[]) as given(id, item_number, name, category, unit, weight_kg, replacement_value, notes, hire_day_cents, hire_week_cents, minimum_hire_days)`;
    await db
      .update(materialTypes)
      .set({
        itemNumber: sql`given.item_number`,
        name: sql`given.name`,
        category: sql`given.category`,
        unit: sql`given.unit`,
        weightKg: sql`given.weight_kg`,
        replacementValue: sql`given.replacement_value`,
        notes: sql`given.notes`,
        hireDayCents: sql`given.hire_day_cents`,
        hireWeekCents: sql`given.hire_week_cents`,
        minimumHireDays: sql`given.minimum_hire_days`,
        updatedAt: sql`now()`,
      })
      .from(given)
      .where(sql`${materialTypes.id} = given.id`);
  }
}

export async function insertLocations(db: DbExecutor, values: readonly LocationValues[]) {
  for (const batch of batchesOf(values)) await db.insert(locations).values(batch);
}

export async function updateLocations(
  db: DbExecutor,
  values: ReadonlyArray<LocationValues & { id: number }>,
) {
  for (const batch of batchesOf(values)) {
    const column = <K extends keyof (typeof batch)[number]>(key: K) =>
      list(batch.map((v) => v[key]));
    const given = sql`unnest(${column('id')}::integer[], ${column('name')}::text[], ${column('address')}::text[], ${column('type')}::text[], ${column('status')}::text[]) as given(id, name, address, type, status)`;
    await db
      .update(locations)
      .set({
        name: sql`given.name`,
        address: sql`given.address`,
        type: sql`given.type`,
        status: sql`given.status`,
        updatedAt: sql`now()`,
      })
      .from(given)
      .where(sql`${locations.id} = given.id`);
  }
}

export async function insertStaff(db: DbExecutor, values: readonly StaffValues[]) {
  for (const batch of batchesOf(values)) await db.insert(staff).values(batch);
}

export async function updateStaff(
  db: DbExecutor,
  values: ReadonlyArray<StaffValues & { id: number }>,
) {
  for (const batch of batchesOf(values)) {
    const column = <K extends keyof (typeof batch)[number]>(key: K) =>
      list(batch.map((v) => v[key]));
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
