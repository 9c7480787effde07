import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { terminateBackends } from '../../test/database-admin';
import { eventually } from '../../test/eventually';
import { createUser, loginAs, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { type Peer, startPeer } from '../../test/peer';
import {
  FIREFOX_ON_LINUX,
  nextDisconnect,
  nextNotification,
  notifyUser,
  socketClients,
} from '../../test/sockets';
import { ListenConnection, retryDelay } from '../lib/listen-connection';

let t: TestApp;
let baseUrl: string;
const { connect, closeAll } = socketClients();

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

describe('two API processes on one database', () => {
  let peer: Peer;
  let peerUrl: string;

  beforeAll(async () => {
    peer = await startPeer(t);
    peerUrl = peer.url;
  }, 60_000);

  afterAll(async () => {
    await peer?.stop();
  });

  it('delivers a notification created here to a socket connected to the other process', async () => {
    const me = await signedIn();
    const socket = await connect(peerUrl, me.token);
    const arrival = nextNotification(socket);
    await notifyUser(t, me.user.id, 'Scaffold tube was added');
    expect(await arrival).toMatchObject({
      type: 'NEW_MATERIAL',
      message: 'Scaffold tube was added',
    });
  });

  it('delivers a notification created by the other process to a socket connected here', async () => {
    const me = await signedIn();
    const socket = await connect(baseUrl, me.token);
    const arrival = nextNotification(socket);
    const response = await fetch(`${peerUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': FIREFOX_ON_LINUX,
      },
      body: JSON.stringify({ email: me.user.email, password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(await arrival).toMatchObject({
      type: 'LOGIN',
      message: expect.stringMatching(
        /^New sign-in from Firefox on Linux \(127\.0\.0\.1\) at \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}$/,
      ),
    });
  });

  it('disconnects a socket on one process when its session logs out through the other', async () => {
    const me = await signedIn();
    const socket = await connect(peerUrl, me.token);
    const gone = nextDisconnect(socket);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: me.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

type LogEntry = { level: string; message: string; data: Record<string, unknown> };

/** A logger that keeps what it is told, to check what an operator would read. */
function recordingLog() {
  const entries: LogEntry[] = [];
  const at = (level: string) => (data: Record<string, unknown>, message: string) =>
    entries.push({ level, message, data });
  const log = {
    level: 'debug',
    ...Object.fromEntries(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace'].map((l) => [l, at(l)]),
    ),
    silent: () => undefined,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, entries };
}

describe('the adapter’s LISTEN connection', () => {
  it('LISTENs again after losing its connection, logging the loss at warn and the recovery at info', async () => {
    const { log, entries } = recordingLog();
    const listener = new ListenConnection(
      { connectionString: t.databaseUrl },
      log,
      'socket adapter',
    );
    const channel = `loss_${randomBytes(4).toString('hex')}`;
    try {
      await listener.query(`LISTEN "${channel}"`);
      expect(await terminateBackends(t.databaseUrl, `LISTEN "${channel}"`)).toBe(1);

      const heard = new Promise<Notification>((resolve) => listener.on('notification', resolve));
      // What is sent before it LISTENs again is not heard: send until something is.
      const notification = await eventually(async () => {
        await t.db.execute(sql`select pg_notify(${channel}, 'after the loss')`);
        const heardYet = await Promise.race([heard, sleep(100, undefined)]);
        if (!heardYet) throw new Error('the notice sent after the loss was not heard yet');
        return heardYet;
      });
      expect(notification.payload).toBe('after the loss');
      expect(entries.map(({ level, message }) => [level, message])).toEqual([
        ['warn', 'socket adapter: LISTEN connection lost, reconnecting'],
        ['info', 'socket adapter: listening again'],
      ]);
    } finally {
      listener.close();
    }
  });

  it('waits twice as long before each new attempt, from a quarter second up to five seconds', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const ceiling = Math.min(5_000, 250 * 2 ** attempt);
      const delay = retryDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it('keeps retrying a database that refuses it, and stops once closed', async () => {
    const { log, entries } = recordingLog();
    const listener = new ListenConnection(
      { connectionString: 'postgres://nobody@127.0.0.1:1/none' },
      log,
      'socket adapter',
    );
    let listening = false;
    void listener.query('LISTEN "nowhere"').then(() => {
      listening = true;
    });
    await eventually(() => expect(entries.length).toBeGreaterThanOrEqual(3));
    listener.close();
    const attempts = entries.length;
    expect(entries.every((entry) => entry.level === 'warn')).toBe(true);
    expect(entries.map((entry) => entry.data.delayMs as number)).toEqual(
      entries.map((_, attempt) =>
        expect.toSatisfy((delay: number) => {
          const ceiling = Math.min(5_000, 250 * 2 ** attempt);
          return delay >= ceiling / 2 && delay <= ceiling;
        }),
      ),
    );
    await sleep(1_500);
    expect(entries).toHaveLength(attempts);
    expect(listening).toBe(false);
  });
});
