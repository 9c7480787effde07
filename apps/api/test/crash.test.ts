import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processAlive, readPostmaster, stopOrphanedServer } from '../src/db/embedded-owner';
import { freePort, type ServerProcess, startServer, untilRunning, waitFor } from './server-process';

const ADMIN_PASSWORD = 'Crash-test-admin-1';
const WRITERS = 4;
const ACKNOWLEDGED_BEFORE_KILL = 40;

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  // A failed run leaves nothing behind: neither the app nor a database it left running.
  for (const server of servers) server.child.kill('SIGKILL');
  for (const dir of dataDirs) {
    const postmaster = await readPostmaster(path.join(dir, 'postgres'));
    if (postmaster) await stopOrphanedServer(postmaster.pid, 10_000);
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
