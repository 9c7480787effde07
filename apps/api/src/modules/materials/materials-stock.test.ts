import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { StoredNotification } from '../../context';
import { activityLogs, materials, notifications, stockMovements } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
/** A second admin, who is told of what the first one does (nobody is told of their own action). */
let observer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  observer = await createUser(t.db, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/materials${url}`, headers, payload });
const admin = () => actors.admin.headers;

let sequence = 0;
async function create(
  quantity: number,
  locationId = actors.location.id,
  name = `Coupler ${++sequence}`,
) {
  const response = await call('POST', '/create', admin(), {
    name,
    locationId,
    quantity,
    unit: 'EACH',
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; name: string; quantity: number; locationId: number };
}
const stock = (id: number, payload: object, headers = admin()) =>
  call('PATCH', `/${id}/stock`, headers, payload);
const transfer = (id: number, payload: object, headers = admin()) =>
  call('POST', `/${id}/transfer`, headers, payload);

/** Each material's quantity beside the sum of its movements. */
async function ledgerOf(ids: number[]) {
  const [rows, sums] = await Promise.all([
    t.db
      .select({ id: materials.id, quantity: materials.quantity })
      .from(materials)
      .where(inArray(materials.id, ids)),
    t.db
      .select({
        id: stockMovements.materialId,
        sum: sql<number>`sum(${stockMovements.delta})::float8`,
      })
      .from(stockMovements)
      .where(inArray(stockMovements.materialId, ids))
      .groupBy(stockMovements.materialId),
  ]);
  return rows.map((r) => ({ ...r, sum: sums.find((s) => s.id === r.id)?.sum ?? 0 }));
}

async function alertsFor(materialId: number) {
  const rows = await t.db
    .select({ type: notifications.type, userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        inArray(notifications.type, ['LOW_STOCK', 'OUT_OF_STOCK']),
        sql`${notifications.data}->>'materialId' = ${String(materialId)}`,
        eq(notifications.userId, observer.id),
      ),
    )
    .orderBy(notifications.id);
  return rows.map((r) => r.type);
}

describe('PATCH /api/materials/:id/stock', () => {
  it('sets the counted quantity, adds and takes away, each one movement', async () => {
    const material = await create(20);
    expect((await stock(material.id, { quantity: 12 })).json().data).toMatchObject({
      quantity: 12,
      status: 'Available',
    });
    expect((await stock(material.id, { quantity: 5, operation: 'add' })).json().data.quantity).toBe(
      17,
    );
    const taken = await stock(material.id, { quantity: 10, operation: 'subtract' });
    expect(taken.json().data).toMatchObject({ quantity: 7, status: 'Low Stock' });
    const ledger = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.materialId, material.id))
      .orderBy(stockMovements.id);
    expect(ledger.map((m) => [m.reason, m.delta, m.quantityAfter])).toEqual([
      ['CREATE', 20, 20],
      ['STOCK_UPDATE', -8, 12],
      ['STOCK_UPDATE', 5, 17],
      ['STOCK_UPDATE', -10, 7],
    ]);
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'UPDATE_STOCK'),
          eq(activityLogs.entityId, String(material.id)),
        ),
      );
    expect(entries).toHaveLength(3);
  });

  it('refuses to take away more than there is with 409, saying how much is available', async () => {
    const material = await create(7);
    const response = await stock(material.id, { quantity: 8, operation: 'subtract' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Insufficient stock: only 7 available',
    });
    expect((await ledgerOf([material.id]))[0]).toMatchObject({ quantity: 7, sum: 7 });
  });

  it('never oversells when many take away at once', async () => {
    const material = await create(30);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => stock(material.id, { quantity: 1, operation: 'subtract' })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    expect((await ledgerOf([material.id]))[0]).toEqual({ id: material.id, quantity: 0, sum: 0 });
  });

  it.each([
    [{}, 'Quantity is required'],
    [{ quantity: 'many' }, 'Quantity must be a number'],
    [{ quantity: -3 }, 'Quantity cannot be negative'],
    [{ quantity: 0, operation: 'subtract' }, 'Quantity must be greater than 0'],
    [{ quantity: 2, operation: 'double' }, 'Operation must be set, add or subtract'],
  ])('refuses %o with the message "%s"', async (payload, message) => {
    const response = await stock(1, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404, 401 and 403', async () => {
    const material = await create(5);
    expect((await stock(999999, { quantity: 1 })).statusCode).toBe(404);
    expect((await stock(999999, { quantity: 1, operation: 'subtract' })).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/${material.id}/stock`, undefined, { quantity: 1 })).statusCode,
    ).toBe(401);
    expect((await stock(material.id, { quantity: 1 }, actors.manager.headers)).statusCode).toBe(
      403,
    );
  });
});

describe('low and out of stock notifications', () => {
  it('tells once per crossing into Low Stock and into Out of Stock', async () => {
    const material = await create(15);
    await stock(material.id, { quantity: 8 });
    expect(await alertsFor(material.id)).toEqual(['LOW_STOCK']);
    await stock(material.id, { quantity: 5 });
    expect(await alertsFor(material.id)).toEqual(['LOW_STOCK']);
    await stock(material.id, { quantity: 0 });
    expect(await alertsFor(material.id)).toEqual(['LOW_STOCK', 'OUT_OF_STOCK']);
    await stock(material.id, { quantity: 0 });
    await stock(material.id, { quantity: 40 });
    expect(await alertsFor(material.id)).toEqual(['LOW_STOCK', 'OUT_OF_STOCK']);
    await call('PUT', `/update/${material.id}`, admin(), {
      name: material.name,
      locationId: material.locationId,
      quantity: 10,
      unit: 'EACH',
    });
    expect(await alertsFor(material.id)).toEqual(['LOW_STOCK', 'OUT_OF_STOCK', 'LOW_STOCK']);
  });

  it('reaches the managers of the location as well as the admins, but not the actor', async () => {
    const material = await create(12);
    await stock(material.id, { quantity: 2 });
    const recipients = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'LOW_STOCK'),
          sql`${notifications.data}->>'materialId' = ${String(material.id)}`,
        ),
      );
    expect(recipients.map((r) => r.userId).sort()).toEqual(
      [observer.id, actors.manager.user.id].sort(),
    );
  });

  it('applies to both ends of a transfer', async () => {
    const yard = await createLocation(t.db);
    const site = await createLocation(t.db);
    const source = await create(12, yard.id, 'Putlog');
    const target = await create(0, site.id, 'Putlog');
    await transfer(source.id, { fromLocation: yard.id, toLocation: site.id, quantity: 5 });
    expect(await alertsFor(source.id)).toEqual(['LOW_STOCK']);
    expect(await alertsFor(target.id)).toEqual(['LOW_STOCK']);
    await transfer(source.id, { fromLocation: yard.id, toLocation: site.id, quantity: 7 });
    expect(await alertsFor(source.id)).toEqual(['LOW_STOCK', 'OUT_OF_STOCK']);
    expect(await alertsFor(target.id)).toEqual(['LOW_STOCK']);
  });
});

describe('POST /api/materials/:id/transfer', () => {
  it('moves stock to a new material of the same name and unit at the destination', async () => {
    const site = await createLocation(t.db, { name: 'Bridge Site', type: 'FIELD' });
    const source = await create(40);
    const response = await transfer(source.id, {
      fromLocation: actors.location.id,
      toLocation: site.id,
      quantity: 15,
    });
    expect(response.statusCode).toBe(200);
    const { source: from, destination: to } = response.json().data;
    expect(from).toMatchObject({ id: source.id, quantity: 25 });
    expect(to).toMatchObject({
      name: source.name,
      unit: 'EACH',
      locationId: site.id,
      location: { name: 'Bridge Site' },
      quantity: 15,
      status: 'Available',
    });
    const again = await transfer(source.id, {
      fromLocation: actors.location.id,
      toLocation: site.id,
      quantity: 5,
    });
    expect(again.json().data.destination).toMatchObject({ id: to.id, quantity: 20 });
    const ledger = await t.db
      .select()
      .from(stockMovements)
      .where(inArray(stockMovements.materialId, [source.id, to.id]))
      .orderBy(stockMovements.id);
    expect(ledger.map((m) => [m.materialId, m.reason, m.delta, m.quantityAfter])).toEqual([
      [source.id, 'CREATE', 40, 40],
      [source.id, 'TRANSFER_OUT', -15, 25],
      [to.id, 'TRANSFER_IN', 15, 15],
      [source.id, 'TRANSFER_OUT', -5, 20],
      [to.id, 'TRANSFER_IN', 5, 20],
    ]);
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'TRANSFER_MATERIAL'),
          eq(activityLogs.entityId, String(source.id)),
        ),
      );
    expect(entries).toHaveLength(2);
    expect(entries[0]!.details).toMatchObject({
      quantity: 15,
      toLocation: site.id,
      destinationCreated: true,
    });
  });

  it('refuses a transfer larger than the stock with 409, saying how much is available', async () => {
    const site = await createLocation(t.db);
    const source = await create(7);
    const response = await transfer(source.id, {
      fromLocation: actors.location.id,
      toLocation: site.id,
      quantity: 8,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Insufficient stock: only 7 available');
    const there = await t.db.select().from(materials).where(eq(materials.locationId, site.id));
    expect(there).toHaveLength(0);
  });

  it('refuses a source location that is not where the material is', async () => {
    const [elsewhere, site] = [await createLocation(t.db), await createLocation(t.db)];
    const source = await create(10);
    const response = await transfer(source.id, {
      fromLocation: elsewhere.id,
      toLocation: site.id,
      quantity: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('not at the source location sent');
  });

  it.each([
    [{ toLocation: 'same' }, 'Source and destination locations must be different'],
    [{ quantity: 0 }, 'Quantity must be greater than 0'],
    [{ quantity: undefined }, 'Quantity is required'],
    [{ fromLocation: undefined }, 'Source location is required'],
    [{ toLocation: '' }, 'Destination location is required'],
  ])('refuses %o with the message "%s"', async (change, message) => {
    const payload = { fromLocation: actors.location.id, toLocation: 999, quantity: 1, ...change };
    if (payload.toLocation === 'same') payload.toLocation = actors.location.id;
    const response = await transfer(1, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a destination that does not exist', async () => {
    const source = await create(10);
    const response = await transfer(source.id, {
      fromLocation: actors.location.id,
      toLocation: 999999,
      quantity: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'toLocation', message: 'Location not found' }]);
  });

  it('refuses an Inactive destination with 400 "Destination location is inactive"', async () => {
    const closed = await createLocation(t.db, { status: 'INACTIVE' });
    const source = await create(10);
    const response = await transfer(source.id, {
      fromLocation: actors.location.id,
      toLocation: closed.id,
      quantity: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Destination location is inactive',
      errors: [{ path: 'toLocation', message: 'Destination location is inactive' }],
    });
    expect(await t.db.select().from(materials).where(eq(materials.locationId, closed.id))).toEqual(
      [],
    );
    expect((await ledgerOf([source.id]))[0]).toMatchObject({ quantity: 10, sum: 10 });
  });

  it('announces what moved where to the admins and both ends, not a new material', async () => {
    const yard = await createLocation(t.db, { name: 'Yard Announce' });
    const site = await createLocation(t.db, { name: 'Site Announce', type: 'FIELD' });
    const [yardManager, siteManager, elsewhere] = await Promise.all([
      createUser(t.db, { locationId: yard.id }),
      createUser(t.db, { locationId: site.id }),
      createUser(t.db, { locationId: actors.location.id }),
    ]);
    const source = await create(40, yard.id, 'Scaffold Tube');
    const pushed: StoredNotification[] = [];
    const listener = (rows: StoredNotification[]) => pushed.push(...rows);
    t.ctx.events.on('notificationsCreated', listener);
    const response = await transfer(source.id, {
      fromLocation: yard.id,
      toLocation: site.id,
      quantity: 5,
    }).finally(() => t.ctx.events.off('notificationsCreated', listener));
    // Pushed with its actor, whose app showed its own success and does not toast it again.
    expect(pushed.map((n) => [n.type, n.actorId])).toContainEqual([
      'MATERIAL_TRANSFERRED',
      actors.admin.user.id,
    ]);
    const destinationId = response.json().data.destination.id;
    const about = (materialId: number) =>
      t.db
        .select({
          type: notifications.type,
          message: notifications.message,
          userId: notifications.userId,
        })
        .from(notifications)
        .where(sql`${notifications.data}->>'materialId' = ${String(materialId)}`);
    expect(await about(destinationId)).toEqual([]);
    const notices = (await about(source.id)).filter((n) => n.type !== 'NEW_MATERIAL');
    expect(new Set(notices.map((n) => n.message))).toEqual(
      new Set(['Transferred 5 Each of Scaffold Tube from Yard Announce to Site Announce']),
    );
    expect(new Set(notices.map((n) => n.type))).toEqual(new Set(['MATERIAL_TRANSFERRED']));
    const recipients = notices.map((n) => n.userId);
    expect(recipients).toEqual(
      expect.arrayContaining([observer.id, yardManager.id, siteManager.id]),
    );
    expect(recipients).not.toContain(elsewhere.id);
    expect(recipients).not.toContain(actors.admin.user.id);
    expect(recipients).toHaveLength(new Set(recipients).size);
  });

  it('answers 404, 401 and 403', async () => {
    const site = await createLocation(t.db);
    const body = { fromLocation: actors.location.id, toLocation: site.id, quantity: 1 };
    expect((await transfer(999999, body)).statusCode).toBe(404);
    expect((await call('POST', '/1/transfer', undefined, body)).statusCode).toBe(401);
    expect((await transfer(1, body, actors.manager.headers)).statusCode).toBe(403);
  });
});

describe('concurrent transfers', () => {
  it('moves exactly the stock available, once, into one destination row, whatever the race', async () => {
    const site = await createLocation(t.db);
    const source = await create(40);
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        transfer(source.id, { fromLocation: actors.location.id, toLocation: site.id, quantity: 1 }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(40);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe('Insufficient stock: only 0 available');
    }
    const there = await t.db.select().from(materials).where(eq(materials.locationId, site.id));
    expect(there).toHaveLength(1);
    expect(there[0]!.quantity).toBe(40);
    const ledger = await ledgerOf([source.id, there[0]!.id]);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { id: source.id, quantity: 0, sum: 0 },
        { id: there[0]!.id, quantity: 40, sum: 40 },
      ]),
    );
    const [negative] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(sql`${stockMovements.quantityAfter} < 0`);
    expect(negative!.n).toBe(0);
  });

  it('moves stock both ways at once, 200 times, without a deadlock, keeping the total', async () => {
    const [yard, site] = [await createLocation(t.db), await createLocation(t.db)];
    const a = await create(150, yard.id, 'Swivel clamp');
    const b = await create(150, site.id, 'Swivel clamp');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2
          ? transfer(a.id, { fromLocation: yard.id, toLocation: site.id, quantity: 1 })
          : transfer(b.id, { fromLocation: site.id, toLocation: yard.id, quantity: 1 }),
      ),
    );
    expect(results.map((r) => r.statusCode).every((c) => c === 200)).toBe(true);
    const ledger = await ledgerOf([a.id, b.id]);
    expect(ledger.map((m) => m.quantity).sort()).toEqual([150, 150]);
    expect(ledger.every((m) => m.quantity === m.sum)).toBe(true);
  });
});

describe('GET /api/materials/:id/movements', () => {
  it("pages through a material's history, newest first, naming who moved the stock", async () => {
    const material = await create(10);
    for (const quantity of [11, 12, 13]) await stock(material.id, { quantity });
    const response = await call('GET', `/${material.id}/movements?limit=3`, actors.manager.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ total: 4, totalPages: 2, page: 1, limit: 3 });
    expect(body.data.map((m: { quantityAfter: number }) => m.quantityAfter)).toEqual([13, 12, 11]);
    expect(body.data[0]).toMatchObject({
      materialId: material.id,
      delta: 1,
      reason: 'STOCK_UPDATE',
      user: { id: actors.admin.user.id, name: actors.admin.user.name },
    });
    const last = (await call('GET', `/${material.id}/movements?limit=3&page=2`, admin())).json();
    expect(last.data).toMatchObject([{ reason: 'CREATE', delta: 10 }]);
  });

  it("names a transfer's other side: the material and its location, each way", async () => {
    const yard = await createLocation(t.db, { name: 'Movement Yard' });
    const site = await createLocation(t.db, { name: 'Movement Site', type: 'FIELD' });
    const source = await create(20, yard.id, 'Ladder beam');
    const moved = await transfer(source.id, {
      fromLocation: yard.id,
      toLocation: site.id,
      quantity: 6,
    });
    const destination = moved.json().data.destination;
    const sent = (await call('GET', `/${source.id}/movements`, admin())).json().data;
    expect(sent).toMatchObject([
      {
        reason: 'TRANSFER_OUT',
        delta: -6,
        counterpart: {
          materialId: destination.id,
          materialName: 'Ladder beam',
          locationName: 'Movement Site',
        },
      },
      { reason: 'CREATE', counterpart: null },
    ]);
    const received = (await call('GET', `/${destination.id}/movements`, admin())).json().data;
    expect(received).toMatchObject([
      {
        reason: 'TRANSFER_IN',
        delta: 6,
        counterpart: {
          materialId: source.id,
          materialName: 'Ladder beam',
          locationName: 'Movement Yard',
        },
      },
    ]);
  });

  it('answers 404 for a missing material and 401 without a session', async () => {
    expect((await call('GET', '/999999/movements', admin())).statusCode).toBe(404);
    expect((await call('GET', '/1/movements')).statusCode).toBe(401);
  });
});

describe('the stock ledger', () => {
  it("keeps every material's quantity equal to the sum of its movements after all of the above", async () => {
    const rows = await t.db.execute<{ id: number; quantity: number; moved: number }>(sql`
      select m.id, m.quantity::float8 as quantity, coalesce(sum(s.delta), 0)::float8 as moved
      from ${materials} m left join ${stockMovements} s on s.material_id = m.id
      group by m.id`);
    expect(rows.rows.length).toBeGreaterThan(10);
    expect(rows.rows.filter((r) => r.quantity !== r.moved)).toEqual([]);
  });
});
