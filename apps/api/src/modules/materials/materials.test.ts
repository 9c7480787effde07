import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs, materials, notifications, stockMovements } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/materials${url}`, headers, payload });
const admin = () => actors.admin.headers;

let sequence = 0;
const item = (change: Record<string, unknown> = {}) => ({
  name: `Steel prop ${++sequence}`,
  locationId: actors.location.id,
  notes: 'Galvanised',
  quantity: 25,
  unit: 'EACH',
  ...change,
});
async function create(change: Record<string, unknown> = {}) {
  const response = await call('POST', '/create', admin(), item(change));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; name: string; quantity: number; locationId: number };
}
const movementsOf = (materialId: number) =>
  t.db.select().from(stockMovements).where(eq(stockMovements.materialId, materialId));

describe('POST /api/materials/create', () => {
  it('adds the item with a derived status, ignoring the status sent, and writes the ledger', async () => {
    const response = await call(
      'POST',
      '/create',
      admin(),
      item({ name: 'Base plate', quantity: 5, status: 'Available', updatedAt: '2001-01-01' }),
    );
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      name: 'Base plate',
      locationId: actors.location.id,
      location: { name: actors.location.name },
      notes: 'Galvanised',
      quantity: 5,
      unit: 'EACH',
      status: 'Low Stock',
    });
    expect(new Date(data.updatedAt).getFullYear()).toBeGreaterThan(2001);
    const ledger = await movementsOf(data.id);
    expect(ledger).toMatchObject([
      { delta: 5, quantityAfter: 5, reason: 'CREATE', userId: actors.admin.user.id },
    ]);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.action, 'CREATE_MATERIAL'), eq(activityLogs.entityId, String(data.id))),
      );
    expect(entry).toMatchObject({ locationId: actors.location.id, userId: actors.admin.user.id });
  });

  it('tells the other admins and the managers of that location who see inventory about the new material', async () => {
    const otherAdmin = await createUser(t.db, { role: 'ADMIN' });
    // Without View Inventory the Inventory screen is closed to them, and so is its news.
    await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewInventory: false },
    });
    const material = await create({ name: 'Ladder beam' });
    const rows = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'NEW_MATERIAL'),
          sql`${notifications.data}->>'materialId' = ${String(material.id)}`,
        ),
      );
    expect(rows.map((r) => r.userId).sort()).toEqual(
      [otherAdmin.id, actors.manager.user.id].sort(),
    );
    expect(rows[0]!.locationId).toBe(actors.location.id);
  });

  it('writes no movement for an item added with nothing in stock', async () => {
    const material = await create({ quantity: 0 });
    expect(await movementsOf(material.id)).toHaveLength(0);
  });

  it.each([
    [{ name: 'a' }, 'Name must be at least 2 characters'],
    [{ locationId: undefined }, 'Location is required'],
    [{ locationId: '' }, 'Location is required'],
    [{ notes: 'x'.repeat(256) }, 'Notes must be at most 255 characters'],
    [{ quantity: undefined }, 'Quantity is required'],
    [{ quantity: '' }, 'Quantity is required'],
    [{ quantity: 'ten' }, 'Quantity must be a number'],
    [{ quantity: -1 }, 'Quantity cannot be negative'],
    [{ unit: '' }, 'Please select a unit'],
    [{ unit: 'BOX' }, 'Please select a unit'],
  ])('refuses %o with the message "%s"', async (change, message) => {
    const response = await call('POST', '/create', admin(), item(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('refuses a location that does not exist', async () => {
    const response = await call('POST', '/create', admin(), item({ locationId: 999999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Location not found');
  });

  it('refuses a second item with the same name and unit at one location with 409', async () => {
    await create({ name: 'Toe board' });
    const again = await call('POST', '/create', admin(), item({ name: 'Toe board' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(
      'A material named Toe board (Each) already exists at this location',
    );
  });

  it('answers 401 without a session and 403 to a field manager', async () => {
    expect((await call('POST', '/create', undefined, item())).statusCode).toBe(401);
    expect((await call('POST', '/create', actors.manager.headers, item())).statusCode).toBe(403);
  });
});

describe('GET /api/materials/list', () => {
  it('pages through the inventory, newest first, with a location filter', async () => {
    const s = await createTestApp();
    try {
      const boss = await createUser(s.db, { role: 'ADMIN' });
      const { headers } = await loginAs(s.app, boss.email);
      const [north, south] = [await createLocation(s.db), await createLocation(s.db)];
      for (let i = 1; i <= 12; i++) {
        const locationId = i <= 8 ? north.id : south.id;
        const response = await s.app.inject({
          method: 'POST',
          url: '/api/materials/create',
          headers,
          payload: { name: `Item ${i}`, locationId, quantity: i, unit: 'EACH' },
        });
        expect(response.statusCode).toBe(201);
      }
      const list = (query: string) =>
        s.app.inject({ method: 'GET', url: `/api/materials/list${query}`, headers });
      const first = (await list('')).json();
      expect(first.pagination).toEqual({ total: 12, totalPages: 2, page: 1, limit: 10 });
      expect(first.data[0]).toMatchObject({
        name: 'Item 12',
        quantity: 12,
        status: 'Available',
        location: { name: south.name },
      });
      expect(first.data[9].name).toBe('Item 3');
      // A listed item reads as its detail does, instants included.
      const detail = await s.app.inject({
        method: 'GET',
        url: `/api/materials/detail/${first.data[0].id}`,
        headers,
      });
      expect(first.data[0]).toEqual(detail.json().data);
      expect(first.data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const atSouth = (await list(`?locationId=${south.id}`)).json();
      expect(atSouth.data[0]).toEqual(detail.json().data);
      expect((await list('?page=2')).json().data.map((m: { name: string }) => m.name)).toEqual([
        'Item 2',
        'Item 1',
      ]);
      const atNorth = (await list(`?locationId=${north.id}&limit=5`)).json();
      expect(atNorth.pagination).toEqual({ total: 8, totalPages: 2, page: 1, limit: 5 });
      expect(atNorth.data.every((m: { locationId: number }) => m.locationId === north.id)).toBe(
        true,
      );
    } finally {
      await s.close();
    }
  });

  it('lets a field manager with viewInventory read it, and refuses one without', async () => {
    expect((await call('GET', '/list', actors.manager.headers)).statusCode).toBe(200);
    const blind = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewInventory: false },
    });
    const { headers } = await loginAs(t.app, blind.email);
    expect((await call('GET', '/list', headers)).statusCode).toBe(403);
    expect((await call('GET', '/list')).statusCode).toBe(401);
  });

  it('refuses a limit above 100', async () => {
    expect((await call('GET', '/list?limit=500', admin())).statusCode).toBe(400);
  });
});

describe('GET /api/materials/detail/:id', () => {
  it('answers the material', async () => {
    const material = await create({ quantity: 11 });
    const response = await call('GET', `/detail/${material.id}`, actors.manager.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: material.id,
      quantity: 11,
      status: 'Available',
    });
  });

  it('answers 404 for a missing material and 401 without a session', async () => {
    expect((await call('GET', '/detail/999999', admin())).statusCode).toBe(404);
    expect((await call('GET', '/detail/1')).statusCode).toBe(401);
  });
});

describe('GET /api/materials/location/:id', () => {
  it("answers that location's inventory only", async () => {
    const location = await createLocation(t.db);
    const here = await create({ locationId: location.id });
    await create();
    const response = await call('GET', `/location/${location.id}`, admin());
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((m: { id: number }) => m.id)).toEqual([here.id]);
    expect(response.json().pagination.total).toBe(1);
  });

  it("answers a field manager their own location's inventory, and another location's as 404", async () => {
    const own = await create({ locationId: actors.location.id });
    const elsewhere = await createLocation(t.db);
    await create({ locationId: elsewhere.id });
    const mine = await call('GET', `/location/${actors.location.id}`, actors.manager.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((m: { id: number }) => m.id)).toContain(own.id);
    const theirs = await call('GET', `/location/${elsewhere.id}`, actors.manager.headers);
    expect(theirs.statusCode).toBe(404);
  });

  it('answers an empty location with an empty page, and a page past the end with the total', async () => {
    const empty = await createLocation(t.db);
    const none = await call('GET', `/location/${empty.id}`, admin());
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual([]);
    expect(none.json().pagination.total).toBe(0);
    const stocked = await createLocation(t.db);
    await create({ locationId: stocked.id });
    const past = await call('GET', `/location/${stocked.id}?page=3&limit=10`, admin());
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toEqual([]);
    expect(past.json().pagination.total).toBe(1);
  });

  it('answers 404 for a missing location and 401 without a session', async () => {
    expect((await call('GET', '/location/999999', admin())).statusCode).toBe(404);
    expect((await call('GET', `/location/${actors.location.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/materials/low-stock', () => {
  it('answers the items at 10 or under, the emptiest first, up to _limit', async () => {
    const location = await createLocation(t.db);
    for (const quantity of [11, 10, 0, 4, 1]) await create({ locationId: location.id, quantity });
    const response = await call('GET', `/low-stock?_limit=3&locationId=${location.id}`, admin());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((m: { quantity: number }) => m.quantity)).toEqual([0, 1, 4]);
    expect(body.data.map((m: { status: string }) => m.status)).toEqual([
      'Out of Stock',
      'Low Stock',
      'Low Stock',
    ]);
  });

  it('refuses a _limit above 100, and answers 401 without a session', async () => {
    expect((await call('GET', '/low-stock?_limit=1000', admin())).statusCode).toBe(400);
    expect((await call('GET', '/low-stock')).statusCode).toBe(401);
  });
});

describe('PUT /api/materials/update/:id', () => {
  it('edits the item; a changed quantity is one EDIT movement and the status follows', async () => {
    const material = await create({ quantity: 25 });
    const other = await createLocation(t.db, { name: 'West Field' });
    const response = await call(
      'PUT',
      `/update/${material.id}`,
      admin(),
      item({ name: 'Renamed prop', locationId: other.id, quantity: 9, notes: '' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Renamed prop',
      location: { name: 'West Field' },
      quantity: 9,
      status: 'Low Stock',
      notes: null,
    });
    const ledger = await movementsOf(material.id);
    expect(ledger.map((m) => [m.reason, m.delta, m.quantityAfter])).toEqual([
      ['CREATE', 25, 25],
      ['EDIT', -16, 9],
    ]);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'UPDATE_MATERIAL'),
          eq(activityLogs.entityId, String(material.id)),
        ),
      );
    expect(entry?.details).toMatchObject({ before: { quantity: 25 }, after: { quantity: 9 } });
  });

  it('writes no movement when the quantity stays the same', async () => {
    const material = await create({ quantity: 30 });
    await call(
      'PUT',
      `/update/${material.id}`,
      admin(),
      item({ name: material.name, quantity: 30, notes: 'Changed' }),
    );
    expect(await movementsOf(material.id)).toHaveLength(1);
  });

  it('refuses to take the name and unit of another item at the same location', async () => {
    const first = await create();
    const second = await create();
    const response = await call('PUT', `/update/${second.id}`, admin(), item({ name: first.name }));
    expect(response.statusCode).toBe(409);
  });

  it('refuses invalid fields, and answers 404, 401 and 403', async () => {
    const material = await create();
    const bad = await call('PUT', `/update/${material.id}`, admin(), item({ quantity: -5 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Quantity cannot be negative');
    expect((await call('PUT', '/update/999999', admin(), item())).statusCode).toBe(404);
    expect((await call('PUT', `/update/${material.id}`, undefined, item())).statusCode).toBe(401);
    expect(
      (await call('PUT', `/update/${material.id}`, actors.manager.headers, item())).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /api/materials/remove/:id', () => {
  it('keeps a material with stock history in the ledger, out of every list', async () => {
    const material = await create({ quantity: 7 });
    const response = await call('DELETE', `/remove/${material.id}`, admin());
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(materials).where(eq(materials.id, material.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(await movementsOf(material.id)).toHaveLength(1);
    expect((await call('GET', `/detail/${material.id}`, admin())).statusCode).toBe(404);
    const listed = await call('GET', `/location/${actors.location.id}?limit=100`, admin());
    expect(listed.json().data.some((m: { id: number }) => m.id === material.id)).toBe(false);
    const again = await call('POST', '/create', admin(), item({ name: material.name }));
    expect(again.statusCode).toBe(201);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'DELETE_MATERIAL'),
          eq(activityLogs.entityId, String(material.id)),
        ),
      );
    expect(entry?.details).toMatchObject({ keptInLedger: true });
  });

  it('deletes a material that never moved stock', async () => {
    const material = await create({ quantity: 0 });
    expect((await call('DELETE', `/remove/${material.id}`, admin())).statusCode).toBe(200);
    expect(await t.db.select().from(materials).where(eq(materials.id, material.id))).toHaveLength(
      0,
    );
  });

  it('answers 404 for a missing or removed material, 401 and 403', async () => {
    const material = await create();
    expect((await call('DELETE', `/remove/${material.id}`)).statusCode).toBe(401);
    expect(
      (await call('DELETE', `/remove/${material.id}`, actors.manager.headers)).statusCode,
    ).toBe(403);
    await call('DELETE', `/remove/${material.id}`, admin());
    expect((await call('DELETE', `/remove/${material.id}`, admin())).statusCode).toBe(404);
    expect((await call('DELETE', '/remove/999999', admin())).statusCode).toBe(404);
  });
});
