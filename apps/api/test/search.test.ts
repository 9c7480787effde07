import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayOf } from '../src/modules/material-rentals/material-rentals.service';
import { createLocation, seedActors } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 50, item 6: searches ignore accents and case alike (`search_fold`, migration 0060):
 * "MULLER" finds what "müller" finds, in the lists people search most.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: actors.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('a search', () => {
  it('finds a rental to "Baustelle Müller Schule" by MULLER, müller and Muller alike', async () => {
    const yard = await createLocation(t.db, { name: 'Hauptlager Süd', type: 'BMR_YARD' });
    const site = await createLocation(t.db, { name: 'Baustelle Müller Schule', type: 'FIELD' });
    const stock = await t.app.inject({
      method: 'POST',
      url: '/api/materials/create',
      headers: actors.admin.headers,
      payload: { name: 'Gerüst Stahlrohr 3,0 m', locationId: yard.id, quantity: 100, unit: 'EACH' },
    });
    expect(stock.statusCode, stock.body).toBe(201);
    const now = new Date();
    const rented = await t.app.inject({
      method: 'POST',
      url: '/api/material-rentals',
      headers: actors.admin.headers,
      payload: {
        fromLocationId: yard.id,
        toLocationId: site.id,
        expectedReturnDate: todayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7)),
        items: [
          { materialId: stock.json().data.id, quantity: 63, unit: 'EACH', materialName: 'x' },
        ],
      },
    });
    expect(rented.statusCode, rented.body).toBe(201);
    const id = rented.json().data.id;
    for (const word of ['MULLER', 'müller', 'Muller', 'MÜLLER', 'gerust stahlrohr']) {
      const found = await get(`/material-rentals?search=${encodeURIComponent(word)}&limit=100`);
      const ids = (found.rentals ?? found.items ?? found.data ?? []).map(
        (r: { id: number }) => r.id,
      );
      expect(ids, word).toContain(id);
    }
  });

  it('finds a catalogue type whatever its accents and case, ß as ss', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/create',
      headers: actors.admin.headers,
      payload: { name: 'Kupplung Drehgelenk Größe 2', unit: 'EACH' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const catalogue = await get(`/catalogue/list?search=${encodeURIComponent('GROSSE 2')}`);
    const names = JSON.stringify(catalogue);
    expect(names).toContain('Kupplung Drehgelenk Größe 2');
    const none = await get(`/catalogue/list?search=${encodeURIComponent('Grosze')}`);
    expect(JSON.stringify(none)).not.toContain('Kupplung');
  });
});
