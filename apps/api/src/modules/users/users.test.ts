import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, PERMISSION_FLAGS } from '@stockyard/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs, notifications } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/users${url}`, headers, payload });
const admin = () => actors.admin.headers;

let sequence = 0;
const newUser = (change: Record<string, unknown> = {}) => ({
  name: 'Riley Stone',
  email: `riley${++sequence}@example.com`,
  role: 'USER',
  locationId: actors.location.id,
  password: 'Riley-Stone-7',
  ...change,
});
const _profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });

describe('POST /api/users/register', () => {
  it('adds a field manager with the default permissions, never answering the hash', async () => {
    const payload = newUser();
    const response = await call('POST', '/register', admin(), payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.data).toMatchObject({
      name: 'Riley Stone',
      email: payload.email,
      role: 'USER',
      locationId: actors.location.id,
      location: { name: actors.location.name },
      status: true,
      lastLogin: null,
      permissions: DEFAULT_PERMISSIONS,
    });
    expect(response.body).not.toMatch(/passwordHash|password_hash|\$argon2/);
    await loginAs(t.app, payload.email, 'Riley-Stone-7');
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'CREATE_USER'),
          eq(activityLogs.entityId, String(body.data.id)),
        ),
      );
    expect(entry).toMatchObject({ userId: actors.admin.user.id, locationId: actors.location.id });
    expect(JSON.stringify(entry)).not.toContain('Riley-Stone-7');
  });

  it('notifies the other admins and the managers of the location who see users; not the actor, one without View Users, nor the newcomer', async () => {
    const otherAdmin = await createUser(t.db, { role: 'ADMIN' });
    const seesUsers = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewUsers: true },
    });
    const response = await call('POST', '/register', admin(), newUser({ name: 'Noor Vale' }));
    const id = response.json().data.id as number;
    const rows = await t.db.select().from(notifications).where(eq(notifications.type, 'NEW_USER'));
    const recipients = rows.filter((r) => r.message.includes('Noor Vale')).map((r) => r.userId);
    expect(recipients).toContain(otherAdmin.id);
    expect(recipients).toContain(seesUsers.id);
    // The default flags leave the Users screen, and so its news, closed to a field manager.
    expect(recipients).not.toContain(actors.manager.user.id);
    expect(recipients).not.toContain(actors.admin.user.id);
    expect(recipients).not.toContain(id);
  });

  it('keeps the flags that were sent, and gives an admin every flag whatever was sent', async () => {
    const manager = await call(
      'POST',
      '/register',
      admin(),
      newUser({ permissions: { manageInventory: true, viewInvoices: false } }),
    );
    expect(manager.json().data.permissions).toEqual({
      ...DEFAULT_PERMISSIONS,
      manageInventory: true,
      viewInvoices: false,
    });
    const boss = await call(
      'POST',
      '/register',
      admin(),
      newUser({ role: 'admin', permissions: { viewUsers: false } }),
    );
    expect(boss.statusCode).toBe(201);
    expect(boss.json().data).toMatchObject({ role: 'ADMIN', permissions: ALL_PERMISSIONS });
  });

  it('refuses an email that exists in another case with 409', async () => {
    const payload = newUser();
    await call('POST', '/register', admin(), payload);
    const again = await call(
      'POST',
      '/register',
      admin(),
      newUser({ email: payload.email.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A user with this email already exists',
      // The Add User form shows it under Email.
      errors: [{ path: 'email', message: 'A user with this email already exists' }],
    });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ role: '' }, 'Role is required'],
    [{ role: 'OWNER' }, 'Role is required'],
    [{ locationId: undefined }, 'Location is required'],
    [{ locationId: '' }, 'Location is required'],
    [{ password: '12345' }, 'Password must be at least 8 characters'],
  ])('refuses %o with the message "%s"', async (change, message) => {
    const response = await call('POST', '/register', admin(), newUser(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('refuses a location that does not exist', async () => {
    const response = await call('POST', '/register', admin(), newUser({ locationId: 999999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Location not found',
      errors: [{ path: 'locationId', message: 'Location not found' }],
    });
  });

  it('answers 401 without a session and 403 to a field manager', async () => {
    expect((await call('POST', '/register', undefined, newUser())).statusCode).toBe(401);
    expect((await call('POST', '/register', actors.manager.headers, newUser())).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/users/getAll', () => {
  let s: TestApp;
  let headers: Record<string, string>;
  let yard: { id: number };
  beforeAll(async () => {
    s = await createTestApp();
    const boss = await createUser(s.db, { role: 'ADMIN', name: 'Head Admin' });
    headers = (await loginAs(s.app, boss.email)).headers;
    yard = await createLocation(s.db);
    const site = await createLocation(s.db);
    for (let i = 1; i <= 11; i++) {
      // Each with a different set of permissions: the flags taken in turn, by the bits of i.
      const permissions = Object.fromEntries(
        PERMISSION_FLAGS.map((flag, bit) => [flag, ((i * 37) >> bit) % 2 === 1]),
      );
      await createUser(s.db, {
        name: `Crew ${i}`,
        locationId: i % 2 ? yard.id : site.id,
        permissions,
      });
    }
    await createUser(s.db, { name: 'Alma 100% Reyes', email: 'alma.reyes@Builders.example' });
    await createUser(s.db, { name: 'Gone Person', deletedAt: new Date() });
  });
  afterAll(async () => {
    await s.close();
  });
  const list = (query: string) =>
    s.app.inject({ method: 'GET', url: `/api/users/getAll${query}`, headers });

  it('pages through the users that were not removed, newest first', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ total: 13, totalPages: 2, page: 1, limit: 10 });
    expect(body.data[0].name).toBe('Alma 100% Reyes');
    expect(body.data.some((u: { name: string }) => u.name === 'Gone Person')).toBe(false);
    // A listed user reads as their detail does, the last sign-in and permissions included.
    const boss = (await list('?page=2'))
      .json()
      .data.find((u: { name: string }) => u.name === 'Head Admin');
    const detail = await s.app.inject({ url: `/api/users/detail/${boss.id}`, headers });
    expect(boss).toEqual(detail.json().data);
    expect(boss.lastLogin).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const listed of body.data) {
      const shown = await s.app.inject({ url: `/api/users/detail/${listed.id}`, headers });
      expect(listed).toEqual(shown.json().data);
    }
    const kinds = new Set(
      body.data.map((u: { permissions: object }) => JSON.stringify(u.permissions)),
    );
    expect(kinds.size).toBeGreaterThan(5);
    expect((await list('?page=2')).json().data).toHaveLength(3);
    const beyond = (await list('?page=5')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toEqual({ total: 13, totalPages: 2, page: 5, limit: 10 });
  });

  it('searches by name or email, whatever the case, taking % literally', async () => {
    const byName = (await list('?search=crew 1')).json().data.map((u: { name: string }) => u.name);
    expect(byName.sort()).toEqual(['Crew 1', 'Crew 10', 'Crew 11']);
    expect((await list('?search=BUILDERS.example')).json().data).toHaveLength(1);
    expect((await list('?search=100%25')).json().data).toHaveLength(1);
    expect((await list('?search=0%25')).json().data).toHaveLength(1);
  });

  it('matches a search within the name or within the email, never across the two', async () => {
    // 'Reyes' ends the name and 'alma' begins the email: together they are not one match.
    expect((await list('?search=Reyesalma')).json().data).toEqual([]);
    expect((await list('?search=Reyes alma')).json().data).toEqual([]);
    // The separator itself is a control character, which a search may not hold.
    expect((await list('?search=%1Falma')).json()).toMatchObject({
      success: false,
      message: 'Search must not contain control characters',
    });
    expect((await list('?search=Reyes')).json().data).toHaveLength(1);
  });

  it('filters by role and location together with a search', async () => {
    const found = (await list(`?search=crew&location=${yard.id}&role=user`)).json();
    expect(found.pagination.total).toBe(6);
    expect((await list(`?search=crew&role=admin`)).json().data).toEqual([]);
  });

  it('filters by role, whatever its case, and by location', async () => {
    const admins = (await list('?role=admin')).json();
    expect(admins.pagination.total).toBe(1);
    expect(admins.data[0].role).toBe('ADMIN');
    const atYard = (await list(`?location=${yard.id}`)).json();
    expect(atYard.pagination.total).toBe(6);
    expect(atYard.data.every((u: { locationId: number }) => u.locationId === yard.id)).toBe(true);
    expect((await list('?role=all&location=')).json().pagination.total).toBe(13);
  });

  it('keeps its total equal to the users not removed, through concurrent adds and removals', async () => {
    const counted = async () => {
      const rows = await s.db.execute<{ n: number }>(
        sql`select count(*)::int as n from users where deleted_at is null`,
      );
      return rows.rows[0]!.n;
    };
    const total = async () => (await list('?limit=1')).json().pagination.total;
    expect(await total()).toBe(await counted());
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        s.app.inject({
          method: 'POST',
          url: '/api/users/register',
          headers,
          payload: {
            name: `Rush ${i}`,
            email: `rush${i}@example.com`,
            role: 'USER',
            locationId: yard.id,
            password: 'Riley-Stone-7',
          },
        }),
      ),
    );
    expect(added.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(await total()).toBe(await counted());
    const removed = await Promise.all(
      added
        .slice(0, 5)
        .map((r) =>
          s.app.inject({ method: 'DELETE', url: `/api/users/remove/${r.json().data.id}`, headers }),
        ),
    );
    expect(removed.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await total()).toBe(await counted());
    // Written past the API: a bulk insert, a restore, and rows deleted outright.
    await s.db.execute(sql`
      insert into users (name, email, password_hash, role, deleted_at)
      select 'Bulk ' || n, 'bulk' || n || '@example.com', 'x', 'USER',
             case when n % 3 = 0 then now() end
      from generate_series(1, 9) n`);
    await s.db.execute(sql`update users set deleted_at = null where name = 'Rush 0'`);
    await s.db.execute(sql`delete from users where name like 'Bulk %' and name <> 'Bulk 1'`);
    expect(await total()).toBe(await counted());
    expect(await total()).toBe(13 + 12 - 5 + 6 + 1 - 5);
  });

  it('refuses an unknown role filter, and answers 401 and 403', async () => {
    expect((await list('?role=OWNER')).statusCode).toBe(400);
    expect((await call('GET', '/getAll')).statusCode).toBe(401);
    expect((await call('GET', '/getAll', actors.manager.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/users/detail/:id', () => {
  it('answers the user with their location', async () => {
    const response = await call('GET', `/detail/${actors.manager.user.id}`, admin());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: actors.manager.user.id,
      location: { name: actors.location.name },
    });
  });

  it('answers 404 for a missing or removed user, 401 and 403', async () => {
    const removed = await createUser(t.db, { deletedAt: new Date() });
    expect((await call('GET', '/detail/999999', admin())).statusCode).toBe(404);
    expect((await call('GET', `/detail/${removed.id}`, admin())).statusCode).toBe(404);
    expect((await call('GET', `/detail/${removed.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/detail/${removed.id}`, actors.manager.headers)).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/users/role/:role', () => {
  it('answers the users with that role, whatever its case', async () => {
    const response = await call('GET', '/role/user', admin());
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Array<{ role: string }>;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((u) => u.role === 'USER')).toBe(true);
  });

  it('refuses an unknown role, and answers 401 and 403', async () => {
    const response = await call('GET', '/role/owner', admin());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Role must be ADMIN or USER');
    expect((await call('GET', '/role/user')).statusCode).toBe(401);
    expect((await call('GET', '/role/user', actors.manager.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/users/location/:id', () => {
  it('answers the users of the location', async () => {
    const location = await createLocation(t.db);
    const member = await createUser(t.db, { locationId: location.id });
    const response = await call('GET', `/location/${location.id}`, admin());
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((u: { id: number }) => u.id)).toEqual([member.id]);
  });

  it('answers 404 for a missing location, 401 and 403', async () => {
    expect((await call('GET', '/location/999999', admin())).statusCode).toBe(404);
    expect((await call('GET', `/location/${actors.location.id}`)).statusCode).toBe(401);
    const refused = await call('GET', `/location/${actors.location.id}`, actors.manager.headers);
    expect(refused.statusCode).toBe(403);
  });
});
