import {
  RENTAL_MESSAGES,
  type RentalDto,
  type RentalReturnDto,
  type RentalsWithReturnsDto,
} from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { todayOf } from './material-rentals.service';

/**
 * GET /api/material-rentals/returns: a page of rentals with each one's returns in
 * one call, for the device's copy of a field manager's working set.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: { id: number };
let other: { id: number };
let otherManager: { headers: { authorization: string } };
let tube: number;
let clamp: number;
/** The manager's site's rentals, oldest first; and one to the other site. */
const mine: Array<{ id: number; items: Array<{ id: number }> }> = [];
let theirs: { id: number; items: Array<{ id: number }> };

const admin = () => actors.admin.headers;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers = admin(), payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

function daysFromToday(days: number): string {
  const now = new Date();
  return todayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

async function material(name: string) {
  const response = await call('POST', '/materials/create', admin(), {
    name,
    locationId: yard.id,
    quantity: 500,
    unit: 'EACH',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function rent(toLocationId: number, items: Array<[number, number]>) {
  const response = await call('POST', '/material-rentals', admin(), {
    fromLocationId: yard.id,
    toLocationId,
    rentalDate: daysFromToday(-6),
    expectedReturnDate: daysFromToday(7),
    items: items.map(([materialId, quantity]) => ({ materialId, quantity, unit: 'EACH' })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; items: Array<{ id: number }> };
}

async function giveBack(
  rental: { id: number; items: Array<{ id: number }> },
  line: number,
  units: { returnedQuantity: number; damagedQuantity?: number; lostQuantity?: number },
  headers = actors.manager.headers,
) {
  const response = await call('POST', `/material-rentals/${rental.id}/returns`, headers, {
    rentalItemId: rental.items[line]!.id,
    ...units,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as RentalReturnDto;
}

async function withReturns(query: string, headers = actors.manager.headers) {
  const response = await call('GET', `/material-rentals/returns${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(RENTAL_MESSAGES.withReturnsFetched);
  return response.json().data as RentalsWithReturnsDto;
}

async function perRental(id: number, headers = actors.manager.headers) {
  const response = await call('GET', `/material-rentals/${id}/returns`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as RentalReturnDto[];
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: 'Copy Yard' });
  other = await createLocation(t.db, { name: 'Copy Other Site', type: 'FIELD' });
  const manager = await createUser(t.db, { role: 'USER', locationId: other.id });
  otherManager = await loginAs(t.app, manager.email);
  tube = await material('Copy tube');
  clamp = await material('Copy clamp');
  for (let n = 0; n < 4; n++) {
    mine.push(
      await rent(actors.location.id, [
        [tube, 10 + n],
        [clamp, 4],
      ]),
    );
  }
  theirs = await rent(other.id, [[tube, 3]]);
  // Returns on three of the four, in an order that interleaves the rentals and the lines.
  await giveBack(mine[0]!, 0, { returnedQuantity: 2 });
  await giveBack(mine[2]!, 1, { returnedQuantity: 1, damagedQuantity: 1, lostQuantity: 1 });
  await giveBack(mine[0]!, 1, { returnedQuantity: 4 });
  await giveBack(mine[0]!, 0, { returnedQuantity: 3, damagedQuantity: 1 });
  await giveBack(mine[3]!, 0, { returnedQuantity: 13 });
  await giveBack(theirs, 0, { returnedQuantity: 1 }, otherManager.headers);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/material-rentals/returns', () => {
  it("gives a field manager the list's page of their site's rentals, each with the returns its own route gives", async () => {
    const copy = await withReturns('?limit=100');
    const list = await call('GET', '/material-rentals?limit=100', actors.manager.headers);
    expect(copy.rentals).toEqual((list.json().data as { rentals: RentalDto[] }).rentals);
    expect(copy.pagination).toEqual(list.json().data.pagination);
    const ids = mine.map((rental) => rental.id).reverse();
    expect(copy.rentals.map((rental) => rental.id)).toEqual(ids);
    expect(copy.returns.map((entry) => entry.rentalId)).toEqual(ids);
    for (const entry of copy.returns) {
      expect(entry.returns, `rental ${entry.rentalId}`).toEqual(await perRental(entry.rentalId));
    }
    // What came back, by rental: the cumulative figures are per line, as the history shows them.
    const counts = new Map(copy.returns.map((entry) => [entry.rentalId, entry.returns.length]));
    expect([0, 1, 2, 3].map((n) => counts.get(mine[n]!.id))).toEqual([3, 0, 1, 1]);
    const first = copy.returns.find((entry) => entry.rentalId === mine[0]!.id)!.returns;
    expect(first.map((entry) => [entry.cumulativeReturned, entry.remainingAfter])).toEqual([
      [2, 8],
      [4, 0],
      [6, 4],
    ]);
    expect(Date.parse(copy.asOf)).toBeLessThanOrEqual(Date.now());
  });

  it('never gives a field manager another site: naming it is 404, as the list; another manager sees only theirs', async () => {
    const refused = await call(
      'GET',
      `/material-rentals/returns?locationId=${other.id}`,
      actors.manager.headers,
    );
    expect(refused.statusCode).toBe(404);
    const own = await withReturns(`?locationId=${actors.location.id}`);
    expect(own.rentals.every((rental) => rental.toLocationId === actors.location.id)).toBe(true);
    const theirCopy = await withReturns('', otherManager.headers);
    expect(theirCopy.rentals.map((rental) => rental.id)).toEqual([theirs.id]);
    expect(theirCopy.returns).toEqual([
      { rentalId: theirs.id, returns: await perRental(theirs.id, otherManager.headers) },
    ]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/material-rentals/returns' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives an admin every site's rentals, or one site's, paged as the list", async () => {
    const all = await withReturns('?limit=100', admin());
    const ids = all.rentals.map((rental) => rental.id);
    expect(ids).toEqual(expect.arrayContaining([...mine.map((rental) => rental.id), theirs.id]));
    for (const entry of all.returns) {
      expect(entry.returns).toEqual(await perRental(entry.rentalId, admin()));
    }
    const page = await withReturns(`?locationId=${actors.location.id}&limit=3&page=2`, admin());
    const listed = await call(
      'GET',
      `/material-rentals?locationId=${actors.location.id}&limit=3&page=2`,
    );
    expect(page.rentals).toEqual(listed.json().data.rentals);
    expect(page.rentals.map((rental) => rental.id)).toEqual([mine[0]!.id]);
    expect(page.pagination).toMatchObject({ total: 4, page: 2, limit: 3, totalPages: 2 });
    expect(page.returns.map((entry) => entry.rentalId)).toEqual([mine[0]!.id]);
    // A search and a status select as the list's do.
    const query = `?status=ACTIVE&search=${encodeURIComponent('Copy clamp')}&locationId=${actors.location.id}`;
    const found = await withReturns(query, admin());
    const foundListed = await call('GET', `/material-rentals${query}`);
    expect(found.rentals).toEqual(foundListed.json().data.rentals);
    expect(found.rentals.length).toBe(4);
  });

  it('with since, sends the returns only of the rentals changed after it: a return recorded, a return day corrected', async () => {
    const before = await withReturns('');
    const unchanged = await withReturns(`?since=${encodeURIComponent(before.asOf)}`);
    // The whole page still, but no rental has changed since.
    expect(unchanged.rentals).toEqual(before.rentals);
    expect(unchanged.returns).toEqual([]);

    await giveBack(mine[1]!, 0, { returnedQuantity: 5 });
    const afterReturn = await withReturns(`?since=${encodeURIComponent(before.asOf)}`);
    expect(afterReturn.returns).toEqual([
      { rentalId: mine[1]!.id, returns: await perRental(mine[1]!.id) },
    ]);
    expect(afterReturn.returns[0]!.returns.map((entry) => entry.returnedQuantity)).toEqual([5]);

    // An admin corrects the day of a return of another rental: it is sent again, whole.
    const [corrected] = await perRental(mine[2]!.id);
    const patched = await call(
      'PATCH',
      `/material-rentals/${mine[2]!.id}/returns/${corrected!.id}`,
      admin(),
      { returnDate: daysFromToday(-2), reason: 'Off-hired by phone two days ago' },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    const afterCorrection = await withReturns(`?since=${encodeURIComponent(afterReturn.asOf)}`);
    expect(afterCorrection.returns).toEqual([
      { rentalId: mine[2]!.id, returns: await perRental(mine[2]!.id) },
    ]);
    expect(afterCorrection.returns[0]!.returns[0]!.returnDate).toBe(daysFromToday(-2));

    // A since before everything is the whole page; an offset is read as the instant it names.
    const early = await withReturns(`?since=${encodeURIComponent('2000-01-01T01:00:00+01:00')}`);
    expect(early.returns.map((entry) => entry.rentalId)).toEqual(
      mine.map((rental) => rental.id).reverse(),
    );
  });

  it('refuses a since that is no instant, naming it', async () => {
    for (const since of ['yesterday', '2026-01-31', '2026-13-01T00:00:00Z']) {
      const response = await call(
        'GET',
        `/material-rentals/returns?since=${encodeURIComponent(since)}`,
        actors.manager.headers,
      );
      expect(response.statusCode, since).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'since', message: RENTAL_MESSAGES.sinceInvalid },
      ]);
    }
  });
});
