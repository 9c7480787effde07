import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './helpers';

export type Peer = { url: string; process: ChildProcess; stop: () => Promise<void> };

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'peer-process.ts');

/**
 * A second API process (test/peer-process.ts) on the test app's database and signing secret;
 * resolves once each instance has heard the other, so that broadcasts cross both ways.
 */
export async function startPeer(t: TestApp, env: Record<string, string> = {}): Promise<Peer> {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    cwd: path.dirname(script),
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      JWT_SECRET_BASE64: Buffer.from(t.ctx.jwtSecret).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the peer process exited with ${code}`)));
  });
  const deadline = Date.now() + 20_000;
  while ((await t.app.io.of('/').adapter.serverCount()) < 2) {
    if (Date.now() > deadline) throw new Error('this instance never heard the peer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
