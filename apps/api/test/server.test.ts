import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, untilRunning } from './server-process';

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('npm start on the embedded database', () => {
  it('prints the first admin once, refuses a second start on the same data, stops cleanly and restarts with its data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-start-'));
    dataDirs.push(dataDir);
    const port = await freePort();

    const first = startServer(dataDir, port);
    await untilRunning(first);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    // The sign-in comes last, framed, under the running line, and says where to change it.
    const afterRunning = first.output().slice(first.output().indexOf('Stockyard is running'));
    expect(afterRunning).toMatch(/│ {3}email: {4}admin@stockyard\.local +│/);
    expect(afterRunning).toMatch(/│ {3}password: \S{12,} +│/);
    expect(afterRunning).toContain('Settings > Security Settings > Change Password');
    expect(first.output().indexOf('password:')).toBeGreaterThan(
      first.output().indexOf('Stockyard is running'),
    );

    const second = startServer(dataDir, await freePort());
    const secondCode = await second.exited;
    expect(secondCode).toBe(1);
    expect(second.output()).toContain('is in use');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const pidFile = await fs
      .readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
      .catch(() => null);
    expect(pidFile).toBeNull();
    const secret = await fs.stat(path.join(dataDir, 'jwt-secret'));
    expect(secret.mode & 0o777).toBe(0o600);

    const restarted = startServer(dataDir, port);
    await untilRunning(restarted);
    expect(restarted.output()).not.toContain('password:');
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
  }, 180_000);
});
