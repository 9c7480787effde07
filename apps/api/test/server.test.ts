import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(dataDir: string, port: number): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

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
    await waitFor(() => first.output().includes('Stockyard is running'), 90_000);
    expect(first.output()).toMatch(/password: \S{12,}/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

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
    await waitFor(() => restarted.output().includes('Stockyard is running'), 90_000);
    expect(restarted.output()).not.toContain('password:');
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
  }, 180_000);
});
