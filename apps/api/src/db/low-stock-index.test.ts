import { LOW_STOCK_THRESHOLD } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the low-stock indexes', () => {
  // A migration cannot import the constant: if they differ, the low-stock list stops using the index.
  it.each(['materials_low_stock_idx', 'materials_low_stock_location_idx'])(
    '%s covers exactly the quantities at or under the shared low-stock threshold',
    async (name) => {
      const { rows } = await t.db.execute<{ indexdef: string }>(
        sql`select indexdef from pg_indexes where indexname = ${name}`,
      );
      const predicate = rows[0]?.indexdef.match(/WHERE (.*)$/)?.[1] ?? '';
      expect(predicate).toContain('deleted_at IS NULL');
      const bound = predicate.match(/quantity <= \(?([\d.]+)\)?(::numeric)?/)?.[1];
      expect(Number(bound)).toBe(LOW_STOCK_THRESHOLD);
    },
  );
});
