import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { materials } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let other: Awaited<ReturnType<typeof createLocation>>;

const options = (query: string, headers: Record<string, string> | undefined) =>
  t.app.inject({ method: 'GET', url: `/api/materials/options?${query}`, headers });

async function material(locationId: number, name: string, quantity: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: actors.admin.headers,
    payload: { name, locationId, quantity, unit: 'EACH' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/materials/options', () => {
  it('lists every live material of the location by name, with its unit and stock', async () => {
    const at = actors.location.id;
    const tube = await material(at, 'Tube', 12);
    const board = await material(at, 'Board', 0);
    const gone = await material(at, 'Anchor', 4);
    await material(other.id, 'Clamp', 9);
    await t.db.update(materials).set({ deletedAt: new Date() }).where(eq(materials.id, gone));
    // More than a list page: the picker gets them all.
    for (let n = 0; n < 12; n++) await material(at, `Pin ${String(n).padStart(2, '0')}`, n);

    const response = await options(`locationId=${at}`, actors.manager.headers);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toHaveLength(14);
    expect(data[0]).toEqual({
      id: board,
      name: 'Board',
      unit: 'EACH',
      quantity: 0,
      weightKg: null,
    });
    expect(data.at(-1)).toEqual({
      id: tube,
      name: 'Tube',
      unit: 'EACH',
      quantity: 12,
      weightKg: null,
    });
    expect(data.map((m: { name: string }) => m.name)).toEqual(
      [...data.map((m: { name: string }) => m.name)].sort(),
    );
    const elsewhere = (await options(`locationId=${other.id}`, actors.admin.headers)).json().data;
    expect(elsewhere.map((m: { name: string }) => m.name)).toEqual(['Clamp']);
  });

  it('is 404 to a field manager for another location, 400 without a location, 401 without a session', async () => {
    const hidden = await options(`locationId=${other.id}`, actors.manager.headers);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Location not found');
    const missing = await options('', actors.admin.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Location is required');
    expect((await options(`locationId=${other.id}`, undefined)).statusCode).toBe(401);
  });
});
