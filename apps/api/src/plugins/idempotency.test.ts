import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, MESSAGES } from '@stockyard/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createUser,
  loginAs,
  seedActors,
  TEST_PASSWORD,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { idempotencyKeys, materialRentals, materials, stockMovements, users } from '../db/schema';
import { pruneKeys } from '../lib/idempotency.repository';
import { todayOf } from '../modules/material-rentals/material-rentals.service';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
/** A second admin: another user with keys of their own. */
let otherAdmin: Record<string, string>;
let yard: Awaited<ReturnType<typeof createLocation>>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: 'Idempotency Yard' });
  const second = await createUser(t.db, { role: 'ADMIN' });
  otherAdmin = (await loginAs(t.app, second.email)).headers;
});
afterAll(async () => {
  await t.close();
});

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function send(
  method: Method,
  url: string,
  payload: object | undefined,
  key?: string,
  headers: Record<string, string> = actors.admin.headers,
) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: key === undefined ? headers : { ...headers, [IDEMPOTENCY_KEY_HEADER]: key },
    payload,
  });
}

async function material(locationId: number, quantity: number) {
  const response = await send('POST', '/materials/create', {
    name: `Scaffold tube ${randomUUID().slice(0, 8)}`,
    locationId,
    quantity,
    unit: 'EACH',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function stockOf(id: number) {
  const [row] = await t.db
    .select({ quantity: materials.quantity })
    .from(materials)
    .where(eq(materials.id, id));
  return row!.quantity;
}

async function movementsOf(id: number) {
  const [row] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(stockMovements)
    .where(eq(stockMovements.materialId, id));
  return row!.count;
}

const transferOf = (quantity: number) => ({
  fromLocation: yard.id,
  toLocation: actors.location.id,
  quantity,
});

function daysFromToday(days: number): string {
  const now = new Date();
  return todayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

describe('a write sent again with its Idempotency-Key', () => {
  it('is a transfer answered its first answer again, the stock moved once', async () => {
    const tube = await material(yard.id, 100);
    const key = randomUUID();
    const first = await send('POST', `/materials/${tube}/transfer`, transferOf(10), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await send('POST', `/materials/${tube}/transfer`, transferOf(10), key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await stockOf(tube)).toBe(90);
    // The creation and one transfer out.
    expect(await movementsOf(tube)).toBe(2);
    const destination = first.json().data.destination.id as number;
    expect(await stockOf(destination)).toBe(10);
  });

  it('is a stock update answered its first answer again, counted once', async () => {
    const tube = await material(yard.id, 20);
    const key = randomUUID();
    const body = { operation: 'add', quantity: 5 };
    const first = await send('PATCH', `/materials/${tube}/stock`, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('PATCH', `/materials/${tube}/stock`, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.json().data.quantity).toBe(25);
    expect(await stockOf(tube)).toBe(25);
    expect(await movementsOf(tube)).toBe(2);
  });

  it('is a rental created once, with its 201 answered again', async () => {
    const tube = await material(yard.id, 50);
    const key = randomUUID();
    const body = {
      fromLocationId: yard.id,
      toLocationId: actors.location.id,
      expectedReturnDate: daysFromToday(7),
      notes: `Rental ${key}`,
      items: [{ materialId: tube, quantity: 12, unit: 'EACH', materialName: 'Scaffold tube' }],
    };
    const first = await send('POST', '/material-rentals', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('POST', '/material-rentals', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const rentals = await t.db
      .select({ id: materialRentals.id })
      .from(materialRentals)
      .where(eq(materialRentals.notes, `Rental ${key}`));
    expect(rentals).toHaveLength(1);
    expect(await stockOf(tube)).toBe(38);
  });

  it('matches the body whatever the order of its fields', async () => {
    const tube = await material(yard.id, 30);
    const key = randomUUID();
    await send('PATCH', `/materials/${tube}/stock`, { operation: 'add', quantity: 1 }, key);
    const again = await send(
      'PATCH',
      `/materials/${tube}/stock`,
      { quantity: 1, operation: 'add' },
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(tube)).toBe(31);
  });

  it('with another body, or to another address, is refused 422 and changes nothing', async () => {
    const tube = await material(yard.id, 40);
    const other = await material(yard.id, 40);
    const key = randomUUID();
    const first = await send('POST', `/materials/${tube}/transfer`, transferOf(4), key);
    expect(first.statusCode).toBe(200);

    const otherBody = await send('POST', `/materials/${tube}/transfer`, transferOf(5), key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      success: false,
      message: MESSAGES.idempotencyKeyReused,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const otherPath = await send('POST', `/materials/${other}/transfer`, transferOf(4), key);
    expect(otherPath.statusCode).toBe(422);
    const otherMethod = await send(
      'PATCH',
      `/materials/${tube}/stock`,
      { operation: 'add', quantity: 4 },
      key,
    );
    expect(otherMethod.statusCode).toBe(422);

    expect(await stockOf(tube)).toBe(36);
    expect(await stockOf(other)).toBe(40);
    expect(await movementsOf(tube)).toBe(2);
    expect(await movementsOf(other)).toBe(1);
  });

  it('is each user’s own: two users may send one key, each for a request of their own', async () => {
    const tube = await material(actors.location.id, 10);
    const key = randomUUID();
    const url = `/materials/${tube}/stock`;
    const byAdmin = await send('PATCH', url, { operation: 'add', quantity: 3 }, key);
    const byOther = await send('PATCH', url, { operation: 'add', quantity: 2 }, key, otherAdmin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byOther.statusCode).toBe(200);
    expect(byOther.headers['idempotent-replayed']).toBeUndefined();
    expect(byOther.json().data.quantity).toBe(15);
    // Each sent again is answered their own first answer.
    const adminAgain = await send('PATCH', url, { operation: 'add', quantity: 3 }, key);
    const otherAgain = await send('PATCH', url, { operation: 'add', quantity: 2 }, key, otherAdmin);
    expect(adminAgain.body).toBe(byAdmin.body);
    expect(otherAgain.body).toBe(byOther.body);
    expect(await stockOf(tube)).toBe(15);
  });

  it('20 times at once moves the stock once, and every one is answered the same', async () => {
    const tube = await material(yard.id, 500);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send('POST', `/materials/${tube}/transfer`, transferOf(7), key),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await stockOf(tube)).toBe(493);
    expect(await movementsOf(tube)).toBe(2);
  });

  it('without a key, is a new request each time (as before)', async () => {
    const tube = await material(yard.id, 10);
    await send('PATCH', `/materials/${tube}/stock`, { operation: 'add', quantity: 1 });
    await send('PATCH', `/materials/${tube}/stock`, { operation: 'add', quantity: 1 });
    expect(await stockOf(tube)).toBe(12);
  });
});

describe('a replay after the user was moved (decision 046)', () => {
  it("is not answered with the old location's record, and is again once they are back", async () => {
    const field = await createLocation(t.db, { name: 'Replay Site A' });
    const elsewhere = await createLocation(t.db, { name: 'Replay Site B' });
    const person = await createUser(t.db, {
      role: 'USER',
      locationId: field.id,
      permissions: { manageInventory: true },
    });
    const headers = (await loginAs(t.app, person.email)).headers;
    const tube = await material(field.id, 30);
    const key = randomUUID();
    const body = { operation: 'add', quantity: 4 };
    const first = await send('PATCH', `/materials/${tube}/stock`, body, key, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.locationId).toBe(field.id);

    // Moved to another location: the same request again is refused, its answer not given.
    await t.db.update(users).set({ locationId: elsewhere.id }).where(eq(users.id, person.id));
    const moved = await send('PATCH', `/materials/${tube}/stock`, body, key, headers);
    expect([403, 404]).toContain(moved.statusCode);
    expect(moved.headers['idempotent-replayed']).toBeUndefined();
    expect(moved.body).not.toContain('Replay Site A');
    expect(moved.json().success).toBe(false);
    expect(await stockOf(tube)).toBe(34);

    // A transfer's answer names both places: refused too (its route finds the item first, and
    // the key keeps the location A it was answered for).
    const key2 = randomUUID();
    await t.db.update(users).set({ locationId: field.id }).where(eq(users.id, person.id));
    const transfer = { fromLocation: field.id, toLocation: yard.id, quantity: 1 };
    const sent = await send('POST', `/materials/${tube}/transfer`, transfer, key2, headers);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.db.update(users).set({ locationId: elsewhere.id }).where(eq(users.id, person.id));
    const [stored] = await t.db
      .select({ scope: idempotencyKeys.scopeLocationId })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, person.id), eq(idempotencyKeys.key, key2)));
    expect(stored?.scope).toBe(field.id);
    const replayed = await send('POST', `/materials/${tube}/transfer`, transfer, key2, headers);
    expect([403, 404]).toContain(replayed.statusCode);
    expect(replayed.body).not.toContain('Replay Site A');
    expect(await stockOf(tube)).toBe(33);

    // Back at A, the first answers are theirs again, as they were.
    await t.db.update(users).set({ locationId: field.id }).where(eq(users.id, person.id));
    const back = await send('PATCH', `/materials/${tube}/stock`, body, key, headers);
    expect(back.statusCode).toBe(200);
    expect(back.headers['idempotent-replayed']).toBe('true');
    expect(back.body).toBe(first.body);
  });

  it('is refused by the key itself, whatever the route, once the location differs', async () => {
    // A write whose route finds nothing first (marking every notification read): its answer is
    // kept with the location it was given for, and not sent to the user at another.
    const field = await createLocation(t.db, { name: 'Replay Site C' });
    const elsewhere = await createLocation(t.db, { name: 'Replay Site D' });
    const person = await createUser(t.db, { role: 'USER', locationId: field.id });
    const headers = (await loginAs(t.app, person.email)).headers;
    const key = randomUUID();
    const first = await send('POST', '/notifications/mark-all-read', undefined, key, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('POST', '/notifications/mark-all-read', undefined, key, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    await t.db.update(users).set({ locationId: elsewhere.id }).where(eq(users.id, person.id));
    const moved = await send('POST', '/notifications/mark-all-read', undefined, key, headers);
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(MESSAGES.idempotencyOtherLocation);
    // An admin's answers are for every location: made an admin, the user is answered again.
    await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, person.id));
    const asAdmin = await send('POST', '/notifications/mark-all-read', undefined, key, headers);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['idempotent-replayed']).toBe('true');
  });
});

describe('a refusal', () => {
  it('made before any change is not kept: the same key and body may run again', async () => {
    const tube = await material(yard.id, 5);
    const key = randomUUID();
    const refused = await send('POST', `/materials/${tube}/transfer`, transferOf(8), key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSUFFICIENT_STOCK');
    await send('PATCH', `/materials/${tube}/stock`, { operation: 'add', quantity: 5 });

    const again = await send('POST', `/materials/${tube}/transfer`, transferOf(8), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(tube)).toBe(2);
  });

  it('of a password check is not the change: the key stays free for the corrected request', async () => {
    const user = await createUser(t.db);
    const { headers } = await loginAs(t.app, user.email);
    const key = randomUUID();
    const url = `/users/${user.id}/change-password`;
    const wrong = { currentPassword: 'Not-The-Password-1', newPassword: 'Harbour-Crane-2026x' };
    const right = { currentPassword: TEST_PASSWORD, newPassword: 'Harbour-Crane-2026x' };
    // The sign-in limits count the check in a transaction of their own, which takes no key.
    expect((await send('PATCH', url, wrong, key, headers)).statusCode).toBe(400);
    const changed = await send('PATCH', url, right, key, headers);
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await send('PATCH', url, right, key, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(changed.body);
  });

  it.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé-1'],
  ])('of a key that is %s is 400, and changes nothing', async (_name, key) => {
    const tube = await material(yard.id, 10);
    const response = await send(
      'PATCH',
      `/materials/${tube}/stock`,
      { operation: 'add', quantity: 1 },
      key,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: MESSAGES.idempotencyKeyInvalid,
    });
    expect(await stockOf(tube)).toBe(10);
  });

  it('takes a key of 255 printable characters', async () => {
    const tube = await material(yard.id, 10);
    const key = `${'k '.repeat(127)}!`;
    const body = { operation: 'add', quantity: 1 };
    expect((await send('PATCH', `/materials/${tube}/stock`, body, key)).statusCode).toBe(200);
    const again = await send('PATCH', `/materials/${tube}/stock`, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(tube)).toBe(11);
  });
});

describe('a key', () => {
  const rowOf = async (key: string, userId = actors.admin.user.id) =>
    (
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    )[0];

  const age = (key: string, interval: string) =>
    t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - ${interval}::interval` })
      .where(eq(idempotencyKeys.key, key));

  it('is stored with the answer, and no more than a hash of the body', async () => {
    const tube = await material(yard.id, 10);
    const key = randomUUID();
    const answer = await send(
      'PATCH',
      `/materials/${tube}/stock`,
      { operation: 'set', quantity: 4 },
      key,
    );
    const row = await rowOf(key);
    expect(row).toMatchObject({
      method: 'PATCH',
      path: `/api/materials/${tube}/stock`,
      statusCode: 200,
      responseBody: answer.body,
    });
    expect(row!.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('older than 24 hours is gone: the request sent again is a new one, and pruning deletes it', async () => {
    const tube = await material(yard.id, 10);
    const key = randomUUID();
    const body = { operation: 'add', quantity: 2 };
    await send('PATCH', `/materials/${tube}/stock`, body, key);
    await age(key, '24 hours 1 minute');

    const later = await send('PATCH', `/materials/${tube}/stock`, body, key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(tube)).toBe(14);
    // The row is the new request's now, and replays it.
    const again = await send('PATCH', `/materials/${tube}/stock`, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(later.body);

    const young = randomUUID();
    await send('PATCH', `/materials/${tube}/stock`, body, young);
    await age(key, '25 hours');
    await age(young, '23 hours');
    expect(await pruneKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(key)).toBeUndefined();
    expect(await rowOf(young)).toBeDefined();
  });

  it('whose request is still running is waited for, and its answer given', async () => {
    const tube = await material(yard.id, 10);
    const key = randomUUID();
    const body = { operation: 'add', quantity: 1 };
    const url = `/materials/${tube}/stock`;
    // What the first request's committed change leaves until its answer is stored.
    await send('PATCH', url, body, key);
    const stored = await rowOf(key);
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null })
      .where(eq(idempotencyKeys.key, key));

    const waiting = send('PATCH', url, body, key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: stored!.statusCode, responseBody: stored!.responseBody })
      .where(eq(idempotencyKeys.key, key));
    const answer = await waiting;
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(stored!.responseBody);
    expect(await stockOf(tube)).toBe(11);
  });

  it('whose change committed but whose answer was lost is 409, never done twice', async () => {
    const tube = await material(yard.id, 10);
    const key = randomUUID();
    const body = { operation: 'add', quantity: 1 };
    await send('PATCH', `/materials/${tube}/stock`, body, key);
    // The process ended between the commit and the answer, minutes ago.
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null, createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(idempotencyKeys.key, key));

    const again = await send('PATCH', `/materials/${tube}/stock`, body, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: MESSAGES.idempotencyAnswerLost,
    });
    expect(await stockOf(tube)).toBe(11);
  });

  it('of a write without a transaction of its own (notifications) replays its answer too', async () => {
    const key = randomUUID();
    const first = await send('POST', '/notifications/mark-all-read', {}, key);
    expect(first.statusCode).toBe(200);
    const again = await send('POST', '/notifications/mark-all-read', {}, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('is ignored by sign-in, which has no user yet', async () => {
    const user = await createUser(t.db);
    const login = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        payload: { email: user.email, password: TEST_PASSWORD },
      });
    const first = await login('login-key');
    const second = await login('login-key');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().token).not.toBe(first.json().token);
  });
});

describe('the OpenAPI document', () => {
  it('declares the header and its refusals on every signed-in write, and on no read', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: actors.admin.headers,
    });
    type Operation = { parameters?: Array<{ $ref?: string }>; responses?: Record<string, unknown> };
    const document = response.json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { parameters: Record<string, { name: string; in: string }> };
    };
    expect(document.components.parameters.IdempotencyKey).toMatchObject({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
    });
    const declares = (operation: Operation | undefined) =>
      operation?.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
    const transfer = document.paths['/api/materials/{id}/transfer']?.post;
    expect(declares(transfer)).toBe(true);
    expect(transfer?.responses?.['422']).toBeDefined();
    expect(
      declares(
        document.paths['/api/material-rentals/']?.post ??
          document.paths['/api/material-rentals']?.post,
      ),
    ).toBe(true);
    expect(declares(document.paths['/api/materials/list']?.get)).toBeFalsy();
    expect(declares(document.paths['/api/auth/login']?.post)).toBeFalsy();
  });
});
