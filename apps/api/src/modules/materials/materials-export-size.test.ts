import { EXPORT_MESSAGES } from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { readCsv } from '../../../test/spreadsheets';

/**
 * The whole inventory of the bench's size (100,000 live materials: 500 types at 200 locations) is
 * one export; one material more is past the export's cap, refused before the file starts.
 */
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await loginAs(t.app, (await createUser(t.db, { role: 'ADMIN' })).email)).headers;
  await t.db.$client.query(
    `insert into locations (name, address, type, status)
     select 'Size Yard ' || n, n || ' Bench Road', 'BMR_YARD', 'ACTIVE' from generate_series(1, 200) n`,
  );
  await t.db.$client.query(
    `insert into material_types (name, unit, weight_kg)
     select 'Size type ' || n, 'EACH', 2.5 from generate_series(1, 500) n`,
  );
  await t.db.$client.query(
    `insert into materials (material_type_id, name, location_id, quantity, unit)
     select t.id, t.name, l.id, 20, 'EACH' from material_types t cross join locations l`,
  );
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/materials/export of the whole inventory', () => {
  it('writes 100,000 materials, and refuses 100,001 with 400', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/materials/export?format=csv',
      headers,
    });
    expect(all.statusCode).toBe(200);
    expect(readCsv(all.rawPayload)).toHaveLength(100_001);

    await t.db.$client.query(
      `with extra as (insert into material_types (name, unit) values ('Size extra', 'EACH')
                      returning id, name)
       insert into materials (material_type_id, name, location_id, quantity, unit)
       select extra.id, extra.name, (select min(id) from locations), 1, 'EACH' from extra`,
    );
    const more = await t.app.inject({ method: 'GET', url: '/api/materials/export', headers });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(EXPORT_MESSAGES.tooManyRows(100_001));
  }, 60_000);
});
