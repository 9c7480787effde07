/**
 * The benchmark's server side, run by scripts/bench.mjs through tsx: an embedded PostgreSQL in a
 * temporary directory with the large data set, the API as `npm start` builds it, and a bare
 * Fastify route beside it in this same process. It signs the bench's people in once (sign-in is
 * throttled, and a session is what people hold all day), reports its URLs, the sessions and what
 * the scenarios ask for over IPC, and stops on 'stop'.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { createContext } from '../apps/api/src/context';
import { createDatabase } from '../apps/api/src/db/client';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded';
import { ensureDatabase, runMigrations } from '../apps/api/src/db/migrate';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { DATASET, invoiceSample, SEARCH_WORDS, seedDataset } from './seed';
import { workingDaySample } from './seed-day';
import { DATASET_STAFF, STAFF_SEARCH_WORDS } from './seed-staff';

export const BENCH_PASSWORD = 'Bench-admin-1';

function send(message: unknown) {
  process.send?.(message);
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-bench-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  const url = await ensureDatabase(embedded.url, 'stockyard_bench');
  const db = createDatabase(url, Number(process.env.BENCH_POOL ?? 10));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.allSettled([api?.close(), bare?.close()]);
    await db.$client.end().catch(() => undefined);
    await embedded.stop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  let api: Awaited<ReturnType<typeof buildApp>> | undefined;
  let bare: ReturnType<typeof Fastify> | undefined;
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());

  try {
    await runMigrations(db);
    const started = Date.now();
    const client = await db.$client.connect();
    const counts = await seedDataset(client, await hashPassword(BENCH_PASSWORD));
    const invoices = await invoiceSample(client);
    const day = await workingDaySample(client);
    client.release();
    const seedSeconds = (Date.now() - started) / 1000;

    api = await buildApp({ ctx: createContext(db, new TextEncoder().encode('b'.repeat(48))) });
    await api.listen({ port: 0, host: '127.0.0.1' });
    bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ hello: 'world' }));
    await bare.listen({ port: 0, host: '127.0.0.1' });

    const address = (server: { server: { address(): unknown } }) => {
      const info = server.server.address() as { port: number };
      return `http://127.0.0.1:${info.port}`;
    };
    // One after another, as people arrive: parallel sign-ins would only queue on the throttle's locks.
    const signIn = async (email: string) => {
      const login = await api!.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: BENCH_PASSWORD },
      });
      if (login.statusCode !== 200)
        throw new Error(`bench login of ${email} failed: ${login.body}`);
      return login.json().token as string;
    };
    const token = await signIn('bench.admin@example.com');
    const signedIn = async (people: { email: string; locationId: number }[]) => {
      const sessions = [];
      for (const person of people) sessions.push({ ...person, token: await signIn(person.email) });
      return sessions;
    };
    send({
      type: 'ready',
      apiUrl: address(api),
      bareUrl: address(bare),
      token,
      dataset: { ...DATASET, staff: DATASET_STAFF.staff, ...counts, seedSeconds },
      day: {
        admins: await signedIn(day.admins),
        managers: await signedIn(day.managers),
        yards: day.yards,
      },
      sample: {
        invoices,
        words: { ...SEARCH_WORDS, staff: STAFF_SEARCH_WORDS },
      },
    });
  } catch (error) {
    console.error(error);
    send({ type: 'error', message: String(error) });
    await stop();
  }
}

void main();
