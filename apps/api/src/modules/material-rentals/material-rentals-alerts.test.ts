import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startPeer } from '../../../test/peer';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { materialRentals, notifications, rentalAlertsSent } from '../../db/schema';
import { sendRentalAlerts } from './material-rentals.alerts';
import { todayOf } from './material-rentals.service';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: Awaited<ReturnType<typeof createLocation>>;
let other: Awaited<ReturnType<typeof createLocation>>;
let otherManager: { id: number };
let stock: number;

function dayFromToday(days: number): string {
  const now = new Date();
  return todayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

/** A rental to the field manager's location, made overdue by `days` days. */
async function overdueRental(daysLate: number, toLocationId = actors.location.id) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/material-rentals',
    headers: actors.admin.headers,
    payload: {
      fromLocationId: yard.id,
      toLocationId,
      expectedReturnDate: dayFromToday(1),
      items: [{ materialId: stock, quantity: 1, unit: 'EACH' }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as number;
  await t.db
    .update(materialRentals)
    .set({ expectedReturnDate: dayFromToday(-daysLate) })
    .where(eq(materialRentals.id, id));
  return id;
}

/** RENTAL_ALERT notices a user received, by rental. */
async function alertsOf(userId: number, rentalIds: number[]) {
  const rows = await t.db
    .select({ rentalId: sql<number>`(${notifications.data}->>'rentalId')::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'RENTAL_ALERT')));
  return rentalIds.map((id) => rows.filter((row) => row.rentalId === id).length);
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db);
  other = await createLocation(t.db, { type: 'FIELD' });
  otherManager = await createUser(t.db, { locationId: other.id });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: actors.admin.headers,
    payload: { name: 'Alert tube', locationId: yard.id, quantity: 1000, unit: 'EACH' },
  });
  stock = response.json().data.id;
});
afterAll(async () => {
  await t.close();
});

describe('the overdue rental alert', () => {
  it('tells the admins and the destination’s users once per rental and day, and again only when it is newly overdue', async () => {
    const late = await overdueRental(3);
    const later = await overdueRental(1);
    const onTime = await overdueRental(0);
    const today = todayOf();
    expect(await sendRentalAlerts(t.ctx, today)).toBe(2);
    expect(await sendRentalAlerts(t.ctx, today)).toBe(0);
    expect(await alertsOf(actors.admin.user.id, [late, later, onTime])).toEqual([1, 1, 0]);
    expect(await alertsOf(actors.manager.user.id, [late, later, onTime])).toEqual([1, 1, 0]);
    expect(await alertsOf(otherManager.id, [late, later, onTime])).toEqual([0, 0, 0]);

    // The next day: the on-time one is newly overdue; the others were told already.
    const tomorrow = dayFromToday(1);
    expect(await sendRentalAlerts(t.ctx, tomorrow)).toBe(1);
    expect(await alertsOf(actors.admin.user.id, [late, later, onTime])).toEqual([1, 1, 1]);

    // Its return pushed to tomorrow, then passed: overdue anew, told anew (once).
    await t.db
      .update(materialRentals)
      .set({ expectedReturnDate: tomorrow })
      .where(eq(materialRentals.id, late));
    const dayAfter = dayFromToday(2);
    expect(await sendRentalAlerts(t.ctx, dayAfter)).toBe(1);
    expect(await sendRentalAlerts(t.ctx, dayAfter)).toBe(0);
    expect(await alertsOf(actors.admin.user.id, [late, later, onTime])).toEqual([2, 1, 1]);
    // A returned rental is not overdue.
    await t.app.inject({
      method: 'POST',
      url: `/api/material-rentals/${later}/mark-returned`,
      headers: actors.admin.headers,
    });
    expect(await sendRentalAlerts(t.ctx, dayFromToday(5))).toBe(0);
  });

  it('is not sent while another process holds the sender’s lock', async () => {
    const rental = await overdueRental(2, other.id);
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.single.rentalAlerts]);
      expect(await sendRentalAlerts(t.ctx, todayOf())).toBeNull();
      await client.query('commit');
    } finally {
      await client.end();
    }
    expect(await sendRentalAlerts(t.ctx, todayOf())).toBe(1);
    expect(await alertsOf(otherManager.id, [rental])).toEqual([1]);
  });

  it('with two API processes, each rental is alerted once', async () => {
    const rentals = await Promise.all(Array.from({ length: 5 }, () => overdueRental(4)));
    // This process sends while the second one starts and sends at its start.
    let sending = true;
    const here = (async () => {
      const results: (number | null)[] = [];
      while (sending) {
        results.push(await sendRentalAlerts(t.ctx, todayOf()));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return results;
    })();
    const peer = await startPeer(t, { RENTAL_ALERTS: 'true' });
    try {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(rentalAlertsSent)
          .where(inArray(rentalAlertsSent.rentalId, rentals));
        if (row!.n === rentals.length || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Give the peer's start-up run time to finish, had it found anything.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      sending = false;
      await here;
      await peer.stop();
    }
    expect(await alertsOf(actors.admin.user.id, rentals)).toEqual(rentals.map(() => 1));
    expect(await alertsOf(actors.manager.user.id, rentals)).toEqual(rentals.map(() => 1));
  }, 90_000);
});
