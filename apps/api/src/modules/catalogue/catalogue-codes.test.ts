import { LABEL_MESSAGES } from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let tube: { id: number };
let board: { id: number };
let held: number;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  tube = await addType({ itemNumber: 'Tb-600', name: 'Code Tube 6m' });
  board = await addType({ name: 'Code Board' });
  held = await addStock('Code Tube 6m', actors.location.id, 12);
  // The board is held elsewhere only.
  const yard = await createLocation(t.db);
  await addStock('Code Board', yard.id, 5);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = actors.admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });

async function addType(values: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/catalogue/create',
    headers: actors.admin.headers,
    payload: { unit: 'EACH', ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

async function addStock(name: string, locationId: number, quantity: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: actors.admin.headers,
    payload: { name, locationId, quantity, unit: 'EACH' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

describe('GET /api/catalogue/by-code/:code', () => {
  it("finds a type by its item number whatever its case, and a field manager's stock of it at their location", async () => {
    const response = await get('/catalogue/by-code/tB-600', actors.manager.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      type: {
        id: tube.id,
        itemNumber: 'Tb-600',
        name: 'Code Tube 6m',
        unit: 'EACH',
        status: 'active',
      },
      location: { id: actors.location.id, name: actors.location.name },
      material: { id: held, quantity: 12 },
    });
  });

  it("finds a type without an item number by its id; none held at the field manager's location is null", async () => {
    const response = await get(`/catalogue/by-code/${board.id}`, actors.manager.headers);
    expect(response.json().data).toMatchObject({
      type: { id: board.id, itemNumber: null, name: 'Code Board' },
      location: { id: actors.location.id },
      material: null,
    });
  });

  it('answers an admin the type alone: they work at every location', async () => {
    const response = await get('/catalogue/by-code/TB-600');
    expect(response.json().data).toMatchObject({
      type: { id: tube.id },
      location: null,
      material: null,
    });
  });

  it('answers 404 naming an unknown code', async () => {
    const response = await get('/catalogue/by-code/NO-SUCH-1', actors.manager.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      success: false,
      message: LABEL_MESSAGES.unknownCode('NO-SUCH-1'),
      code: 'NOT_FOUND',
    });
    const past = await get('/catalogue/by-code/99999999999');
    expect(past.statusCode).toBe(404);
  });

  it('refuses a field manager without View Inventory, and a caller not signed in', async () => {
    const blind = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewInventory: false },
    });
    const { headers } = await loginAs(t.app, blind.email);
    expect((await get('/catalogue/by-code/TB-600', headers)).statusCode).toBe(403);
    expect((await get('/catalogue/by-code/TB-600', {})).statusCode).toBe(401);
  });
});
