import type { NotificationType } from '@stockyard/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { StoredNotification } from '../../context';
import { notificationEvents, notifications, users } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';
import { notify, sweepEvents } from './notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Actor = { id: number; headers: { authorization: string } };

/** A signed-in user whose list starts empty (signing in leaves a LOGIN notice). */
async function signedInUser(values: Parameters<typeof createUser>[1] = {}): Promise<Actor> {
  const user = await createUser(t.db, values);
  const { headers } = await loginAs(t.app, user.email);
  await t.db.delete(notifications).where(eq(notifications.userId, user.id));
  return { id: user.id, headers };
}

type SeedValues = {
  type?: NotificationType;
  message?: (i: number) => string;
  read?: boolean;
  /** How long before now the newest of them was created. */
  hoursAgo?: number;
};

/** Stores notifications one second apart, the last one newest. */
async function seed(userId: number, count: number, values: SeedValues = {}) {
  const base = Date.now() - (values.hoursAgo ?? 0) * 3_600_000 - count * 1000;
  return t.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        type: values.type ?? 'NEW_MATERIAL',
        message: values.message?.(i) ?? `Material ${i} was added`,
        read: values.read ?? false,
        createdAt: new Date(base + i * 1000),
      })),
    )
    .returning();
}

/** The notifications stored for a user, oldest first. */
const storedFor = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

/** Those of the events given that are still waiting to be fanned out. */
const eventsLeft = (ids: number[]) =>
  t.db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(inArray(notificationEvents.id, ids));

const list = (actor: Actor | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: actor?.headers ?? {},
  });

describe('GET /api/notifications', () => {
  it('answers the user’s notifications newest first, with the totals and the unread count', async () => {
    const me = await signedInUser();
    const rows = await seed(me.id, 3);
    await seed(me.id, 1, { read: true, message: () => 'An old one', hoursAgo: 2 });
    const response = await list(me);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      data: { totalPages: 1, currentPage: 1, totalNotifications: 4, unreadCount: 3 },
    });
    const newest = body.data.notifications[0];
    expect(newest).toEqual({
      id: rows[2]!.id,
      message: 'Material 2 was added',
      type: 'NEW_MATERIAL',
      read: false,
      createdAt: rows[2]!.createdAt.toISOString(),
      path: '/inventory',
    });
    expect(body.data.notifications.map((n: { message: string }) => n.message)).toEqual([
      'Material 2 was added',
      'Material 1 was added',
      'Material 0 was added',
      'An old one',
    ]);
  });

  it('answers the page of the app each notification is about, and none of its data', async () => {
    const me = await signedInUser();
    const at = (type: NotificationType, data: Record<string, unknown>) => ({
      userId: me.id,
      type,
      message: type,
      data,
    });
    await t.db
      .insert(notifications)
      .values([
        at('NEW_MATERIAL_REQUEST', { rentalRequestId: 9 }),
        at('MATERIAL_REQUEST_DECIDED', { rentalRequestId: 10, status: 'APPROVED' }),
        at('LOW_STOCK', { materialId: 4, locationId: 3, quantity: 2 }),
        at('MATERIAL_TRANSFERRED', { materialId: 4, fromLocationId: 3, toLocationId: 5 }),
        at('MATERIAL_RENTED', { rentalId: 7, fromLocationId: 3, toLocationId: 6 }),
        at('NEW_USER', { email: 'new+one@example.com', role: 'USER' }),
        at('LOGIN', { ip: '10.0.0.1', userAgent: 'Firefox' }),
      ]);
    const body = (await list(me)).json();
    const paths = Object.fromEntries(
      body.data.notifications.map((n: { type: string; path: string }) => [n.type, n.path]),
    );
    expect(paths).toEqual({
      NEW_MATERIAL_REQUEST: '/requests/9',
      MATERIAL_REQUEST_DECIDED: '/requests/10',
      LOW_STOCK: '/inventory?location=3',
      MATERIAL_TRANSFERRED: '/inventory?location=5',
      MATERIAL_RENTED: '/material-rentals?location=6',
      NEW_USER: '/users?search=new%2Bone%40example.com',
      LOGIN: '/settings',
    });
    expect(JSON.stringify(body)).not.toContain('10.0.0.1');
  });

  it('gives an admin the page of the request a field manager just made', async () => {
    const location = await createLocation(t.db, { type: 'FIELD' });
    const admin = await signedInUser({ role: 'ADMIN' });
    const manager = await createUser(t.db, { locationId: location.id });
    const { headers } = await loginAs(t.app, manager.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/rental-requests',
      headers,
      payload: {
        name: 'Mobile tower',
        quantity: 2,
        unit: 'EACH',
        requestedDate: '2099-01-04',
        returnDate: '2099-02-04',
        location: location.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const { notifications: mine } = (await list(admin, '?type=NEW_MATERIAL_REQUEST')).json().data;
    expect(mine.map((n: { path: string }) => n.path)).toContain(`/requests/${id}`);
  });

  it('pages ten at a time by default and honours page and limit', async () => {
    const me = await signedInUser();
    await seed(me.id, 25);
    const first = (await list(me)).json().data;
    expect(first.notifications).toHaveLength(10);
    expect(first).toMatchObject({ totalPages: 3, currentPage: 1, totalNotifications: 25 });
    expect(first.notifications[0].message).toBe('Material 24 was added');
    const last = (await list(me, '?page=3&withPagination=true')).json().data;
    expect(last.notifications.map((n: { message: string }) => n.message)).toEqual([
      'Material 4 was added',
      'Material 3 was added',
      'Material 2 was added',
      'Material 1 was added',
      'Material 0 was added',
    ]);
    expect(last.currentPage).toBe(3);
    const twenty = (await list(me, '?limit=20&page=2')).json().data;
    expect(twenty.notifications).toHaveLength(5);
    expect(twenty.totalPages).toBe(2);
    const beyond = (await list(me, '?page=9')).json().data;
    expect(beyond).toMatchObject({ notifications: [], currentPage: 9, totalNotifications: 25 });
  });

  it('answers the whole list, up to 100, with withPagination=false', async () => {
    const me = await signedInUser();
    await seed(me.id, 12);
    const data = (await list(me, '?withPagination=false&page=2')).json().data;
    expect(data.notifications).toHaveLength(12);
    expect(data).toMatchObject({ currentPage: 1, totalPages: 1, totalNotifications: 12 });
  });

  it('filters by type in any case, and counts unread notifications whatever the filter', async () => {
    const me = await signedInUser();
    await seed(me.id, 2, { type: 'LOW_STOCK', message: (i) => `Low ${i}` });
    await seed(me.id, 3, { type: 'NEW_USER', message: (i) => `User ${i}` });
    const data = (await list(me, '?type=low_stock')).json().data;
    expect(data.notifications.map((n: { type: string }) => n.type)).toEqual([
      'LOW_STOCK',
      'LOW_STOCK',
    ]);
    expect(data).toMatchObject({ totalNotifications: 2, totalPages: 1, unreadCount: 5 });
    const all = (await list(me, '?type=')).json().data;
    expect(all.totalNotifications).toBe(5);
  });

  it('searches the message without regard to case, taking % and _ literally', async () => {
    const me = await signedInUser();
    await seed(me.id, 1, { message: () => 'Scaffold Tube is low' });
    await seed(me.id, 1, { message: () => 'Stock at 100% for Clamp_A' });
    await seed(me.id, 1, { message: () => 'Stock at 1000 for ClampXA' });
    const tube = (await list(me, '?search=scaffold%20TUBE')).json().data;
    expect(tube.notifications.map((n: { message: string }) => n.message)).toEqual([
      'Scaffold Tube is low',
    ]);
    const percent = (await list(me, `?search=${encodeURIComponent('100% for Clamp_')}`)).json()
      .data;
    expect(percent.notifications.map((n: { message: string }) => n.message)).toEqual([
      'Stock at 100% for Clamp_A',
    ]);
    const none = (await list(me, '?search=nothing-like-this&type=LOGIN')).json().data;
    expect(none).toMatchObject({ notifications: [], totalNotifications: 0, unreadCount: 3 });
  });

  it('never shows another user’s notifications', async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    await seed(other.id, 4);
    const data = (await list(me)).json().data;
    expect(data).toMatchObject({ notifications: [], totalNotifications: 0, unreadCount: 0 });
  });

  it('is open to a field manager for their own notifications', async () => {
    const location = await createLocation(t.db);
    const manager = await signedInUser({ role: 'USER', locationId: location.id });
    await seed(manager.id, 2);
    const response = await list(manager);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.totalNotifications).toBe(2);
  });

  // The working day's call (bench/working-day.mjs), page by page: each page's rows, its total and
  // the unread count (a column of the page, counted alone when the page has no row).
  it.each([
    ['a field manager', 'USER'],
    ['an admin', 'ADMIN'],
  ] as const)(
    'answers %s every page: none yet, some, past the last, by type and search',
    async (_who, role) => {
      const location = await createLocation(t.db, { type: 'FIELD' });
      const me = await signedInUser({ role, locationId: role === 'USER' ? location.id : null });
      const page = async (query: string) => {
        const response = await list(me, query);
        expect(response.statusCode).toBe(200);
        return response.json().data;
      };
      expect(await page('?page=1&limit=10')).toEqual({
        notifications: [],
        totalPages: 1,
        currentPage: 1,
        totalNotifications: 0,
        unreadCount: 0,
      });
      await seed(me.id, 3, { type: 'LOW_STOCK', message: (i) => `Clamp ${i} is low`, hoursAgo: 1 });
      await seed(me.id, 9, { message: (i) => `Material ${i} was added` });
      await seed(me.id, 2, { read: true, message: (i) => `Old ${i}`, hoursAgo: 2 });
      const first = await page('?page=1&limit=10');
      expect(first).toMatchObject({ totalPages: 2, totalNotifications: 14, unreadCount: 12 });
      expect(first.notifications).toHaveLength(10);
      expect(first.notifications[0]).toMatchObject({ message: 'Material 8 was added' });
      const second = await page('?page=2&limit=10');
      expect(second.notifications.map((n: { message: string }) => n.message)).toEqual([
        'Clamp 1 is low',
        'Clamp 0 is low',
        'Old 1',
        'Old 0',
      ]);
      expect(second).toMatchObject({ currentPage: 2, totalNotifications: 14, unreadCount: 12 });
      expect(await page('?page=3&limit=10')).toEqual({
        notifications: [],
        totalPages: 2,
        currentPage: 3,
        totalNotifications: 14,
        unreadCount: 12,
      });
      const low = await page('?page=1&limit=10&type=LOW_STOCK&search=clamp%201');
      expect(low.notifications.map((n: { message: string }) => n.message)).toEqual([
        'Clamp 1 is low',
      ]);
      expect(low).toMatchObject({ totalPages: 1, totalNotifications: 1, unreadCount: 12 });
      const none = await page('?page=1&limit=10&type=LOW_STOCK&search=material');
      expect(none).toMatchObject({ notifications: [], totalNotifications: 0, unreadCount: 12 });
    },
  );

  it('answers 400 Invalid notification type for an unknown type', async () => {
    const me = await signedInUser();
    const response = await list(me, '?type=BIRTHDAY');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Invalid notification type',
      errors: [{ path: 'type', message: 'Invalid notification type' }],
    });
  });

  it('answers 400 for a page below 1, a limit above 100 and a withPagination that is not a boolean', async () => {
    const me = await signedInUser();
    for (const query of ['?page=0', '?limit=101', '?limit=0', '?page=two']) {
      const response = await list(me, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const flag = await list(me, '?withPagination=maybe');
    expect(flag.statusCode).toBe(400);
    expect(flag.json().message).toBe('withPagination must be true or false');
    const search = await list(me, `?search=${'x'.repeat(201)}`);
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Search must be at most 200 characters');
  });

  it('answers 401 without a session', async () => {
    const response = await list(null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('POST /api/notifications/mark-all-read', () => {
  it('marks every notification of the user read and leaves other users’ alone', async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    await seed(me.id, 3);
    await seed(other.id, 2);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: me.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'All notifications marked as read.',
      data: { updated: 3 },
    });
    const mine = (await list(me)).json().data;
    expect(mine.unreadCount).toBe(0);
    expect(mine.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await list(other)).json().data.unreadCount).toBe(2);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/notifications/:id/read', () => {
  const markRead = (actor: Actor | null, id: number | string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${id}/read`,
      headers: actor?.headers ?? {},
    });

  it('marks that one notification read and no other', async () => {
    const me = await signedInUser();
    const [first, second] = await seed(me.id, 2);
    const response = await markRead(me, first!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { id: first!.id, read: true, message: 'Material 0 was added' },
    });
    const data = (await list(me)).json().data;
    expect(data.unreadCount).toBe(1);
    expect(data.notifications.find((n: { id: number }) => n.id === second!.id).read).toBe(false);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const [theirs] = await seed(other.id, 1);
    const response = await markRead(me, theirs!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await list(other)).json().data.unreadCount).toBe(1);
  });

  it('answers 404 for a notification that does not exist and 400 for an id that is not one', async () => {
    const me = await signedInUser();
    expect((await markRead(me, 987654321)).statusCode).toBe(404);
    const invalid = await markRead(me, 'abc');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 401 without a session', async () => {
    const me = await signedInUser();
    const [mine] = await seed(me.id, 1);
    expect((await markRead(null, mine!.id)).statusCode).toBe(401);
  });
});

describe('DELETE /api/notifications/:id', () => {
  const remove = (actor: Actor | null, id: number | string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${id}`,
      headers: actor?.headers ?? {},
    });

  it('removes the notification', async () => {
    const me = await signedInUser();
    const [gone, kept] = await seed(me.id, 2);
    const response = await remove(me, gone!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Notification deleted.' });
    const data = (await list(me)).json().data;
    expect(data.notifications.map((n: { id: number }) => n.id)).toEqual([kept!.id]);
    expect((await remove(me, gone!.id)).statusCode).toBe(404);
  });

  it('answers 404 for another user’s notification and keeps it', async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const [theirs] = await seed(other.id, 1);
    expect((await remove(me, theirs!.id)).statusCode).toBe(404);
    expect((await list(other)).json().data.totalNotifications).toBe(1);
  });

  it('answers 400 for an id that is not one and 401 without a session', async () => {
    const me = await signedInUser();
    const [mine] = await seed(me.id, 1);
    expect((await remove(me, '-1')).statusCode).toBe(400);
    expect((await remove(null, mine!.id)).statusCode).toBe(401);
  });
});

describe('notify', () => {
  async function send(event: Parameters<typeof notify>[2]) {
    const pushed: StoredNotification[] = [];
    const listener = (rows: StoredNotification[]) => pushed.push(...rows);
    t.ctx.events.on('notificationsCreated', listener);
    try {
      await inTransaction(t.ctx, (uow) => notify(t.ctx, uow, event));
    } finally {
      t.ctx.events.off('notificationsCreated', listener);
    }
    return pushed;
  }

  it('sends a location’s event to every active admin and to that location’s field managers only', async () => {
    const here = await createLocation(t.db);
    const elsewhere = await createLocation(t.db);
    const manager = await createUser(t.db, { role: 'USER', locationId: here.id });
    const otherManager = await createUser(t.db, { role: 'USER', locationId: elsewhere.id });
    const inactiveManager = await createUser(t.db, {
      role: 'USER',
      locationId: here.id,
      status: false,
    });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const inactiveAdmin = await createUser(t.db, { role: 'ADMIN', status: false });

    const pushed = await send({
      type: 'NEW_MATERIAL',
      message: 'Ladder was added',
      locationId: here.id,
    });
    const recipients = pushed.map((n) => n.userId);
    expect(recipients).toContain(manager.id);
    expect(recipients).toContain(admin.id);
    for (const excluded of [otherManager.id, inactiveManager.id, inactiveAdmin.id]) {
      expect(recipients).not.toContain(excluded);
    }
    const stored = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, manager.id));
    expect(stored).toMatchObject([
      { type: 'NEW_MATERIAL', message: 'Ladder was added', read: false, locationId: here.id },
    ]);
    expect(pushed.find((n) => n.userId === manager.id)).toEqual({
      id: stored[0]!.id,
      userId: manager.id,
      type: 'NEW_MATERIAL',
      message: 'Ladder was added',
      read: false,
      createdAt: stored[0]!.createdAt.toISOString(),
      path: '/inventory',
      actorId: null,
    });
  });

  it('tells nobody of their own action, and pushes the others who caused it', async () => {
    const actor = await createUser(t.db, { role: 'ADMIN', emailAlerts: true });
    const other = await createUser(t.db, { role: 'ADMIN' });
    const pushed = await send({
      type: 'NEW_MATERIAL',
      message: 'Brace was added',
      actorId: actor.id,
    });
    expect(pushed.map((n) => n.userId)).toContain(other.id);
    expect(pushed.map((n) => n.userId)).not.toContain(actor.id);
    expect(pushed.every((n) => n.actorId === actor.id)).toBe(true);
    expect(await storedFor(actor.id)).toEqual([]);
  });

  it('sends a notice about users only to those who may see users (View Users)', async () => {
    const here = await createLocation(t.db);
    const without = await createUser(t.db, { locationId: here.id });
    const withFlag = await createUser(t.db, {
      locationId: here.id,
      permissions: { viewUsers: true },
    });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const recipients = (
      await send({
        type: 'NEW_USER',
        message: 'New user Ada (ada@example.com) was added',
        locationId: here.id,
      })
    ).map((n) => n.userId);
    expect(recipients).toContain(withFlag.id);
    expect(recipients).toContain(admin.id);
    expect(recipients).not.toContain(without.id);
    expect(await storedFor(without.id)).toEqual([]);
  });

  it('sends notices about materials only to those who may see inventory; rentals follow the role', async () => {
    const here = await createLocation(t.db);
    const elsewhere = await createLocation(t.db);
    const blind = await createUser(t.db, {
      locationId: here.id,
      permissions: { viewInventory: false },
    });
    const sees = await createUser(t.db, { locationId: here.id });
    const materialTypes: NotificationType[] = [
      'NEW_MATERIAL',
      'LOW_STOCK',
      'OUT_OF_STOCK',
      'MATERIAL_TRANSFERRED',
    ];
    for (const type of materialTypes) {
      const recipients = (
        await send({
          type,
          message: `${type} here`,
          locationId: elsewhere.id,
          otherLocationId: here.id,
        })
      ).map((n) => n.userId);
      expect(recipients, type).toContain(sees.id);
      expect(recipients, type).not.toContain(blind.id);
    }
    // Rentals are every field manager's screen, whatever their flags.
    const rented = await send({ type: 'MATERIAL_RENTED', message: 'Rented', locationId: here.id });
    expect(rented.map((n) => n.userId)).toEqual(expect.arrayContaining([sees.id, blind.id]));
    expect((await storedFor(blind.id)).map((n) => n.type)).toEqual(['MATERIAL_RENTED']);
  });

  it('follows the flags as they are when the notice is fanned out', async () => {
    const here = await createLocation(t.db);
    const manager = await createUser(t.db, { locationId: here.id });
    const [event] = await t.db
      .insert(notificationEvents)
      .values({ type: 'NEW_USER', message: 'Someone joined here', locationId: here.id })
      .returning();
    await t.db.update(users).set({ viewUsers: true }).where(eq(users.id, manager.id));
    await sweepEvents(t.ctx);
    expect((await storedFor(manager.id)).map((n) => n.message)).toEqual(['Someone joined here']);
    expect(await eventsLeft([event!.id])).toEqual([]);
  });

  it('sends an event without a location to admins only', async () => {
    const location = await createLocation(t.db);
    const manager = await createUser(t.db, { role: 'USER', locationId: location.id });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const recipients = (await send({ type: 'NEW_USER', message: 'Someone joined' })).map(
      (n) => n.userId,
    );
    expect(recipients).toContain(admin.id);
    expect(recipients).not.toContain(manager.id);
  });

  it('sends to exactly the named recipients when they are given', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const user = await createUser(t.db);
    const pushed = await send({ type: 'LOGIN', message: 'New sign-in', recipientIds: [user.id] });
    expect(pushed.map((n) => n.userId)).toEqual([user.id]);
    const adminRows = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(adminRows.filter((n) => n.type === 'LOGIN')).toEqual([]);
  });

  it('writes one event in the caller’s transaction and the recipients’ rows only after its commit', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const message = `Counted inside ${Date.now()}`;
    const inside = await inTransaction(t.ctx, async (uow) => {
      await notify(t.ctx, uow, { type: 'NEW_MATERIAL', message });
      const [rows] = await uow.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(eq(notifications.message, message));
      const [events] = await uow.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notificationEvents)
        .where(eq(notificationEvents.message, message));
      return { rows: rows!.n, events: events!.n };
    });
    expect(inside).toEqual({ rows: 0, events: 1 });
    // Fanned out once it committed, before inTransaction returned.
    expect((await storedFor(admin.id)).map((n) => n.message)).toContain(message);
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationEvents)
      .where(eq(notificationEvents.message, message));
    expect(left!.n).toBe(0);
  });

  it('stores and pushes nothing when the caller’s transaction rolls back', async () => {
    const user = await createUser(t.db);
    const pushed: StoredNotification[] = [];
    const listener = (rows: StoredNotification[]) => pushed.push(...rows);
    t.ctx.events.on('notificationsCreated', listener);
    try {
      await expect(
        inTransaction(t.ctx, async (uow) => {
          await notify(t.ctx, uow, { type: 'LOGIN', message: 'x', recipientIds: [user.id] });
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
    } finally {
      t.ctx.events.off('notificationsCreated', listener);
    }
    expect(pushed).toEqual([]);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toEqual([]);
    // Nor an event for the sweep to find later.
    expect(await sweepEvents(t.ctx)).toBe(0);
    expect(await storedFor(user.id)).toEqual([]);
  });
});

describe('the sweep of events left unfanned (a crash between the commit and the fan-out)', () => {
  it('fans out each committed event once, even with two sweepers at once', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const second = await createUser(t.db, { role: 'ADMIN' });
    const stamp = Date.now();
    // What a process that died right after its commit left behind.
    const events = await t.db
      .insert(notificationEvents)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          type: 'NEW_MATERIAL' as const,
          message: `Left behind ${stamp} #${i}`,
          actorId: second.id,
        })),
      )
      .returning();
    const pushed: StoredNotification[] = [];
    const listener = (rows: StoredNotification[]) => pushed.push(...rows);
    t.ctx.events.on('notificationsCreated', listener);
    try {
      const swept = await Promise.all([sweepEvents(t.ctx, 3), sweepEvents(t.ctx, 3)]);
      expect(swept[0]! + swept[1]!).toBe(40);
    } finally {
      t.ctx.events.off('notificationsCreated', listener);
    }
    const mine = (await storedFor(admin.id)).filter((n) =>
      n.message.startsWith(`Left behind ${stamp}`),
    );
    expect(mine).toHaveLength(40);
    expect(new Set(mine.map((n) => n.message)).size).toBe(40);
    // Its actor is still told nothing; the pushes carry who caused it.
    expect(await storedFor(second.id)).toEqual([]);
    expect(pushed.filter((n) => n.userId === admin.id)).toHaveLength(40);
    expect(pushed.every((n) => n.actorId === second.id)).toBe(true);
    expect(await eventsLeft(events.map((e) => e.id))).toEqual([]);
    expect(await sweepEvents(t.ctx)).toBe(0);
  });

  it('dates each notice when it happened, and tells nobody who arrived after it', async () => {
    const happened = new Date(Date.now() - 3_600_000);
    const before = await createUser(t.db, {
      role: 'ADMIN',
      createdAt: new Date(happened.getTime() - 60_000),
    });
    const message = `An hour ago ${Date.now()}`;
    await t.db
      .insert(notificationEvents)
      .values({ type: 'NEW_MATERIAL', message, createdAt: happened });
    const after = await createUser(t.db, { role: 'ADMIN' });
    await sweepEvents(t.ctx);
    const [told] = (await storedFor(before.id)).filter((n) => n.message === message);
    expect(told?.createdAt).toEqual(happened);
    expect(await storedFor(after.id)).toEqual([]);
  });
});
