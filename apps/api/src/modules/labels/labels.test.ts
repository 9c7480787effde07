import { LABEL_MESSAGES } from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  t.ctx.publicUrl = 'https://yard.example.com/stockyard';
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers = actors.admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });

async function addType(values: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/catalogue/create',
    headers: actors.admin.headers,
    payload: { unit: 'EACH', ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string };
}

describe('GET /api/labels', () => {
  it("answers each type's and location's words and the public address its QR code encodes, in the order asked", async () => {
    const tube = await addType({ itemNumber: ' TB/600 ', name: 'Label Tube 6m' });
    const board = await addType({ name: 'Label Board' });
    const yard = await createLocation(t.db, { name: 'Label Yard' });
    const response = await get(
      `/labels?types=${board.id},${tube.id},${board.id}&locations=${yard.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      materials: [
        {
          id: board.id,
          code: String(board.id),
          itemNumber: null,
          name: 'Label Board',
          unit: 'EACH',
          address: `https://yard.example.com/stockyard/m/${board.id}`,
        },
        {
          id: tube.id,
          code: 'TB/600',
          itemNumber: 'TB/600',
          name: 'Label Tube 6m',
          unit: 'EACH',
          address: 'https://yard.example.com/stockyard/m/TB%2F600',
        },
      ],
      locations: [
        {
          id: yard.id,
          name: 'Label Yard',
          address: `https://yard.example.com/stockyard/l/${yard.id}`,
        },
      ],
    });
  });

  it('leaves out an id that names nothing, and answers none for none asked', async () => {
    const none = await get('/labels?types=999999&locations=999999');
    expect(none.json().data).toEqual({ materials: [], locations: [] });
    const empty = await get('/labels');
    expect(empty.json().data).toEqual({ materials: [], locations: [] });
  });

  it('refuses a list that is not of ids, or too long', async () => {
    const bad = await get('/labels?types=1,x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(LABEL_MESSAGES.ids('Types'));
    const long = await get(`/labels?locations=${Array.from({ length: 101 }, (_, i) => i + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].message).toBe(LABEL_MESSAGES.ids('Locations'));
  });

  it("is an admin's: a field manager is refused", async () => {
    const refused = await get('/labels', actors.manager.headers);
    expect(refused.statusCode).toBe(403);
  });
});
