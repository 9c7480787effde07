import { type MaterialTypeStatus, textKey } from '@stockyard/shared';
import { and, asc, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { locations, materials, materialTypes } from '../../db/schema';
import { batchesOf, listParam } from '../../lib/batches';
import {
  containsPattern,
  listPage,
  type Page,
  type Shaped,
  shapedFilters,
} from '../../lib/list-page';
import { matches } from '../../lib/search';

/**
 * The catalogue's reads and writes. A type's stock is what its live materials hold,
 * read from them (the index on their type), never kept apart.
 */

export type MaterialTypeRow = typeof materialTypes.$inferSelect;
export type MaterialTypeValues = Pick<
  MaterialTypeRow,
  'itemNumber' | 'name' | 'category' | 'unit' | 'weightKg' | 'replacementValue' | 'notes'
> &
  Partial<Pick<MaterialTypeRow, 'hireDayCents' | 'hireWeekCents' | 'minimumHireDays'>>;

export type CatalogueFilter = { search?: string; category?: string; status?: MaterialTypeStatus };

/** A type's units in stock at every location: a subquery on the materials' index by type. */
const totalQuantity = sql<number>`(
  select coalesce(sum(stock.quantity), 0) from ${materials} as stock
  where stock.material_type_id = ${materialTypes}.id and stock.deleted_at is null
)`.mapWith(Number);

function listed(filter: CatalogueFilter) {
  return {
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    category: filter.category,
    retired: filter.status === undefined ? undefined : filter.status === 'retired',
  };
}

function whereOf(f: Shaped<ReturnType<typeof listed>>): SQL | undefined {
  return and(
    f.pattern &&
      matches(
        sql`(coalesce(${materialTypes.itemNumber}, '') || ' ' || ${materialTypes.name})`,
        f.pattern,
      ),
    f.category && sql`lower(${materialTypes.category}) = lower(${f.category})`,
    f.retired &&
      sql`case when ${f.retired}::boolean then ${materialTypes.retiredAt} is not null else ${materialTypes.retiredAt} is null end`,
  );
}

/** A page of the catalogue by name, each type with its units in stock everywhere. */
export async function listTypes(db: Database, filter: CatalogueFilter, page: Page) {
  return listPage(
    db,
    {
      name: 'catalogue',
      filters: listed(filter),
      select: (total, f) =>
        db
          .select({ type: materialTypes, totalQuantity, total })
          .from(materialTypes)
          .where(whereOf(f))
          .orderBy(sql`lower(${materialTypes.name})`, asc(materialTypes.id)),
      count: (f) => db.select({ n: count() }).from(materialTypes).where(whereOf(f)),
    },
    page,
  );
}

/**
 * Every type the list's filters select, by name, each with its units in stock everywhere (the
 * export: a catalogue holds hundreds to a few thousand types, one query). The list's conditions
 * (`whereOf`, from the filters' placeholders) and order, without its page and total.
 */
export async function allTypes(db: Database, filter: CatalogueFilter) {
  const { shaped, values } = shapedFilters(listed(filter));
  return db
    .select({ type: materialTypes, totalQuantity })
    .from(materialTypes)
    .where(whereOf(shaped))
    .orderBy(sql`lower(${materialTypes.name})`, asc(materialTypes.id))
    .prepare('')
    .execute(values);
}

/** Every category the catalogue uses, by name, for the list's filter and the form. */
export async function listCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: materialTypes.category })
    .from(materialTypes)
    .where(isNotNull(materialTypes.category))
    .orderBy(asc(materialTypes.category));
  return rows.map((r) => r.category!);
}

export async function readType(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ type: materialTypes, totalQuantity })
    .from(materialTypes)
    .where(eq(materialTypes.id, id));
  return row ?? null;
}

/** Where a type is held: each location's live stock of it, by location name. */
export async function stockOfType(db: DbExecutor, id: number) {
  return db
    .select({
      materialId: materials.id,
      locationId: materials.locationId,
      locationName: locations.name,
      quantity: materials.quantity,
    })
    .from(materials)
    .innerJoin(locations, eq(locations.id, materials.locationId))
    .where(and(eq(materials.materialTypeId, id), isNull(materials.deletedAt)))
    .orderBy(asc(locations.name), asc(materials.id));
}

/**
 * The type of this name, whatever its case and surrounding spaces, held against a change of its
 * status until the transaction ends (a retirement waits for the stock given it, or is waited for).
 */
export async function findTypeByName(db: DbExecutor, name: string) {
  const [row] = await findTypesByKeys(db, { names: [textKey(name)] }, true);
  return row ?? null;
}

/**
 * The one way a type is found by what a person typed: the types whose name or item number has
 * one of these keys (`textKey`); `hold` keeps them from a change of status until the
 * transaction ends (FOR SHARE).
 */
export async function findTypesByKeys(
  db: DbExecutor,
  keys: { names?: readonly string[]; itemNumbers?: readonly string[] },
  hold = false,
): Promise<MaterialTypeRow[]> {
  const rows: MaterialTypeRow[] = [];
  const read = async (where: SQL) => {
    const query = db.select().from(materialTypes).where(where);
    rows.push(...(await (hold ? query.for('share') : query)));
  };
  if (keys.names?.length) {
    await read(sql`lower(btrim(${materialTypes.name})) = any(${sql.param(keys.names)}::text[])`);
  }
  if (keys.itemNumbers?.length) {
    await read(
      sql`${materialTypes.itemNumber} is not null and lower(btrim(${materialTypes.itemNumber})) = any(${sql.param(keys.itemNumbers)}::text[])`,
    );
  }
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

/** New types named by stock writes, those of a name made meanwhile left out (the unique index). */
export async function insertTypesUnlessNamed(
  db: DbExecutor,
  values: ReadonlyArray<MaterialTypeValues & { createdBy: number | null }>,
) {
  if (values.length === 0) return [];
  return db
    .insert(materialTypes)
    .values([...values])
    .onConflictDoNothing()
    .returning();
}

/**
 * A type locked for its edit. Taken before the rows of its stock that a new name renames, as every
 * stock write takes the type before its row (a share lock taken first and then raised to an
 * update's would deadlock with another edit of the same type).
 */
export async function lockType(db: DbExecutor, id: number) {
  const [row] = await db
    .select()
    .from(materialTypes)
    .where(eq(materialTypes.id, id))
    .for('no key update');
  return row ?? null;
}

/** A type that a row is about to refer to, held (FOR KEY SHARE) until the transaction ends. */
export async function holdType(db: DbExecutor, id: number) {
  const [row] = await db
    .select()
    .from(materialTypes)
    .where(eq(materialTypes.id, id))
    .for('key share');
  return row ?? null;
}

/** A new type; a name or item number taken is the unique indexes' violation. */
export async function createType(
  db: DbExecutor,
  values: MaterialTypeValues & { createdBy: number | null },
) {
  const [row] = await db.insert(materialTypes).values(values).returning();
  return row!;
}

/**
 * A new type named by a stock write, with no item number: null when one of its name was made
 * meanwhile (the unique index decides, and the transaction goes on).
 */
export async function insertTypeUnlessNamed(
  db: DbExecutor,
  values: MaterialTypeValues & { createdBy: number | null },
) {
  const [row] = await db.insert(materialTypes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateType(db: DbExecutor, id: number, values: MaterialTypeValues) {
  const [row] = await db
    .update(materialTypes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(materialTypes.id, id))
    .returning();
  return row ?? null;
}

export async function setRetired(db: DbExecutor, id: number, retired: boolean) {
  const [row] = await db
    .update(materialTypes)
    .set({ retiredAt: retired ? sql`coalesce(${materialTypes.retiredAt}, now())` : null })
    .where(eq(materialTypes.id, id))
    .returning();
  return row ?? null;
}

/** The most names a picker is given. */
const MAX_CATALOGUE_OPTIONS = 5000;

/** The active types by name, for the name picker of a material's form. */
export async function listOptions(db: Database) {
  return db
    .select({
      id: materialTypes.id,
      name: materialTypes.name,
      itemNumber: materialTypes.itemNumber,
      unit: materialTypes.unit,
      weightKg: materialTypes.weightKg,
    })
    .from(materialTypes)
    .where(isNull(materialTypes.retiredAt))
    .orderBy(sql`lower(${materialTypes.name})`)
    .limit(MAX_CATALOGUE_OPTIONS);
}

/**
 * The type a label's code names: its item number, whatever its case and surrounding
 * spaces (the unique index), or else, for plain digits, its id.
 */
export async function findTypeByCode(db: Database, code: string) {
  const [byNumber] = await findTypesByKeys(db, { itemNumbers: [textKey(code)] });
  if (byNumber) return byNumber;
  if (!/^[1-9][0-9]{0,9}$/.test(code.trim()) || Number(code) > 2_147_483_647) return null;
  const [byId] = await db
    .select()
    .from(materialTypes)
    .where(eq(materialTypes.id, Number(code)));
  return byId ?? null;
}

/** A location's live stock row of a type, with the location's name (null: it holds none). */
export async function stockAtLocation(db: Database, typeId: number, locationId: number) {
  const [row] = await db
    .select({ id: materials.id, quantity: materials.quantity })
    .from(materials)
    .where(
      and(
        eq(materials.materialTypeId, typeId),
        eq(materials.locationId, locationId),
        isNull(materials.deletedAt),
      ),
    );
  return row ?? null;
}

/** Many rows at once: the batched writes of what an import adds or changes. */
export type ImportedTypeValues = Pick<
  MaterialTypeRow,
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

export async function insertTypesMany(
  db: DbExecutor,
  values: ReadonlyArray<ImportedTypeValues & { createdBy: number }>,
) {
  for (const batch of batchesOf(values)) await db.insert(materialTypes).values(batch);
}

/** Every field of these types, as given. */
export async function updateTypesMany(
  db: DbExecutor,
  values: ReadonlyArray<ImportedTypeValues & { id: number }>,
) {
  for (const batch of batchesOf(values)) {
    const column = <K extends keyof (typeof batch)[number]>(key: K) =>
      listParam(batch.map((v) => v[key]));
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
