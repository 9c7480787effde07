import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NotificationItem } from '@stockyard/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenBackends, terminateBackends } from '../../test/database-admin';
import { eventually } from '../../test/eventually';
import { createUser, loginAs, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { type Peer, startPeer } from '../../test/peer';
import { type ClientSocket, FIREFOX_ON_LINUX, notifyUser, socketClients } from '../../test/sockets';

let t: TestApp;
let baseUrl: string;
let peer: Peer;
const { connect, closeAll } = socketClients();
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  // A client 'error' nobody listens to surfaces here; the test fails on it instead of the worker dying.
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  peer = await startPeer(t);
}, 60_000);
afterEach(closeAll);
afterAll(async () => {
  await peer?.stop();
  await t?.close();
  process.off('uncaughtException', recordCrash);
  process.off('unhandledRejection', recordCrash);
});

/** The adapters' LISTEN connections to the database, of both processes. */
async function adapterListeners(): Promise<number> {
  return (await listenBackends(t.databaseUrl, 'socket adapter')).length;
}

/** What a restart or failover of the database server does to every process: all connections cut. */
const terminateEveryBackend = () => terminateBackends(t.databaseUrl);

async function answers(url: string, path: string, headers: Record<string, string> = {}) {
  return (await fetch(`${url}${path}`, { headers })).status;
}

/** Until both processes LISTEN again, each on one connection (two would deliver twice). */
async function untilBothListenAgain() {
  await eventually(async () => expect(await adapterListeners()).toBe(2), 10_000);
}

function nextNotificationWhere(
  socket: ClientSocket,
  matches: (notification: NotificationItem) => boolean,
  timeoutMs = 5_000,
) {
  return new Promise<NotificationItem>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('notification', listener);
      reject(new Error('no notification arrived'));
    }, timeoutMs);
    const listener = (notification: NotificationItem) => {
      if (!matches(notification)) return;
      clearTimeout(timer);
      socket.off('notification', listener);
      resolve(notification);
    };
    socket.on('notification', listener);
  });
}

async function signedIn() {
  const user = await createUser(t.db);
  return { user, ...(await loginAs(t.app, user.email)) };
}

async function expectLiveEventsBothWays(me: Awaited<ReturnType<typeof signedIn>>) {
  const here = await connect(baseUrl, me.token);
  const there = await connect(peer.url, me.token);

  const message = `Scaffold tube ${randomUUID()}`;
  const onPeer = nextNotificationWhere(there, (n) => n.message === message);
  const onThis = nextNotificationWhere(here, (n) => n.message === message);
  await notifyUser(t, me.user.id, message);
  expect((await onPeer).type).toBe('NEW_MATERIAL');
  expect((await onThis).type).toBe('NEW_MATERIAL');

  const login = nextNotificationWhere(here, (n) => n.type === 'LOGIN');
  const response = await fetch(`${peer.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': FIREFOX_ON_LINUX },
    body: JSON.stringify({ email: me.user.email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  expect((await login).message).toEqual(
    expect.stringMatching(
      /^New sign-in from Firefox on Linux \(127\.0\.0\.1\) at \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}$/,
    ),
  );
}

describe('losing every database connection', () => {
  it('keeps both processes running, answering, and pushing live events to sockets already open', async () => {
    const me = await signedIn();
    const here = await connect(baseUrl, me.token);
    const there = await connect(peer.url, me.token);
    expect(await adapterListeners()).toBe(2);

    expect(await terminateEveryBackend()).toBeGreaterThanOrEqual(2);

    for (const url of [baseUrl, peer.url]) {
      await eventually(async () => expect(await answers(url, '/api/health')).toBe(200));
      await eventually(async () =>
        expect(await answers(url, '/api/auth/profile', me.headers)).toBe(200),
      );
    }
    await untilBothListenAgain();

    // A notification created after the loss reaches the sockets opened before it, on both processes.
    const message = `Pallet jack ${randomUUID()}`;
    const copies = { here: 0, there: 0 };
    here.on('notification', (n) => n.message === message && copies.here++);
    there.on('notification', (n) => n.message === message && copies.there++);
    const onPeer = nextNotificationWhere(there, (n) => n.message === message);
    const onThis = nextNotificationWhere(here, (n) => n.message === message);
    await notifyUser(t, me.user.id, message);
    expect(await onPeer).toMatchObject({ type: 'NEW_MATERIAL', message });
    expect(await onThis).toMatchObject({ type: 'NEW_MATERIAL', message });
    // A second listener left behind by the reconnection would push it twice.
    await sleep(500);
    expect(copies).toEqual({ here: 1, there: 1 });
    expect(here.connected && there.connected).toBe(true);

    expect(crashes).toEqual([]);
    expect(peer.process.exitCode).toBeNull();
  });

  it('recovers each time when the connections are cut again and again', async () => {
    // More rounds than the adapter's pool has connections: a lost listener must give its slot back.
    for (let round = 0; round < 5; round++) {
      await terminateEveryBackend();
      await untilBothListenAgain();
    }
    const me = await eventually(() => signedIn());
    await expectLiveEventsBothWays(me);

    expect(crashes).toEqual([]);
    expect(peer.process.exitCode).toBeNull();
  });
});
