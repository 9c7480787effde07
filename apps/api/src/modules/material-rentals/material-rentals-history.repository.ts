import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { materialRentalItems, materialRentalReturns, materialRentals } from '../../db/schema';
import { recountTotalsOfRental } from './material-rentals.repository';

/** The day of a rental's latest return (yyyy-MM-dd), or null when it has none. */
async function latestReturnDay(db: DbExecutor, rentalId: number): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(sql`
    select to_char(max(return_date), 'YYYY-MM-DD') as day
      from material_rental_returns where rental_id = ${rentalId}`);
  return result.rows[0]?.day ?? null;
}

/** The day of a rental's first return (yyyy-MM-dd), or null when it has none. */
export async function firstReturnDay(db: DbExecutor, rentalId: number): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(sql`
    select to_char(min(return_date), 'YYYY-MM-DD') as day
      from material_rental_returns where rental_id = ${rentalId}`);
  return result.rows[0]?.day ?? null;
}

export async function setRentalDate(tx: DbExecutor, id: number, rentalDate: string) {
  const [before] = await tx
    .select({ rentalDate: materialRentals.rentalDate })
    .from(materialRentals)
    .where(eq(materialRentals.id, id));
  await tx
    .update(materialRentals)
    .set({ rentalDate, updatedAt: new Date() })
    .where(eq(materialRentals.id, id));
  // The month it left before counts it no more.
  await recountTotalsOfRental(tx, id, before ? [before.rentalDate] : []);
}

export async function findReturnOf(tx: DbExecutor, rentalId: number, returnId: number) {
  const [back] = await tx
    .select({ id: materialRentalReturns.id, returnDate: materialRentalReturns.returnDate })
    .from(materialRentalReturns)
    .where(
      and(eq(materialRentalReturns.id, returnId), eq(materialRentalReturns.rentalId, rentalId)),
    );
  return back ?? null;
}

/**
 * A return's day (its ledger movements are the materials module's to write); its rental's
 * updatedAt moves, so that a device's copy asking for the changes since reads its returns again.
 */
export async function setReturnDate(
  tx: DbExecutor,
  rentalId: number,
  returnId: number,
  returnDate: string,
) {
  const before = await findReturnOf(tx, rentalId, returnId);
  await tx
    .update(materialRentalReturns)
    .set({ returnDate })
    .where(eq(materialRentalReturns.id, returnId));
  await tx
    .update(materialRentals)
    .set({ updatedAt: new Date() })
    .where(eq(materialRentals.id, rentalId));
  // The month it came back in before counts it no more.
  await recountTotalsOfRental(tx, rentalId, before ? [before.returnDate] : []);
}

/** A returned rental's return day: the day of its latest return. */
export async function refreshActualReturnDate(tx: DbExecutor, id: number) {
  await tx
    .update(materialRentals)
    .set({ actualReturnDate: await latestReturnDay(tx, id), updatedAt: new Date() })
    .where(eq(materialRentals.id, id));
}

export async function findItemRates(tx: DbExecutor, rentalId: number, itemId: number) {
  const [item] = await tx
    .select({
      id: materialRentalItems.id,
      materialName: materialRentalItems.materialName,
      dayCents: materialRentalItems.dayCents,
      weekCents: materialRentalItems.weekCents,
      minimumDays: materialRentalItems.minimumDays,
    })
    .from(materialRentalItems)
    .where(and(eq(materialRentalItems.id, itemId), eq(materialRentalItems.rentalId, rentalId)));
  return item ?? null;
}

export async function setItemRates(
  tx: DbExecutor,
  itemId: number,
  rates: { dayCents: number | null; weekCents: number | null; minimumDays: number | null },
) {
  await tx.update(materialRentalItems).set(rates).where(eq(materialRentalItems.id, itemId));
}

/**
 * The rates lines without any are priced with from now on (decision 048: fixed on the line), in
 * one statement however many lines a billing run finds unrated.
 */
export async function fixItemRates(
  db: DbExecutor,
  fixes: {
    itemId: number;
    rate: { dayCents: number; weekCents: number | null; minimumDays: number };
  }[],
) {
  if (fixes.length === 0) return;
  await db.execute(sql`
    update material_rental_items i
       set day_cents = f.day_cents, week_cents = f.week_cents, minimum_days = f.minimum_days
      from unnest(${sql.param(fixes.map((fix) => fix.itemId))}::integer[],
                  ${sql.param(fixes.map((fix) => fix.rate.dayCents))}::integer[],
                  ${sql.param(fixes.map((fix) => fix.rate.weekCents))}::integer[],
                  ${sql.param(fixes.map((fix) => fix.rate.minimumDays))}::integer[])
             as f(id, day_cents, week_cents, minimum_days)
     where i.id = f.id and i.day_cents is null`);
}
