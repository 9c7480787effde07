import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client';
import {
  invoiceMaterialUsages,
  locations,
  materialRentalItems,
  materialRentals,
  materials,
  stockLevels,
  stockMovements,
  users,
} from '../../db/schema';
import { listPage, type Page } from '../../lib/list-page';

export type MaterialRow = typeof materials.$inferSelect;
export type MovementValues = typeof stockMovements.$inferInsert;
export type MaterialValues = Pick<MaterialRow, 'name' | 'locationId' | 'notes' | 'unit'>;

const live = isNull(materials.deletedAt);
const withLocation = { material: materials, locationName: locations.name };

export async function findMaterial(db: DbExecutor, id: number) {
  const [row] = await db
    .select(withLocation)
    .from(materials)
    .innerJoin(locations, eq(locations.id, materials.locationId))
    .where(and(eq(materials.id, id), live));
  return row ?? null;
}

/** Live materials locked until the transaction ends, always in id order so that two transfers never deadlock. */
export async function lockMaterials(db: DbExecutor, ids: number[]) {
  return db
    .select()
    .from(materials)
    .where(and(inArray(materials.id, ids), live))
    .orderBy(asc(materials.id))
    .for('no key update');
}

/** A new material, empty: its stock comes through the ledger (materials.ledger.ts, changeStock). */
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
 * The live material with this name and unit at the location, created empty when missing. The
 * unique index settles concurrent first transfers: one insert wins, the others find its row.
 */
export async function ensureMaterialAt(
  db: DbExecutor,
  values: MaterialValues & { createdBy: number },
): Promise<{ id: number; created: boolean }> {
  const [inserted] = await db
    .insert(materials)
    .values({ ...values, quantity: 0 })
    .onConflictDoNothing({
      target: [materials.locationId, materials.name, materials.unit],
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
        eq(materials.name, values.name),
        eq(materials.unit, values.unit),
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

/**
 * Adds `delta` (negative to take away) unless that would leave less than nothing; null when it
 * would. For the ledger's changeStock only, which writes the movement with it.
 */
export async function addQuantity(db: DbExecutor, id: number, delta: number) {
  const [row] = await db
    .update(materials)
    .set({ quantity: sql`${materials.quantity} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(materials.id, id), live, gte(materials.quantity, -Math.min(delta, 0))))
    .returning();
  return row ?? null;
}

/** Writes a counted quantity. For the ledger's changeStock only, which writes the movement with it. */
export async function setQuantity(db: DbExecutor, id: number, quantity: number) {
  const [row] = await db
    .update(materials)
    .set({ quantity, updatedAt: sql`now()` })
    .where(eq(materials.id, id))
    .returning();
  return row!;
}

export async function currentQuantity(db: DbExecutor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ quantity: materials.quantity })
    .from(materials)
    .where(and(eq(materials.id, id), live));
  return row?.quantity ?? null;
}

export async function insertMovements(db: DbExecutor, movements: MovementValues[]) {
  await db.insert(stockMovements).values(movements);
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
  for (const { locationId, units } of changes) {
    const before = db
      .select({ units: stockLevels.units })
      .from(stockLevels)
      .where(and(eq(stockLevels.locationId, locationId), sql`${stockLevels.month} < ${month}`))
      .orderBy(desc(stockLevels.month))
      .limit(1);
    await db
      .insert(stockLevels)
      .values({ locationId, month, units: sql`coalesce((${before}), 0) + ${units}` })
      .onConflictDoUpdate({
        target: [stockLevels.locationId, stockLevels.month],
        set: { units: sql`${stockLevels.units} + ${units}` },
      });
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
      n: sql<number>`coalesce(sum(${materialRentalItems.quantity} - ${materialRentalItems.quantityActuallyReturned}), 0)`.mapWith(
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
