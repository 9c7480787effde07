import type { IncomingMessage } from 'node:http';
import { LIVE_TOPICS, type LiveTopic, type NotificationItem } from '@stockyard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createUser,
  loginAs,
  seedActors,
  TEST_PASSWORD,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import {
  type ClientSocket,
  FIREFOX_ON_LINUX,
  nextDisconnect,
  nextNotification,
  notifyUser,
  socketClients,
} from '../../test/sockets';
import { locations, sessions } from '../db/schema';
import { inTransaction } from '../lib/transaction';
import { signSessionToken } from '../modules/auth/tokens';
import { notify } from '../modules/notifications/notify';
import { isAllowedOrigin } from './socket';

let t: TestApp;
let baseUrl: string;
const { connect, refusal, closeAll } = socketClients();

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeAll);
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const user = await createUser(t.db);
  return { user, ...(await loginAs(t.app, user.email)) };
}

describe('the notification room', () => {
  it('pushes a notification to its recipient’s sockets and to no other user', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const firstSocket = await connect(baseUrl, first.token, {
      transports: ['polling', 'websocket'],
    });
    const secondSocket = await connect(baseUrl, second.token);
    const secondReceived: NotificationItem[] = [];
    secondSocket.on('notification', (n) => secondReceived.push(n));

    const arrival = nextNotification(firstSocket);
    await notifyUser(t, first.user.id, 'Ladder was added');
    const notification = await arrival;
    expect(notification).toEqual({
      id: expect.any(Number),
      type: 'NEW_MATERIAL',
      message: 'Ladder was added',
      read: false,
      createdAt: expect.any(String),
      path: '/inventory',
      actorId: null,
    });

    // Pushed after the first, so had the second user been in the first one's room it would have come first.
    const own = nextNotification(secondSocket);
    await notifyUser(t, second.user.id, 'Plank was added');
    await own;
    expect(secondReceived.map((n) => n.message)).toEqual(['Plank was added']);
  });

  it('pushes nothing before the transaction commits', async () => {
    const me = await signedIn();
    const socket = await connect(baseUrl, me.token);
    const received: NotificationItem[] = [];
    socket.on('notification', (n) => received.push(n));
    await inTransaction(t.ctx, async (uow) => {
      await notify(t.ctx, uow, {
        type: 'LOW_STOCK',
        message: 'Tube is low',
        recipientIds: [me.user.id],
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual([]);
    });
    await expect.poll(() => received.map((n) => n.message)).toEqual(['Tube is low']);
  });

  it('pushes the LOGIN notice to the account’s sockets already open', async () => {
    const me = await signedIn();
    const socket = await connect(baseUrl, me.token);
    const arrival = nextNotification(socket);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: TEST_PASSWORD },
      remoteAddress: '10.9.0.1',
      headers: {
        'user-agent': FIREFOX_ON_LINUX,
      },
    });
    expect(await arrival).toMatchObject({
      type: 'LOGIN',
      message: expect.stringMatching(
        /^New sign-in from Firefox on Linux \(10\.9\.0\.1\) at \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}$/,
      ),
    });
  });
});

describe('the socket handshake', () => {
  it('refuses a handshake without a token, with a forged token and with a dead session', async () => {
    const me = await signedIn();
    const noToken = await refusal(baseUrl, undefined);
    expect(noToken.message).toBe('You are not authorized. Please log in.');
    expect(noToken.data).toEqual({ code: 'UNAUTHORIZED' });
    const forged = await refusal(baseUrl, `${me.token.slice(0, -4)}AAAA`);
    expect(forged.data?.code).toBe('UNAUTHORIZED');
    expect((await refusal(baseUrl, 42)).data?.code).toBe('UNAUTHORIZED');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: me.headers });
    const dead = await refusal(baseUrl, me.token);
    expect(dead.data?.code).toBe('UNAUTHORIZED');
  });

  it('refuses a page of another origin, on either transport, even with a valid token', async () => {
    const me = await signedIn();
    for (const transports of [['websocket'], ['polling']] as const) {
      const error = await refusal(baseUrl, me.token, {
        origin: 'http://evil.example',
        transports: [...transports],
      });
      expect(error.message).toMatch(/error/i);
    }
  });

  it('accepts the app’s own origin, and a client that sends none', async () => {
    const me = await signedIn();
    await expect(connect(baseUrl, me.token, { origin: baseUrl })).resolves.toBeDefined();
    await expect(connect(baseUrl, me.token)).resolves.toBeDefined();
  });
});

describe('isAllowedOrigin', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  it('allows the host the request was sent to, whatever the default port', () => {
    expect(
      isAllowedOrigin(
        request({ host: 'yard.example:8080', origin: 'http://yard.example:8080' }),
        null,
      ),
    ).toBe(true);
    expect(
      isAllowedOrigin(request({ host: 'Yard.example', origin: 'https://yard.example' }), null),
    ).toBe(true);
    expect(
      isAllowedOrigin(request({ host: 'yard.example:443', origin: 'https://yard.example' }), null),
    ).toBe(true);
  });

  it('allows WEB_ORIGIN when it is set, and only that other origin', () => {
    const web = 'http://localhost:5173';
    expect(isAllowedOrigin(request({ host: 'localhost:3000', origin: web }), web)).toBe(true);
    expect(isAllowedOrigin(request({ host: 'localhost:3000', origin: web }), null)).toBe(false);
    expect(
      isAllowedOrigin(request({ host: 'localhost:3000', origin: 'http://localhost:5174' }), web),
    ).toBe(false);
  });

  it('refuses another host, another port, an opaque origin and a malformed one', () => {
    const host = 'yard.example:3000';
    for (const origin of [
      'http://evil.example:3000',
      'http://yard.example:3001',
      'null',
      'file://',
      '::',
    ]) {
      expect(isAllowedOrigin(request({ host, origin }), null), origin).toBe(false);
    }
  });

  it('allows a handshake without an Origin header', () => {
    expect(isAllowedOrigin(request({ host: 'yard.example' }), null)).toBe(true);
  });
});

describe('ending a session', () => {
  it('disconnects a socket when its token runs out', async () => {
    const me = await signedIn();
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, me.user.id));
    const shortLived = await signSessionToken(
      t.ctx.jwtSecret,
      { userId: me.user.id, sessionId: session!.id },
      new Date(Date.now() + 2_000),
    );
    const socket = await connect(baseUrl, shortLived);
    expect(await nextDisconnect(socket, 5_000)).toBe('io server disconnect');
  });

  it('disconnects the sockets of a session that logs out, and only of that session', async () => {
    const user = await createUser(t.db);
    const first = await loginAs(t.app, user.email);
    const second = await loginAs(t.app, user.email);
    const firstSocket = await connect(baseUrl, first.token);
    const secondSocket = await connect(baseUrl, second.token);
    const gone = nextDisconnect(firstSocket);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: first.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(secondSocket.connected).toBe(true);
    const arrival = nextNotification(secondSocket);
    await notifyUser(t, user.id, 'Still here');
    expect((await arrival).message).toBe('Still here');
  });

  /** The reasons `session:ended` gave the socket, and its disconnection's. */
  const endOf = async (socket: ClientSocket, userId: number) => {
    // Once a notice reaches it, the socket is in its rooms (joined after the handshake).
    const arrival = nextNotification(socket);
    await notifyUser(t, userId, 'Joined');
    await arrival;
    const reasons: string[] = [];
    socket.on('session:ended', (reason) => reasons.push(reason));
    return { ended: nextDisconnect(socket).then((disconnect) => ({ reasons, disconnect })) };
  };

  it('tells every open screen of a deactivated user why, then disconnects it; a sign-out says nothing', async () => {
    const { admin, manager } = await seedActors(t.app, t.db);
    const other = await loginAs(t.app, manager.user.email);
    const ends = [
      await endOf(await connect(baseUrl, manager.token), manager.user.id),
      await endOf(await connect(baseUrl, other.token), manager.user.id),
    ];
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${manager.user.id}/toggle-status`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    for (const end of await Promise.all(ends.map(({ ended }) => ended))) {
      expect(end).toEqual({ reasons: ['deactivated'], disconnect: 'io server disconnect' });
    }

    const me = await signedIn();
    const signedOut = await endOf(await connect(baseUrl, me.token), me.user.id);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: me.headers });
    expect(await signedOut.ended).toEqual({ reasons: [], disconnect: 'io server disconnect' });
  });

  it('tells a deleted user’s open screens that the account was deleted', async () => {
    const { admin, manager } = await seedActors(t.app, t.db);
    const end = await endOf(await connect(baseUrl, manager.token), manager.user.id);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/remove/${manager.user.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await end.ended).toEqual({ reasons: ['deleted'], disconnect: 'io server disconnect' });
  });
});

describe('account changes', () => {
  /** Resolves once `account:changed` arrives, rejects when it does not within the time. */
  const nextAccountChange = (socket: ClientSocket, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no account:changed arrived')), timeoutMs);
      socket.once('account:changed', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  it('tells the user’s open sockets when an admin changes their permissions, and no other user', async () => {
    const { admin, manager } = await seedActors(t.app, t.db);
    const bystander = await signedIn();
    const managerSocket = await connect(baseUrl, manager.token);
    const bystanderSocket = await connect(baseUrl, bystander.token);
    let bystanderTold = false;
    bystanderSocket.on('account:changed', () => {
      bystanderTold = true;
    });

    const told = nextAccountChange(managerSocket);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${manager.user.id}/permissions`,
      headers: admin.headers,
      payload: { permissions: { manageInventory: true } },
    });
    expect(response.statusCode).toBe(200);
    await told;

    // The bystander's own change arrives after the manager's, so an earlier stray one would show.
    const own = nextAccountChange(bystanderSocket);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${bystander.user.id}/permissions`,
      headers: admin.headers,
      payload: { permissions: { viewUsers: true } },
    });
    expect(bystanderTold).toBe(false);
    await own;
  });

  it('tells the user when an admin changes their role or location through Edit User', async () => {
    const { admin, manager } = await seedActors(t.app, t.db);
    const elsewhere = await createLocation(t.db);
    const socket = await connect(baseUrl, manager.token);
    const told = nextAccountChange(socket);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/update/${manager.user.id}`,
      headers: admin.headers,
      payload: {
        name: manager.user.name,
        email: manager.user.email,
        role: 'USER',
        locationId: elsewhere.id,
        status: true,
      },
    });
    expect(response.statusCode).toBe(200);
    await told;
  });

  it('says nothing when the change is refused', async () => {
    const { manager } = await seedActors(t.app, t.db);
    const socket = await connect(baseUrl, manager.token);
    let told = false;
    socket.on('account:changed', () => {
      told = true;
    });
    // A field manager without Manage Users may not change anyone's flags (403).
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${manager.user.id}/permissions`,
      headers: manager.headers,
      payload: { permissions: { manageUsers: true } },
    });
    expect(refused.statusCode).toBe(403);
    // A notification pushed after the refusal arrives behind any event the refusal had sent.
    const arrival = nextNotification(socket);
    await notifyUser(t, manager.user.id, 'After the refusal');
    await arrival;
    expect(told).toBe(false);
  });
});

describe('records changed', () => {
  /** The topics of every `changed` the socket hears, in order. */
  const heard = (socket: ClientSocket) => {
    const events: LiveTopic[][] = [];
    socket.on('changed', (topics) => events.push(topics));
    return events;
  };
  const until = async (condition: () => boolean, timeoutMs = 10_000) => {
    const end = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > end) throw new Error('no such change was told');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('tells every open socket which kinds of records another user’s write changed, and nothing more', async () => {
    const { admin, manager } = await seedActors(t.app, t.db);
    const events = heard(await connect(baseUrl, manager.token));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/locations/create',
      headers: admin.headers,
      payload: {
        name: `Depot ${Date.now()}`,
        address: '1 Quarry Road',
        type: 'BMR_YARD',
        status: 'ACTIVE',
      },
    });
    expect(response.statusCode).toBe(201);
    await until(() => events.some((topics) => topics.includes('locations')));
    for (const topics of events) for (const topic of topics) expect(LIVE_TOPICS).toContain(topic);
  });

  it('tells nothing of a write that was rolled back', async () => {
    const me = await signedIn();
    const events = heard(await connect(baseUrl, me.token));
    // Notices of the earlier tests' writes may still be on their way; notices come in commit
    // order, so once a committed marker is heard only what is heard after it counts.
    const marker = sql`update company_profile set updated_at = updated_at where false`;
    await t.db.execute(marker);
    await until(() => events.some((topics) => topics.includes('company')));
    events.length = 0;
    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .insert(locations)
          .values({ name: `Gone ${Date.now()}`, address: '2 Quarry Road', type: 'FIELD' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed statement after it (a statement trigger fires whatever rows it wrote): its
    // notice comes after the other's would have.
    await t.db.execute(marker);
    await until(() => events.some((topics) => topics.includes('company')));
    expect(events.flat()).not.toContain('locations');
  });

  it('tells every kind of record at once when the notices may have been missed', async () => {
    const me = await signedIn();
    const events = heard(await connect(baseUrl, me.token));
    t.ctx.events.emit('tableChanged', null);
    await until(() => events.length > 0);
    expect([...events[0]!].sort()).toEqual([...LIVE_TOPICS].sort());
  });
});
