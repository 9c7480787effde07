import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { listLocations } from '../src/modules/locations/locations.repository';
import { listLowStock, listMaterials } from '../src/modules/materials/materials-reads.repository';
import { listUsers } from '../src/modules/users/users.repository';
import { createLocation } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * Decision 005: the hot list reads are planned once. PostgreSQL tries five custom plans of a
 * prepared statement, then keeps its generic plan only when that plan's estimate is as good; a
 * statement it cannot cost (a LIMIT parameter, a catch-all filter) is planned again at every call.
 * Each read runs here on one connection, and that connection's statements must have gone generic.
 */
let t: TestApp;
let one: Database;
let yard: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  // Enough rows of each for the planner to tell plans apart, as in the benchmark's data.
  yard = await createLocation(t.db);
  await t.db.execute(sql`
    insert into locations (name, address, type, status)
    select 'Site ' || n, n || ' Road', 'FIELD', 'ACTIVE' from generate_series(1, 200) n`);
  await t.db.execute(sql`
    insert into users (name, email, password_hash, role, location_id)
    select 'Crew ' || n || case when n % 25 = 0 then ' Smith' else '' end,
           'crew' || n || '@example.com', 'x', 'USER', ${yard.id}
    from generate_series(1, 500) n`);
  await t.db.execute(sql`
    insert into materials (name, location_id, quantity, unit)
    select 'Bulk ' || n, ${yard.id} + n % 200, n % 30, 'EACH' from generate_series(1, 20000) n`);
  await t.db.execute(sql`vacuum analyze`);
  one = createDatabase(t.databaseUrl, 1);
});
afterAll(async () => {
  await one.$client.end();
  await t.close();
});

const reads: Array<[string, () => Promise<unknown>]> = [
  ['the inventory, first page', () => listMaterials(one, undefined, { limit: 10, offset: 0 })],
  ['the inventory, a later page', () => listMaterials(one, undefined, { limit: 10, offset: 990 })],
  ["a location's first page", () => listMaterials(one, yard.id, { limit: 10, offset: 0 })],
  ["a location's later page", () => listMaterials(one, yard.id, { limit: 10, offset: 40 })],
  // After a first read has given the totals, pages nearer the oldest end are read from there.
  ['the inventory, a last page', () => listMaterials(one, undefined, { limit: 10, offset: 19990 })],
  ["a location's last page", () => listMaterials(one, yard.id, { limit: 10, offset: 95 })],
  ['low stock', () => listLowStock(one, undefined, 10)],
  ['the user list', () => listUsers(one, {}, { limit: 10, offset: 0 })],
  ['the user search', () => listUsers(one, { search: 'smith' }, { limit: 10, offset: 0 })],
  ['the locations list', () => listLocations(one, {}, { limit: 10, offset: 0 })],
];

describe('the hot list reads', () => {
  it.each(reads)('plan %s once, then run the generic plan', async (_name, read) => {
    await read();
    const before = await plans();
    for (let i = 0; i < 12; i++) await read();
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
});

/** The prepared statements of the one connection, by name, with how often each was planned. */
async function plans() {
  const { rows } = await one.$client.query<{ name: string; generic: number; custom: number }>(
    `select name, generic_plans::int as generic, custom_plans::int as custom
     from pg_prepared_statements where name is not null`,
  );
  return new Map(rows.map((r) => [r.name, { ...r, total: r.generic + r.custom }]));
}
