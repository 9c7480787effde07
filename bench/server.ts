/**
 * The benchmark's server side, run by scripts/bench.mjs through tsx: an embedded PostgreSQL in a
 * temporary directory with the large data set, the API as `npm start` builds it, and a bare
 * Fastify route beside it in this same process. It reports its URLs over IPC and stops on 'stop'.
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
import { DATASET, invoiceSample, rentalSample, seedDataset } from './seed';

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
    const rentals = await rentalSample(client);
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
    const login = await api.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench.admin@example.com', password: BENCH_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
    const sample = await db.$client.query(
      `select (select id from materials where location_id = 17 order by id desc limit 1) as "materialId"`,
    );
    send({
      type: 'ready',
      apiUrl: address(api),
      bareUrl: address(bare),
      token: login.json().token,
      dataset: { ...DATASET, ...counts, seedSeconds },
      sample: { locationId: 17, materialId: sample.rows[0].materialId, invoices, rentals },
    });
  } catch (error) {
    console.error(error);
    send({ type: 'error', message: String(error) });
    await stop();
  }
}

void main();
