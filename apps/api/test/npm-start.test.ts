import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { processAlive, readPostmaster, stopPostmaster } from '../src/db/embedded-owner';
import { freePort, type ServerProcess, untilRunning, within } from './server-process';

const root = path.resolve(import.meta.dirname, '../../..');
const apiRoot = path.join(root, 'apps/api');
/** The app asked to stop is gone within this, its database with it (as crash.test.ts allows). */
const STOP_WITHIN_MS = 30_000;

const dirs: string[] = [];
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) server.child.kill('SIGKILL');
  for (const dir of dirs) {
    // A server npm left running (the failure this test is about) goes too: its pid is in app.pid.
    const app = Number(await fs.readFile(path.join(dir, 'app.pid'), 'utf8').catch(() => ''));
    if (app > 0 && (await processAlive(app))) process.kill(app, 'SIGKILL');
    const postmaster = await readPostmaster(path.join(dir, 'postgres'));
    if (postmaster) await stopPostmaster(postmaster.pid, 10_000);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

/**
 * `npm start` as a person runs it: npm runs the root package.json's own start script, word for
 * word, through its shell. Its scripts/start.mjs is stood in for by one that runs the server from
 * source in its own process, as the real one runs the built server once the build is current (so
 * the test needs no build, and builds nothing).
 */
async function npmStart(dir: string, dataDir: string, port: number): Promise<ServerProcess> {
  const rootPackage = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'));
  const script: string = rootPackage.scripts.start;
  expect(script).toContain('node scripts/start.mjs');
  await fs.mkdir(path.join(dir, 'scripts'));
  await fs.writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'npm-start-test', private: true, scripts: { start: script } }),
  );
  const tsx = import.meta.resolve('tsx/esm/api');
  const server = pathToFileURL(path.join(apiRoot, 'src/server.ts')).href;
  await fs.writeFile(
    path.join(dir, 'scripts/start.mjs'),
    [
      `import { register } from ${JSON.stringify(tsx)};`,
      'register();',
      `process.chdir(${JSON.stringify(apiRoot)});`,
      `await import(${JSON.stringify(server)});`,
    ].join('\n'),
  );
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Npm-start-admin-1',
    },
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const npm = { child, output: () => output, exited };
  started.push(npm);
  return npm;
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.runIf(process.platform !== 'win32')('npm start', () => {
  it('kill -TERM of the npm process stops the server and its PostgreSQL', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-npm-start-'));
    // A directory of its own: as root, PostgreSQL's own user must reach it.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-npm-start-data-'));
    dirs.push(dir, dataDir);
    const port = await freePort();
    const npm = await npmStart(dir, dataDir, port);
    await untilRunning(npm);
    const postmaster = await readPostmaster(path.join(dataDir, 'postgres'));
    expect(postmaster).not.toBeNull();
    expect(await processAlive(postmaster!.pid)).toBe(true);
    expect(await listening(port)).toBe(true);

    // The signal a supervisor or `kill` sends to the process it started: npm's own.
    npm.child.kill('SIGTERM');
    await within(npm.exited, STOP_WITHIN_MS, 'npm did not exit after SIGTERM');
    // What it ran stops with it: the server's port closes and its PostgreSQL is gone, stopped
    // cleanly (its postmaster.pid removed), not left running for the next start to find.
    let closed = false;
    let gone = false;
    const deadline = Date.now() + STOP_WITHIN_MS;
    while (Date.now() < deadline && !(closed && gone)) {
      closed = !(await listening(port));
      gone = !(await processAlive(postmaster!.pid));
      if (!(closed && gone)) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect({ closed, gone }, npm.output()).toEqual({ closed: true, gone: true });
    expect(await readPostmaster(path.join(dataDir, 'postgres'))).toBeNull();
  }, 150_000);
});
