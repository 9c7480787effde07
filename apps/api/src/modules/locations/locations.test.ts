import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createUser,
  loginAs,
  materialTypeNamed,
  seedActors,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs, locations, materials, stockMovements } from '../../db/schema';

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
  t.app.inject({ method, url: `/api/locations${url}`, headers, payload });

const valid = { name: 'East Yard', address: '12 Harbour Road', type: 'BMR_YARD', status: 'ACTIVE' };

async function addMaterial(
  locationId: number,
  name: string,
  quantity: number,
  withMovement: boolean,
) {
  const [material] = await t.db
    .insert(materials)
    .values({
      materialTypeId: (await materialTypeNamed(t.db, name)).id,
      name,
      locationId,
      quantity,
      unit: 'EACH',
    })
    .returning();
  if (withMovement) {
    await t.db.insert(stockMovements).values({
      materialId: material!.id,
      delta: quantity,
      quantityAfter: quantity,
      reason: 'CREATE',
    });
  }
  return material!;
}

describe('POST /api/locations/create', () => {
  it('creates a location, answers 201 with it and records the activity', async () => {
    const response = await call('POST', '/create', actors.admin.headers, valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, data: { ...valid, id: expect.any(Number) } });
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'CREATE_LOCATION'),
          eq(activityLogs.entityId, String(body.data.id)),
        ),
      );
    expect(entry).toMatchObject({
      userId: actors.admin.user.id,
      locationId: body.data.id,
      entityType: 'location',
    });
  });

  it('accepts the type and status in any case', async () => {
    const response = await call('POST', '/create', actors.admin.headers, {
      ...valid,
      name: 'West Yard',
      type: 'field',
      status: 'inactive',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ type: 'FIELD', status: 'INACTIVE' });
  });

  it.each([
    [{ name: 'ab' }, 'Location name must be at least 3 characters'],
    [{ name: undefined }, 'Location name must be at least 3 characters'],
    [{ address: 'abcd' }, 'Address must be at least 5 characters'],
    [{ type: '' }, 'Please select a location type'],
    [{ type: 'WAREHOUSE' }, 'Please select a location type'],
    [{ status: undefined }, 'Please select a status'],
    [{ status: 'CLOSED' }, 'Please select a status'],
  ])('refuses %o with the message "%s"', async (change, message) => {
    const response = await call('POST', '/create', actors.admin.headers, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  });

  it('answers 401 without a session and 403 to a field manager', async () => {
    expect((await call('POST', '/create', undefined, valid)).statusCode).toBe(401);
    const response = await call('POST', '/create', actors.manager.headers, valid);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });
});

describe('GET /api/locations/list', () => {
  it('pages through locations, newest first, with the pagination totals', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await createUser(t2.db, { role: 'ADMIN' });
      const { headers } = await loginAs(t2.app, admin.email);
      for (let i = 1; i <= 12; i++) {
        await createLocation(t2.db, { name: `Site ${i}`, type: i % 2 ? 'FIELD' : 'BMR_YARD' });
      }
      const first = await t2.app.inject({ method: 'GET', url: '/api/locations/list', headers });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toHaveLength(10);
      expect(first.json().data[0].name).toBe('Site 12');
      expect(first.json().pagination).toEqual({ total: 12, totalPages: 2, page: 1, limit: 10 });
      const second = await t2.app.inject({
        method: 'GET',
        url: '/api/locations/list?page=2&limit=10',
        headers,
      });
      expect(second.json().data.map((l: { name: string }) => l.name)).toEqual(['Site 2', 'Site 1']);
      const beyond = await t2.app.inject({
        method: 'GET',
        url: '/api/locations/list?page=3',
        headers,
      });
      expect(beyond.json()).toMatchObject({ data: [], pagination: { total: 12, totalPages: 2 } });
      const fields = await t2.app.inject({
        method: 'GET',
        url: '/api/locations/list?type=FIELD&limit=100',
        headers,
      });
      expect(fields.json().pagination.total).toBe(6);
      expect(fields.json().data.every((l: { type: string }) => l.type === 'FIELD')).toBe(true);
    } finally {
      await t2.close();
    }
  });

  it('filters by status', async () => {
    await createLocation(t.db, { status: 'INACTIVE', name: 'Closed Depot' });
    const response = await call('GET', '/list?status=INACTIVE&limit=100', actors.admin.headers);
    const data = response.json().data as Array<{ status: string; name: string }>;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((l) => l.status === 'INACTIVE')).toBe(true);
    expect(data.some((l) => l.name === 'Closed Depot')).toBe(true);
  });

  it('refuses an unknown type filter and a limit above 100', async () => {
    const badType = await call('GET', '/list?type=DEPOT', actors.admin.headers);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe('Please select a location type');
    expect((await call('GET', '/list?limit=101', actors.admin.headers)).statusCode).toBe(400);
  });

  it('lets a field manager with viewLocations read it, and refuses one without', async () => {
    expect((await call('GET', '/list', actors.manager.headers)).statusCode).toBe(200);
    const blind = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewLocations: false },
    });
    const { headers } = await loginAs(t.app, blind.email);
    expect((await call('GET', '/list', headers)).statusCode).toBe(403);
    expect((await call('GET', '/list')).statusCode).toBe(401);
  });
});

describe('GET /api/locations/active', () => {
  it('answers only active locations', async () => {
    const inactive = await createLocation(t.db, { status: 'INACTIVE' });
    const response = await call('GET', '/active', actors.manager.headers);
    expect(response.statusCode).toBe(200);
    const ids = (response.json().data as Array<{ id: number; status: string }>).map((l) => l.id);
    expect(ids).toContain(actors.location.id);
    expect(ids).not.toContain(inactive.id);
    expect((await call('GET', '/active')).statusCode).toBe(401);
  });
});

describe('GET /api/locations/type/:type', () => {
  it('answers the locations of that type, whatever the case of the type', async () => {
    const field = await createLocation(t.db, { type: 'FIELD' });
    const response = await call('GET', '/type/field', actors.admin.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Array<{ id: number; type: string }>;
    expect(data.map((l) => l.id)).toContain(field.id);
    expect(data.every((l) => l.type === 'FIELD')).toBe(true);
  });

  it('refuses an unknown type with 400', async () => {
    const response = await call('GET', '/type/moon', actors.admin.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select a location type');
  });
});

describe('GET /api/locations/:id', () => {
  it('answers the location', async () => {
    const response = await call('GET', `/${actors.location.id}`, actors.manager.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: actors.location.id,
      name: actors.location.name,
      address: actors.location.address,
      type: 'BMR_YARD',
      status: 'ACTIVE',
    });
  });

  it('answers 404 for a missing location, 400 for a malformed id and 401 without a session', async () => {
    const missing = await call('GET', '/999999', actors.admin.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await call('GET', '/abc', actors.admin.headers)).statusCode).toBe(400);
    expect((await call('GET', `/${actors.location.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/locations/:id/stats', () => {
  it('counts the materials, the units in stock and the low and empty stock', async () => {
    const location = await createLocation(t.db);
    await addMaterial(location.id, 'Props', 40, true);
    await addMaterial(location.id, 'Clamps', 10, true);
    await addMaterial(location.id, 'Boards', 1, true);
    await addMaterial(location.id, 'Ties', 0, false);
    const gone = await addMaterial(location.id, 'Old frames', 5, true);
    await t.db.update(materials).set({ deletedAt: new Date() }).where(eq(materials.id, gone.id));
    const response = await call('GET', `/${location.id}/stats`, actors.admin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      locationId: location.id,
      materialCount: 4,
      unitsInStock: 51,
      lowStockCount: 2,
      outOfStockCount: 1,
    });
  });

  it('answers 404 for a missing location and 401 without a session', async () => {
    expect((await call('GET', '/999999/stats', actors.admin.headers)).statusCode).toBe(404);
    expect((await call('GET', `/${actors.location.id}/stats`)).statusCode).toBe(401);
  });
});

describe('PUT /api/locations/update/:id', () => {
  it('updates the location and records the change', async () => {
    const location = await createLocation(t.db);
    const change = {
      name: 'Renamed Yard',
      address: '1 New Street',
      type: 'FIELD',
      status: 'INACTIVE',
    };
    const response = await call('PUT', `/update/${location.id}`, actors.admin.headers, change);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: location.id, ...change });
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'UPDATE_LOCATION'),
          eq(activityLogs.entityId, String(location.id)),
        ),
      );
    expect(entry?.details).toMatchObject({
      before: { name: location.name },
      after: { name: 'Renamed Yard' },
    });
  });

  it('refuses invalid fields with the spec messages', async () => {
    const response = await call('PUT', `/update/${actors.location.id}`, actors.admin.headers, {
      ...valid,
      address: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Address must be at least 5 characters');
  });

  it('answers 404, 401 and 403 as the other writes do', async () => {
    expect((await call('PUT', '/update/999999', actors.admin.headers, valid)).statusCode).toBe(404);
    expect((await call('PUT', `/update/${actors.location.id}`, undefined, valid)).statusCode).toBe(
      401,
    );
    const refused = await call(
      'PUT',
      `/update/${actors.location.id}`,
      actors.manager.headers,
      valid,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('DELETE /api/locations/remove/:id', () => {
  it('deletes a location with its materials that never moved stock, and records it', async () => {
    const location = await createLocation(t.db);
    const idle = await addMaterial(location.id, 'Unused frames', 0, false);
    const response = await call('DELETE', `/remove/${location.id}`, actors.admin.headers);
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(locations).where(eq(locations.id, location.id))).toHaveLength(
      0,
    );
    expect(await t.db.select().from(materials).where(eq(materials.id, idle.id))).toHaveLength(0);
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'DELETE_LOCATION'),
          eq(activityLogs.entityId, String(location.id)),
        ),
      );
    expect(entries).toHaveLength(1);
  });

  it('refuses with 409 and the advice to set it Inactive while users are assigned to it', async () => {
    const location = await createLocation(t.db);
    await createUser(t.db, { locationId: location.id });
    const response = await call('DELETE', `/remove/${location.id}`, actors.admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(
      /1 user is assigned to it\. Set it to Inactive instead\./,
    );
    expect(await t.db.select().from(locations).where(eq(locations.id, location.id))).toHaveLength(
      1,
    );
  });

  it('refuses with 409 while it holds materials with stock history, and keeps everything', async () => {
    const location = await createLocation(t.db);
    const moved = await addMaterial(location.id, 'Props', 5, true);
    const idle = await addMaterial(location.id, 'Unused', 0, false);
    const response = await call('DELETE', `/remove/${location.id}`, actors.admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('stock history. Set it to Inactive instead.');
    const left = await t.db.select().from(materials).where(eq(materials.locationId, location.id));
    expect(left.map((m) => m.id).sort()).toEqual([moved.id, idle.id].sort());
  });

  it('answers 404, 401 and 403 as the other writes do', async () => {
    expect((await call('DELETE', '/remove/999999', actors.admin.headers)).statusCode).toBe(404);
    const location = await createLocation(t.db);
    expect((await call('DELETE', `/remove/${location.id}`)).statusCode).toBe(401);
    expect(
      (await call('DELETE', `/remove/${location.id}`, actors.manager.headers)).statusCode,
    ).toBe(403);
  });
});
