import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@stockyard/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedServer, startEmbeddedPostgres } from '../src/db/embedded';
import { processAlive, readPostmaster, stopPostmaster } from '../src/db/embedded-owner';
import { ensureDatabase } from '../src/db/migrate';
import {
  freePort,
  type ServerProcess,
  startServer,
  untilRunning,
  waitFor,
  within,
} from './server-process';

const ADMIN_PASSWORD = 'Crash-test-admin-1';
const WRITERS = 4;
const ACKNOWLEDGED_BEFORE_KILL = 40;
/** A request through an outage is answered (201 or 503) within this, never left waiting. */
const ANSWER_WITHIN_MS = 20_000;
/** An app asked to stop (SIGINT) is gone within this, its database with it. */
const STOP_WITHIN_MS = 30_000;

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
const databases: EmbeddedServer[] = [];
afterAll(async () => {
  // A failed run leaves nothing behind: neither the app nor a database it left running.
  for (const server of servers) server.child.kill('SIGKILL');
  for (const database of databases) await database.stop().catch(() => undefined);
  for (const dir of dataDirs) {
    const postmaster = await readPostmaster(path.join(dir, 'postgres'));
    if (postmaster) await stopPostmaster(postmaster.pid, 10_000);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

async function signIn(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@stockyard.local', password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

type Written = { id: number; name: string };

/** The answers of the writes while the database was away, by status, with one body of each. */
type Refusals = Map<number, unknown>;

/**
 * Creates locations one after another until told to stop, through an outage of the database:
 * keeps the 201s, and the first body of every other status.
 */
async function writeThroughOutage(
  base: string,
  headers: Record<string, string>,
  writer: number,
  acknowledged: Written[],
  refusals: Refusals,
  stopped: () => boolean,
): Promise<void> {
  for (let i = 0; !stopped(); i++) {
    const name = `Outage ${writer}-${i}`;
    const response = await within(
      fetch(`${base}/api/locations/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, address: 'Yard road 1', type: 'FIELD', status: 'ACTIVE' }),
      }),
      ANSWER_WITHIN_MS,
      `the write "${name}" got no answer`,
    );
    const body = (await response.json()) as { data: { id: number } };
    if (response.status === 201) acknowledged.push({ id: body.data.id, name });
    else if (!refusals.has(response.status)) refusals.set(response.status, body);
    // A refused write is tried again a little later, as a person would.
    if (response.status !== 201) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Health's answers, every 50 ms, until it answers 200 (after a 503 when `throughOutage`: the
 * outage has begun and ended).
 */
async function untilHealthy(base: string, timeoutMs: number, throughOutage: boolean) {
  const statuses: number[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { status } = await fetch(`${base}/api/health`);
    statuses.push(status);
    if (status === 200 && (!throughOutage || statuses.includes(503))) {
      return statuses;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`health did not come back: ${statuses.join(' ')}`);
}

/** Every acknowledged write, read back by id. */
async function missingOf(base: string, headers: Record<string, string>, acknowledged: Written[]) {
  const missing: Written[] = [];
  for (const written of acknowledged) {
    const response = await fetch(`${base}/api/locations/${written.id}`, { headers });
    const body = (await response.json()) as { data?: { name: string } };
    if (response.status !== 200 || body.data?.name !== written.name) missing.push(written);
  }
  return missing;
}

const UNAVAILABLE = { success: false, message: MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' };

/** Creates locations one after another until the server stops answering; keeps the 201s. */
async function writeUntilKilled(
  base: string,
  headers: Record<string, string>,
  writer: number,
  acknowledged: Written[],
): Promise<void> {
  for (let i = 0; ; i++) {
    const name = `Crash ${writer}-${i}`;
    try {
      const response = await fetch(`${base}/api/locations/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, address: 'Yard road 1', type: 'FIELD', status: 'ACTIVE' }),
      });
      const body = (await response.json()) as { data: { id: number } };
      if (response.status === 201) acknowledged.push({ id: body.data.id, name });
    } catch {
      return; // The connection went with the process.
    }
  }
}

describe.runIf(process.platform === 'linux')('kill -9 of the app in the middle of writes', () => {
  it('starts again on the same data, stopping the orphaned database, with every acknowledged write present', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-crash-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ADMIN_PASSWORD };

    const first = startServer(dataDir, port, env);
    servers.push(first);
    await untilRunning(first);
    const headers = await signIn(base);
    const acknowledged: Written[] = [];
    const writers = Array.from({ length: WRITERS }, (_, writer) =>
      writeUntilKilled(base, headers, writer, acknowledged),
    );
    await waitFor(() => acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL, 30_000);
    const postmaster = await readPostmaster(path.join(dataDir, 'postgres'));
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(writers);
    // The app is gone and its database left running: the case a plain restart used to refuse.
    expect(postmaster).not.toBeNull();
    expect(await processAlive(postmaster!.pid)).toBe(true);

    const second = startServer(dataDir, port, env);
    servers.push(second);
    await untilRunning(second);
    expect(second.output()).toContain(`Stopping the PostgreSQL server (pid ${postmaster!.pid})`);
    expect(await processAlive(postmaster!.pid)).toBe(false);

    const again = await signIn(base);
    const missing: Written[] = [];
    for (const written of acknowledged) {
      const response = await fetch(`${base}/api/locations/${written.id}`, { headers: again });
      const body = (await response.json()) as { data?: { name: string } };
      if (response.status !== 200 || body.data?.name !== written.name) missing.push(written);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    expect(missing).toEqual([]);

    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 180_000);
});

describe.runIf(process.platform === 'linux')('the database going away under a running app', () => {
  it('kill -9 of its embedded PostgreSQL in the middle of writes: started again without a person, 503 meanwhile, nothing acknowledged lost', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-crash-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const app = startServer(dataDir, port, { ADMIN_PASSWORD });
    servers.push(app);
    await untilRunning(app);
    const headers = await signIn(base);

    const acknowledged: Written[] = [];
    const refusals: Refusals = new Map();
    let stopped = false;
    const writers = Array.from({ length: WRITERS }, (_, writer) =>
      writeThroughOutage(base, headers, writer, acknowledged, refusals, () => stopped),
    );
    await waitFor(() => acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL, 30_000);
    const killed = (await readPostmaster(path.join(dataDir, 'postgres')))!;
    process.kill(killed.pid, 'SIGKILL');
    const statuses = await untilHealthy(base, 60_000, true);
    const acknowledgedWhenUp = acknowledged.length;
    // Writes are acknowledged again, by the same app.
    await waitFor(() => acknowledged.length >= acknowledgedWhenUp + 20, 30_000);
    stopped = true;
    await Promise.all(writers);

    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    // Meanwhile writes were refused with 503 and the envelope, never a 500.
    expect([...refusals.keys()]).toEqual([503]);
    expect(refusals.get(503)).toEqual(UNAVAILABLE);
    expect(app.child.exitCode).toBeNull();
    const restarted = (await readPostmaster(path.join(dataDir, 'postgres')))!;
    expect(restarted.pid).not.toBe(killed.pid);
    expect(await processAlive(restarted.pid)).toBe(true);
    expect(app.output()).toContain(
      `The PostgreSQL server (pid ${killed.pid}) stopped unexpectedly (SIGKILL)`,
    );
    expect(app.output()).toContain('PostgreSQL is running again');

    expect(await missingOf(base, headers, acknowledged)).toEqual([]);
    // And it still stops cleanly, its restarted server with it: no connection of its pool is left
    // checked out by a transaction whose BEGIN met the dead server (db/client.ts).
    app.child.kill('SIGINT');
    expect(await within(app.exited, STOP_WITHIN_MS, 'the app did not stop after SIGINT')).toBe(0);
    expect(await processAlive(restarted.pid)).toBe(false);
    // Longer than its own waits added up (start 90 s, 30, 60, 30 and 30 s), so that a stuck step fails
    // with its own message, not the test's timeout (a clean-clone run on a busy machine took 180 s).
  }, 300_000);

  it('a DATABASE_URL server stopped and started again: 503 meanwhile, served again once it is back', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-outage-'));
    dataDirs.push(dataDir);
    // A directory of its own: the server's user must reach it, and not the app's data.
    const serverDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-own-server-'));
    dataDirs.push(serverDir);
    let database = await startEmbeddedPostgres(serverDir);
    databases.push(database);
    const databaseUrl = await ensureDatabase(database.url, 'stockyard');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const app = startServer(dataDir, port, { ADMIN_PASSWORD, DATABASE_URL: databaseUrl });
    servers.push(app);
    await untilRunning(app);
    const headers = await signIn(base);

    await database.stop();
    const downAt = Date.now();
    // Down for a few seconds: every health check and every call says 503.
    const whileDown: number[] = [];
    while (Date.now() - downAt < 3_000) {
      whileDown.push((await fetch(`${base}/api/health`)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(new Set(whileDown)).toEqual(new Set([503]));
    const refused = await fetch(`${base}/api/locations/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Down Yard',
        address: 'Yard road 1',
        type: 'FIELD',
        status: 'ACTIVE',
      }),
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual(UNAVAILABLE);

    database = await startEmbeddedPostgres(serverDir, undefined, undefined, {
      port: Number(new URL(database.url).port),
    });
    databases.push(database);
    const statuses = await untilHealthy(base, 30_000, false);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const created = await fetch(`${base}/api/locations/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Back Yard',
        address: 'Yard road 1',
        type: 'FIELD',
        status: 'ACTIVE',
      }),
    });
    expect(created.status).toBe(201);
    expect(app.child.exitCode).toBeNull();

    app.child.kill('SIGINT');
    expect(await app.exited).toBe(0);
  }, 180_000);
});
