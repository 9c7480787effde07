import { and, asc, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client';
import {
  invoiceMaterialUsages,
  locations,
  materialRentalItems,
  materialRentalReturns,
  materialRentals,
  materials,
  materialTypes,
  stockLevels,
  stockMovements,
  users,
} from '../../db/schema';
import { listPage, type Page } from '../../lib/list-page';
import { limitLiteral, prepared, unseen } from '../../lib/prepared';

export type MaterialRow = typeof materials.$inferSelect;
export type MovementValues = typeof stockMovements.$inferInsert;
export type MaterialValues = Pick<
  MaterialRow,
  'materialTypeId' | 'name' | 'locationId' | 'notes' | 'unit'
>;

/** What the catalogue says of a material, in its DTO (joined on `byType`). */
export const CATALOGUED = {
  itemNumber: materialTypes.itemNumber,
  weightKg: materialTypes.weightKg,
};
const withLocationAndStatus = {
  material: materials,
  locationName: locations.name,
  catalogue: CATALOGUED,
  retired: sql<boolean>`${materialTypes.retiredAt} is not null`,
};
export const byType = eq(materialTypes.id, materials.materialTypeId);

const live = isNull(materials.deletedAt);
const p = sql.placeholder;

/*
 * The statements of a stock change (a material read and locked, its quantity written, its movement
 * and its location's level) are named statements built once (lib/prepared.ts): built and planned
 * anew they cost a stock update about 2 ms of the API's CPU and 1 ms of PostgreSQL's.
 */

export async function findMaterial(db: DbExecutor, id: number) {
  const statement = prepared(db, 'material_with_location', (d, name) =>
    d
      .select(withLocationAndStatus)
      .from(materials)
      .innerJoin(locations, eq(locations.id, materials.locationId))
      .innerJoin(materialTypes, byType)
      .where(and(eq(materials.id, p('id')), live))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/** Live materials locked until the transaction ends, always in id order so that two transfers never deadlock. */
export async function lockMaterials(db: DbExecutor, ids: number[]) {
  const statement = prepared(db, 'materials_lock', (d, name) =>
    d
      .select()
      .from(materials)
      // The ids unseen by the plan: a custom plan for one id looked cheaper than the generic one,
      // and the lock was planned again at every call. Cast again, so that `any` reads the array:
      // given the subquery itself, it would compare each id with the array as a whole.
      .where(and(sql`${materials.id} = any((${unseen('ids', 'integer[]')})::integer[])`, live))
      .orderBy(asc(materials.id))
      .for('no key update')
      .prepare(name),
  );
  return statement.execute({ ids });
}

/** A new material, empty: its stock comes through changeStock (materials-ledger.service.ts). */
export async function insertMaterial(
  db: DbExecutor,
  values: MaterialValues & { createdBy: number },
) {
  const [row] = await db
    .insert(materials)
    .values({ ...values, quantity: 0 })
    .returning();
  return row!;
}

/**
 * The live material of this type at the location, created empty when missing. The unique index
 * settles concurrent first transfers: one insert wins, the others find its row.
 */
export async function ensureMaterialAt(
  db: DbExecutor,
  values: MaterialValues & { createdBy: number },
): Promise<{ id: number; created: boolean }> {
  const [inserted] = await db
    .insert(materials)
    .values({ ...values, quantity: 0 })
    .onConflictDoNothing({
      target: [materials.locationId, materials.materialTypeId],
      where: live,
    })
    .returning({ id: materials.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(
      and(
        eq(materials.locationId, values.locationId),
        eq(materials.materialTypeId, values.materialTypeId),
        live,
      ),
    );
  return { id: existing!.id, created: false };
}

/** A material's details; its quantity changes through the ledger only. */
export async function updateMaterial(db: DbExecutor, id: number, values: Partial<MaterialValues>) {
  const [row] = await db
    .update(materials)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(materials.id, id))
    .returning();
  return row!;
}

/** A live material's quantity and repair stock, or null. */
export async function currentStock(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ quantity: materials.quantity, repairQuantity: materials.repairQuantity })
    .from(materials)
    .where(and(eq(materials.id, id), live));
  return row ?? null;
}

/**
 * Adds units to each location's stock level of `month`, in the order given (the caller sorts by
 * location): the month's first change starts from the latest earlier month's level.
 */
export async function addToStockLevels(
  db: DbExecutor,
  month: string,
  changes: ReadonlyArray<{ locationId: number; units: number }>,
) {
  const statement = prepared(db, 'stock_level_add', (d, name) => {
    const before = d
      .select({ units: stockLevels.units })
      .from(stockLevels)
      .where(
        and(
          eq(stockLevels.locationId, p('locationId')),
          sql`${stockLevels.month} < ${p('month')}::date`,
        ),
      )
      .orderBy(desc(stockLevels.month))
      .limit(limitLiteral(1));
    const units = sql`${p('units')}::numeric`;
    return d
      .insert(stockLevels)
      .values({
        locationId: p('locationId'),
        month: p('month'),
        units: sql`coalesce((${before}), 0) + ${units}`,
      })
      .onConflictDoUpdate({
        target: [stockLevels.locationId, stockLevels.month],
        set: { units: sql`${stockLevels.units} + ${units}` },
      })
      .prepare(name);
  });
  for (const { locationId, units } of changes) {
    await statement.execute({ locationId, month, units });
  }
}

export async function hasMovements(db: DbExecutor, materialId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(eq(stockMovements.materialId, materialId))
    .limit(1);
  return row !== undefined;
}

/** Whether an invoice records a usage of the material: it then stays, removed, for the invoice. */
export async function usedOnInvoice(db: DbExecutor, materialId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invoiceMaterialUsages.id })
    .from(invoiceMaterialUsages)
    .where(eq(invoiceMaterialUsages.materialId, materialId))
    .limit(1);
  return row !== undefined;
}

/** How much of the material is still out on ACTIVE rentals (it comes back to this row). */
export async function outstandingOnRentals(db: DbExecutor, materialId: number): Promise<number> {
  const [row] = await db
    .select({
      // Neither back good, nor damaged, nor lost: each line less its returns, no stored counter.
      n: sql<number>`coalesce(sum(${materialRentalItems.quantity} - (select coalesce(sum(${materialRentalReturns.returnedQuantity} + ${materialRentalReturns.damagedQuantity} + ${materialRentalReturns.lostQuantity}), 0) from ${materialRentalReturns} where ${materialRentalReturns.rentalItemId} = ${materialRentalItems.id})), 0)`.mapWith(
        Number,
      ),
    })
    .from(materialRentalItems)
    .innerJoin(materialRentals, eq(materialRentals.id, materialRentalItems.rentalId))
    .where(
      and(eq(materialRentalItems.materialId, materialId), eq(materialRentals.status, 'ACTIVE')),
    );
  return row?.n ?? 0;
}

export async function softDeleteMaterial(db: DbExecutor, id: number) {
  await db
    .update(materials)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(materials.id, id));
}

export async function deleteMaterial(db: DbExecutor, id: number) {
  await db.delete(materials).where(eq(materials.id, id));
}

const counterpartMaterials = alias(materials, 'counterpart_material');
const counterpartLocations = alias(locations, 'counterpart_location');

/** The other side's material id of a transfer movement, from its reference `material:<id>`. */
const counterpartId = sql`case when ${stockMovements.reason} in ('TRANSFER_OUT', 'TRANSFER_IN')
  and ${stockMovements.reference} ~ '^material:[0-9]{1,9}$'
  then substr(${stockMovements.reference}, 10)::int end`;

/** A page of a material's movements, each transfer with its other side's material and location. */
export async function listMovements(db: Database, materialId: number, page: Page) {
  return listPage(
    db,
    {
      name: 'material_movements',
      filters: { materialId },
      select: (total, f) =>
        db
          .select({
            movement: stockMovements,
            userName: users.name,
            counterpart: {
              materialId: counterpartMaterials.id,
              materialName: counterpartMaterials.name,
              locationName: counterpartLocations.name,
            },
            total,
          })
          .from(stockMovements)
          .leftJoin(users, eq(users.id, stockMovements.userId))
          .leftJoin(counterpartMaterials, eq(counterpartMaterials.id, counterpartId))
          .leftJoin(
            counterpartLocations,
            eq(counterpartLocations.id, counterpartMaterials.locationId),
          )
          .where(eq(stockMovements.materialId, f.materialId))
          .orderBy(desc(stockMovements.id)),
      count: (f) =>
        db
          .select({ n: count() })
          .from(stockMovements)
          .where(eq(stockMovements.materialId, f.materialId)),
    },
    page,
  );
}

/** Rows a batched write sends per statement: well under PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 2000;

function* batchesOf<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) yield rows.slice(i, i + BATCH_ROWS);
}

/**
 * The live materials of these types at these locations, those missing created empty (an import's
 * stock, many at once): `ensureMaterialAt` in a few statements. Keyed `${locationId}:${typeId}`.
 */
export async function ensureMaterialsAt(
  db: DbExecutor,
  rows: ReadonlyArray<MaterialValues & { createdBy: number }>,
): Promise<Map<string, { id: number; created: boolean }>> {
  const found = new Map<string, { id: number; created: boolean }>();
  const keyOf = (row: { locationId: number; materialTypeId: number }) =>
    `${row.locationId}:${row.materialTypeId}`;
  for (const batch of batchesOf(rows)) {
    const inserted = await db
      .insert(materials)
      .values(batch.map((row) => ({ ...row, quantity: 0 })))
      .onConflictDoNothing({
        target: [materials.locationId, materials.materialTypeId],
        where: live,
      })
      .returning({
        id: materials.id,
        locationId: materials.locationId,
        materialTypeId: materials.materialTypeId,
      });
    for (const row of inserted) found.set(keyOf(row), { id: row.id, created: true });
  }
  const missing = rows.filter((row) => !found.has(keyOf(row)));
  for (const batch of batchesOf(missing)) {
    const existing = await db
      .select({
        id: materials.id,
        locationId: materials.locationId,
        materialTypeId: materials.materialTypeId,
      })
      .from(materials)
      .where(
        and(
          sql`(${materials.locationId}, ${materials.materialTypeId}) in (select * from unnest(${sql.param(batch.map((r) => r.locationId))}::integer[], ${sql.param(batch.map((r) => r.materialTypeId))}::integer[]))`,
          live,
        ),
      );
    for (const row of existing) found.set(keyOf(row), { id: row.id, created: false });
  }
  return found;
}

/** Writes counted quantities, many at once. For the ledger's setCountedStock only. */
export async function setQuantities(
  db: DbExecutor,
  counts: ReadonlyArray<{ id: number; quantity: number }>,
): Promise<MaterialRow[]> {
  const rows: MaterialRow[] = [];
  for (const batch of batchesOf(counts)) {
    const ids = batch.map((c) => c.id);
    const quantities = batch.map((c) => c.quantity);
    const counted = sql`unnest(${sql.param(ids)}::integer[], ${sql.param(quantities)}::numeric[]) as counted(id, quantity)`;
    rows.push(
      ...(await db
        .update(materials)
        .set({ quantity: sql`counted.quantity`, updatedAt: sql`now()` })
        .from(counted)
        .where(sql`${materials.id} = counted.id`)
        .returning(getTableColumns(materials))),
    );
  }
  return rows;
}

/** Movements of the ledger, many at once. For the ledger's setCountedStock only. */
export async function insertMovements(db: DbExecutor, movements: readonly MovementValues[]) {
  for (const batch of batchesOf(movements)) {
    await db.insert(stockMovements).values(batch);
  }
}
