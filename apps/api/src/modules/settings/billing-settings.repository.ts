import type { DocumentSeries, WorkRate } from '@stockyard/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  billingSettings,
  type DocumentSeriesName,
  documentCounters,
  workRates,
} from '../../db/schema';

/** The one row of billing settings; null until an admin saves them. */
export async function findBillingSettings(db: DbExecutor) {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return row ?? null;
}

export async function saveBillingSettings(
  db: DbExecutor,
  values: { currency: string; vatRateBp: number; paymentTermsDays: number },
  updatedById: number,
) {
  const set = { ...values, updatedById, updatedAt: sql`now()` };
  const [row] = await db
    .insert(billingSettings)
    .values({ id: 1, ...values, updatedById })
    .onConflictDoUpdate({ target: billingSettings.id, set })
    .returning();
  return row!;
}

/**
 * The next number of each series in `year` (1 when it has no row yet); `lock` holds the rows
 * there are for the caller's transaction, as a finalization does.
 */
export async function nextNumbers(
  db: DbExecutor,
  year: number,
  lock = false,
): Promise<Record<DocumentSeries, number>> {
  const query = db
    .select({ series: documentCounters.series, next: documentCounters.next })
    .from(documentCounters)
    .where(
      and(
        eq(documentCounters.year, year),
        inArray(documentCounters.series, ['INVOICE', 'CREDIT_NOTE']),
      ),
    );
  const rows = lock ? await query.for('update') : await query;
  const next = { INVOICE: 1, CREDIT_NOTE: 1 };
  for (const row of rows) next[row.series as DocumentSeries] = row.next;
  return next;
}

/**
 * Raises a series' next number in `year`; never lowers it. False when the number is below the
 * series' next (another transaction numbered a document meanwhile).
 */
export async function raiseNextNumber(
  db: DbExecutor,
  series: DocumentSeries,
  year: number,
  next: number,
): Promise<boolean> {
  const rows = await db
    .insert(documentCounters)
    .values({ series, year, next })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { next },
      setWhere: sql`${documentCounters.next} <= ${next}`,
    })
    .returning({ next: documentCounters.next });
  return rows.length > 0;
}

/** Every work rate there is. */
export async function allWorkRates(db: DbExecutor) {
  return db.select().from(workRates);
}

/** The table becomes `rates` (the ones with a rate): the others are removed. */
export async function replaceWorkRates(db: DbExecutor, rates: readonly WorkRate[]) {
  await db.delete(workRates);
  const priced = rates.flatMap((r) =>
    r.rateCents === null ? [] : [{ jobType: r.jobType, uom: r.uom, rateCents: r.rateCents }],
  );
  if (priced.length > 0) await db.insert(workRates).values(priced);
}

/**
 * The next number of a series in a year, the one way a numbered document gets it: the counter row
 * stays locked until the caller's transaction ends, so writers wait for each other and a rollback
 * gives the number back (no gaps, never reused).
 */
export async function takeDocumentNumber(
  db: DbExecutor,
  series: DocumentSeriesName,
  year: number,
): Promise<number> {
  const [row] = await db
    .insert(documentCounters)
    .values({ series, year, next: 2 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { next: sql`${documentCounters.next} + 1` },
    })
    .returning({ next: documentCounters.next });
  return row!.next - 1;
}
