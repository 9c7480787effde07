import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** A material's repair-stock movements in ledger order, each with the day of the return it names. */
export async function repairMovementsWithReturnDays(db: DbExecutor, materialId: number) {
  return db.execute<{
    id: number;
    units: string;
    reason: string;
    return_id: number | null;
    day: string | null;
  }>(sql`
    select m.id, m.repair_delta as units, m.reason, m.return_id,
           to_char(ret.return_date, 'YYYY-MM-DD') as day
      from stock_movements m
      left join material_rental_returns ret on ret.id = m.return_id
     where m.material_id = ${materialId} and m.repair_delta <> 0
     order by m.id`);
}

/**
 * A corrected return's day on the ledger's movements that name the return: the stock ledger
 * writes its own table.
 */
export async function setReturnMovementsDay(db: DbExecutor, returnId: number, day: string) {
  await db.execute(
    sql`update stock_movements set occurred_on = ${day}::date where return_id = ${returnId}`,
  );
}
