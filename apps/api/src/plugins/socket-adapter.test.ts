import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import {
  FIREFOX_ON_LINUX,
  nextDisconnect,
  nextNotification,
  notifyUser,
  socketClients,
} from '../../test/sockets';

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
  let peer: ChildProcess;
  let peerUrl: string;

  beforeAll(async () => {
    const script = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../test/peer-process.ts',
    );
    peer = fork(script, [], {
      execArgv: ['--import', 'tsx'],
      cwd: path.dirname(script),
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        JWT_SECRET_BASE64: Buffer.from(t.ctx.jwtSecret).toString('base64'),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      peer.once('message', (message) => resolve((message as { port: number }).port));
      peer.once('exit', (code) => reject(new Error(`the peer process exited with ${code}`)));
    });
    peerUrl = `http://127.0.0.1:${port}`;
    // This instance must also have heard the peer before messages can cross in both directions.
    const deadline = Date.now() + 20_000;
    while ((await t.app.io.of('/').adapter.serverCount()) < 2) {
      if (Date.now() > deadline) throw new Error('this instance never heard the peer');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (peer.exitCode !== null) return;
    const exited = new Promise((resolve) => peer.once('exit', resolve));
    peer.kill('SIGTERM');
    await exited;
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
      message: 'New sign-in from Firefox on Linux (127.0.0.1)',
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
