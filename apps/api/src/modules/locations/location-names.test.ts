import { readFileSync } from 'node:fs';
import { LOCATION_NAME_TAKEN } from '@stockyard/shared';
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { locations } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const body = (name: string) => ({
  name,
  address: '12 Harbour Road',
  type: 'BMR_YARD',
  status: 'ACTIVE',
});
const create = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/locations/create',
    headers: actors.admin.headers,
    payload: body(name),
  });
const update = (id: number, name: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/locations/update/${id}`,
    headers: actors.admin.headers,
    payload: body(name),
  });

const taken = {
  success: false,
  code: 'CONFLICT',
  message: 'A location with this name already exists',
  errors: [{ path: 'name', message: 'A location with this name already exists' }],
};

describe('location names are unique whatever their case and surrounding spaces', () => {
  it('refuses to create a second location of the same name with 409', async () => {
    expect((await create('Harbour Depot')).statusCode).toBe(201);
    for (const name of ['Harbour Depot', 'harbour depot', '  HARBOUR DEPOT  ']) {
      const response = await create(name);
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toEqual(taken);
    }
    expect(LOCATION_NAME_TAKEN).toBe(taken.message);
  });

  it("refuses to rename a location to another's name, and lets one change its own name's case", async () => {
    const first = (await create('Canal Yard')).json().data;
    const second = (await create('Canal Field')).json().data;
    const response = await update(second.id, ' canal YARD');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(taken);
    const [kept] = await t.db
      .select({ name: locations.name })
      .from(locations)
      .where(inArray(locations.id, [second.id]));
    expect(kept!.name).toBe('Canal Field');
    const recased = await update(first.id, 'CANAL YARD');
    expect(recased.statusCode).toBe(200);
    expect(recased.json().data.name).toBe('CANAL YARD');
  });

  it('lets exactly one of many concurrent creates of one name through', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(i % 2 ? 'Ridge Site' : ' ridge site ')),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual(taken);
    }
  });
});

describe('migration 0011', () => {
  it('renames the later of existing duplicates with " (2)", " (3)", ... before making names unique', async () => {
    const file = new URL('../../db/migrations/0011_location_names_unique.sql', import.meta.url);
    const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
    await t.db.execute(sql`drop index locations_name_unique`);
    const depots = [];
    for (const name of ['Depot', ' depot ', 'DEPOT', 'Depot (2)', 'Quay']) {
      depots.push(await createLocation(t.db, { name }));
    }
    await t.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
    const rows = await t.db
      .select({ name: locations.name })
      .from(locations)
      .where(
        inArray(
          locations.id,
          depots.map((d) => d.id),
        ),
      )
      .orderBy(asc(locations.id));
    expect(rows.map((r) => r.name)).toEqual([
      'Depot',
      'depot (3)',
      'DEPOT (4)',
      'Depot (2)',
      'Quay',
    ]);
    expect((await create('depot (4)')).statusCode).toBe(409);
  });
});
