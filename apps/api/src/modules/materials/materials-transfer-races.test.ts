import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { materials, stockMovements } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const admin = () => actors.admin.headers;

async function create(quantity: number, locationId: number, name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: admin(),
    payload: { name, locationId, quantity, unit: 'EACH' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number };
}

const transfer = (id: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/materials/${id}/transfer`,
    headers: admin(),
    payload,
  });

/** Each material's quantity beside the sum of its movements, in id order. */
async function ledgerOf(ids: number[]) {
  const sum = sql<number>`coalesce(sum(${stockMovements.delta}), 0)::float8`;
  return t.db
    .select({ id: materials.id, quantity: materials.quantity, sum })
    .from(materials)
    .leftJoin(stockMovements, eq(stockMovements.materialId, materials.id))
    .where(inArray(materials.id, ids))
    .groupBy(materials.id)
    .orderBy(materials.id);
}

/** Materials whose quantity is not the sum of their movements. */
async function ledgerBreaks(ids: number[]) {
  return (await ledgerOf(ids)).filter((r) => r.quantity !== r.sum);
}

describe('a transfer racing the deletion of its destination', () => {
  it('answers 200, 404 or 409 (never 500), one side wins each round, and keeps the ledger whole', async () => {
    const source = await create(1000, actors.location.id, 'Scaffold tube');
    let moved = 0;
    for (let round = 0; round < 200; round++) {
      const site = await createLocation(t.db);
      // Every other round the destination already holds an empty row of the material.
      if (round % 2) await create(0, site.id, 'Scaffold tube');
      const [sent, removed] = await Promise.all([
        transfer(source.id, { fromLocation: actors.location.id, toLocation: site.id, quantity: 1 }),
        t.app.inject({
          method: 'DELETE',
          url: `/api/locations/remove/${site.id}`,
          headers: admin(),
        }),
      ]);
      const what = `round ${round}: ${sent.statusCode} ${sent.body} / ${removed.statusCode} ${removed.body}`;
      if (sent.statusCode === 200) {
        // The stock arrived first: the location now has history and stays.
        expect(removed.statusCode, what).toBe(409);
        moved += 1;
      } else {
        expect(removed.statusCode, what).toBe(200);
        // Deleted while the transfer waited (409), or before it looked (the body's missing location).
        const lostRace = sent.statusCode === 409 || sent.statusCode === 404;
        const alreadyGone = sent.statusCode === 400 && sent.json().message === 'Location not found';
        expect(lostRace || alreadyGone, what).toBe(true);
      }
    }
    const rows = await t.db
      .select({ id: materials.id })
      .from(materials)
      .where(eq(materials.name, 'Scaffold tube'));
    expect(await ledgerBreaks(rows.map((r) => r.id))).toEqual([]);
    const [total] = await t.db
      .select({ n: sql<number>`sum(${materials.quantity})::float8` })
      .from(materials)
      .where(eq(materials.name, 'Scaffold tube'));
    expect(total!.n).toBe(1000);
    const [left] = await ledgerOf([source.id]);
    expect(left!.quantity).toBe(1000 - moved);
  }, 180_000);
});

describe('transfers in opposite directions at once', () => {
  it('never deadlock nor fail, and leave each quantity equal to the sum of its movements', async () => {
    const [yard, site] = [await createLocation(t.db), await createLocation(t.db)];
    const a = await create(500, yard.id, 'Base plate');
    const b = await create(500, site.id, 'Base plate');
    for (let round = 0; round < 200; round++) {
      const quantity = (round % 3) + 1;
      const results = await Promise.all([
        transfer(a.id, { fromLocation: yard.id, toLocation: site.id, quantity }),
        transfer(b.id, { fromLocation: site.id, toLocation: yard.id, quantity }),
      ]);
      for (const result of results) expect(result.statusCode, result.body).toBe(200);
    }
    const ledger = await ledgerOf([a.id, b.id]);
    expect(ledger.map((m) => m.quantity)).toEqual([500, 500]);
    expect(await ledgerBreaks([a.id, b.id])).toEqual([]);
  }, 180_000);
});
