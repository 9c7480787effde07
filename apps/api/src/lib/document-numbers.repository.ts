import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { type DocumentSeriesName, documentCounters } from '../db/schema';

/**
 * The next number of a series in a year, taken in the caller's transaction: the counter row is
 * raised (or made), and stays locked until the transaction ends, so two writers wait for each
 * other and a rolled-back write gives its number back. The one way every numbered document
 * (invoice, credit note, delivery and return note) gets its number: without gaps, never reused.
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
