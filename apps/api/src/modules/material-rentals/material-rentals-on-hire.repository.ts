import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import {
  locations,
  materialRentalItems,
  materialRentalReturns,
  materialRentals,
  materials,
  materialTypes,
} from '../../db/schema';
import { lineBack } from './material-rentals.repository';

const from = alias(locations, 'on_hire_from');
const line = alias(materialRentalItems, 'line');

/**
 * The lines of the ACTIVE rentals sent to a location, oldest rental first, each with what came
 * back of it read from its returns (`lineBack`): the one truth of a rental's quantities, no copy. The lines all of whose units came back are the caller's to leave out.
 */
export async function onHireLines(db: DbExecutor, locationId: number) {
  return db
    .select({
      rentalId: materialRentals.id,
      rentalItemId: line.id,
      materialId: line.materialId,
      materialTypeId: materials.materialTypeId,
      itemNumber: materialTypes.itemNumber,
      materialName: line.materialName,
      unit: line.unit,
      quantity: line.quantity,
      dayCents: line.dayCents,
      weekCents: line.weekCents,
      minimumDays: line.minimumDays,
      fromLocationId: materialRentals.fromLocationId,
      fromLocationName: from.name,
      rentalDate: sql<string>`to_char(${materialRentals.rentalDate}, 'YYYY-MM-DD')`,
      expectedReturnDate: sql<string>`to_char(${materialRentals.expectedReturnDate}, 'YYYY-MM-DD')`,
      ...lineBack('line'),
    })
    .from(materialRentals)
    .innerJoin(line, eq(line.rentalId, materialRentals.id))
    .innerJoin(from, eq(from.id, materialRentals.fromLocationId))
    .innerJoin(materials, eq(materials.id, line.materialId))
    .innerJoin(materialTypes, eq(materialTypes.id, materials.materialTypeId))
    .where(
      and(eq(materialRentals.toLocationId, locationId), sql`${materialRentals.status} = 'ACTIVE'`),
    )
    .orderBy(asc(materialRentals.rentalDate), asc(materialRentals.id), asc(line.id));
}

/** The dated returns of some lines (every unit back on its day, good, damaged or lost), by line. */
export async function datedReturns(db: DbExecutor, itemIds: number[]) {
  const byItem = new Map<number, { day: string; units: number }[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({
      itemId: materialRentalReturns.rentalItemId,
      day: sql<string>`to_char(${materialRentalReturns.returnDate}, 'YYYY-MM-DD')`,
      units:
        sql<number>`(${materialRentalReturns.returnedQuantity} + ${materialRentalReturns.damagedQuantity} + ${materialRentalReturns.lostQuantity})::integer`.mapWith(
          Number,
        ),
    })
    .from(materialRentalReturns)
    .where(inArray(materialRentalReturns.rentalItemId, itemIds))
    .orderBy(asc(materialRentalReturns.returnDate));
  for (const row of rows) {
    const list = byItem.get(row.itemId) ?? [];
    list.push({ day: row.day, units: row.units });
    byItem.set(row.itemId, list);
  }
  return byItem;
}
