import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { csvFile, upload } from '../../../test/import-files';
import { stockMovements } from '../../db/schema';

/**
 * A whole file of 10,000 rows (the most an import takes): its preview under 5 s and its import
 * under 30 s (issue 30), with lookups and writes in batches, never a query per row.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
const LOCATIONS = 40;
const TYPES = 250;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  for (let i = 0; i < LOCATIONS; i += 1) await createLocation(t.db, { name: `Speed Yard ${i}` });
  // The thread that reads uploads starts before the clock: through tsx, seconds.
  const warm = csvFile([['Location', 'Item number', 'Material', 'Quantity']]);
  await upload(t.app, '/api/imports/stock/preview', warm, 'warm.csv', actors.admin.headers);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const rows = (quantityOf: (i: number) => number) => [
  ['Location', 'Item number', 'Material', 'Quantity'],
  ...Array.from({ length: LOCATIONS * TYPES }, (_, i) => [
    `Speed Yard ${i % LOCATIONS}`,
    '',
    `Speed material ${Math.floor(i / LOCATIONS)}`,
    String(quantityOf(i)),
  ]),
];

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

describe('an import of 10,000 stock rows', () => {
  it('is previewed in under 5 s and imported in under 30 s; the same file again changes nothing', async () => {
    const file = csvFile(rows((i) => (i % 97) + 1));
    const headers = actors.admin.headers;
    const [previewed, previewMs] = await timed(() =>
      upload(t.app, '/api/imports/stock/preview', file, 'speed.csv', headers),
    );
    expect(previewed.statusCode, previewed.body.slice(0, 500)).toBe(200);
    expect(previewed.json().data.counts.new).toBe(10_000);
    const [imported, importMs] = await timed(() =>
      upload(t.app, '/api/imports/stock', file, 'speed.csv', headers),
    );
    expect(imported.statusCode, imported.body.slice(0, 500)).toBe(200);
    const movements = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(stockMovements)
          .where(eq(stockMovements.reference, 'speed.csv'))
      )[0]!.n;
    expect(await movements()).toBe(10_000);

    // Every quantity changed: 10,000 updates through the ledger.
    const changed = csvFile(rows((i) => (i % 89) + 200));
    const [updated, updateMs] = await timed(() =>
      upload(t.app, '/api/imports/stock', changed, 'speed.csv', headers),
    );
    expect(updated.json().data.counts.update).toBe(10_000);
    const [again, againMs] = await timed(() =>
      upload(t.app, '/api/imports/stock', changed, 'speed.csv', headers),
    );
    expect(again.json().data.counts.unchanged).toBe(10_000);
    expect(await movements()).toBe(20_000);

    console.info(
      `10,000 stock rows: preview ${previewMs.toFixed(0)} ms, import (new) ${importMs.toFixed(0)} ms, import (every quantity changed) ${updateMs.toFixed(0)} ms, again (unchanged) ${againMs.toFixed(0)} ms`,
    );
    expect(previewMs).toBeLessThan(5_000);
    expect(importMs).toBeLessThan(30_000);
    expect(updateMs).toBeLessThan(30_000);
  }, 120_000);
});
