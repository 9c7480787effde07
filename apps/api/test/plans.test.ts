import { MAX_PAGE_LIMIT, PAGE_SIZES } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { listRentals } from '../src/modules/material-rentals/material-rentals.repository';
import { createLocation, createUser } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * Decision 009: a list's read is prepared by name once per shape and screen page size, and the
 * hot ones are then planned once. PostgreSQL tries five custom plans of a prepared statement, then keeps its
 * generic plan only when that plan's estimate is as good; a statement it cannot cost (a LIMIT
 * parameter, a catch-all filter) would be planned again at every call. Each read runs here on one
 * connection, and that connection's statements must have gone generic.
 */
let t: TestApp;
let one: Database;
let yard: { id: number };
let reader: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  // Enough rows of each for the planner to tell plans apart, as in the benchmark's data.
  yard = await createLocation(t.db);
  reader = await createUser(t.db, { role: 'ADMIN' });
  await t.db.execute(sql`
    insert into locations (name, address, type, status)
    select 'Site ' || n, n || ' Road', 'FIELD', 'ACTIVE' from generate_series(1, 200) n`);
  // Rentals between the yard and the sites (the rental counters follow by their triggers).
  await t.db.execute(sql`
    insert into material_rentals (from_location_id, to_location_id, rental_date,
      expected_return_date, status, rented_by_id, quantity_total)
    select ${yard.id}, ${yard.id} + 1 + n % 200, current_date - n % 900,
           current_date + 30 - n % 900, case when n % 5 = 0 then 'ACTIVE' else 'RETURNED' end,
           ${reader.id}, 1 + n % 7
    from generate_series(1, 20000) n`);
  await t.db.execute(sql`vacuum analyze`);
  one = createDatabase(t.databaseUrl, 1);
});
afterAll(async () => {
  await one.$client.end();
  await t.close();
});

const size = PAGE_SIZES.inventory;
const page = (n: number, limit: number = size) => ({ limit, offset: (n - 1) * limit });
const today = new Date().toISOString().slice(0, 10);

/** The reads the benchmark measures, by name, with a page size. */
const hotReads: Array<[string, (limit: number) => Promise<unknown>]> = [
  ['the rentals, first page', (l) => listRentals(one, { today }, page(1, l))],
  [
    "a destination's rentals, first page",
    (l) => listRentals(one, { today, toLocationId: yard.id + 1 }, page(1, l)),
  ],
];

/**
 * The other lists, prepared the same way; PostgreSQL may plan some of them again at every call,
 * as their offset changes the cost of their plans (none is read at the benchmark's rates).
 */
const otherReads: Array<[string, (limit: number) => Promise<unknown>]> = [];

describe('the list reads', () => {
  it.each(hotReads)('plan %s once, then run the generic plan', async (_name, read) => {
    await read(size);
    const before = await plans();
    for (let i = 0; i < 12; i++) await read(size);
    const after = await plans();
    const used = [...after].filter(
      ([name, n]) => n.custom + n.generic > (before.get(name)?.total ?? 0),
    );
    expect(used.length).toBeGreaterThan(0);
    for (const [name, n] of used) {
      expect({ name, custom: n.custom }).toEqual({ name, custom: Math.min(n.custom, 5) });
      expect(n.generic).toBeGreaterThan(0);
    }
  });

  it('keep no more statements than their shapes and the screens page sizes, whatever limit a client sends', async () => {
    const screenSizes = new Set<number>(Object.values(PAGE_SIZES).flat());
    const reads = [...hotReads, ...otherReads];
    for (const [, read] of reads) {
      for (let limit = 1; limit <= MAX_PAGE_LIMIT; limit++) await read(limit);
    }
    const names = [...(await plans()).keys()];
    const sizes = new Set(names.map((name) => Number(name.split('_').at(-1))));
    expect([...sizes].filter((s) => !screenSizes.has(s))).toEqual([]);
    // One statement per shape and screen page size at most, not one per limit.
    expect(names.length).toBeLessThanOrEqual(reads.length * screenSizes.size);
    // A size no screen offers still answers its page.
    const odd = await listRentals(one, { today }, page(1, 7));
    expect(odd.rows).toHaveLength(7);
  });
});

/** The prepared statements of the one connection, by name, with how often each was planned. */
async function plans() {
  const { rows } = await one.$client.query<{ name: string; generic: number; custom: number }>(
    `select name, generic_plans::int as generic, custom_plans::int as custom
     from pg_prepared_statements where name is not null`,
  );
  return new Map(rows.map((r) => [r.name, { ...r, total: r.generic + r.custom }]));
}
