/**
 * The cluster check's data (issue 34), run by scripts/cluster-check.mjs through tsx before the API
 * processes start: the migrations and the bench's large data set (bench/seed*.ts) on the
 * PostgreSQL server of DATABASE_URL, then the working day's people signed in once, as the bench
 * does (sign-in is throttled; a session is what people hold all day). The sessions are rows of the
 * database and the tokens are signed with JWT_SECRET, so every API process of the cluster accepts
 * them. Writes what the working day needs, as JSON, to the file named by its first argument.
 */
import fs from 'node:fs/promises';
import { buildApp } from '../apps/api/src/app';
import { createContext } from '../apps/api/src/context';
import { createDatabase } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { DATASET, invoiceSample, SEARCH_WORDS, seedDataset } from '../bench/seed';
import { workingDaySample } from '../bench/seed-day';
import { DATASET_STAFF, STAFF_SEARCH_WORDS } from '../bench/seed-staff';

/** bench/server.ts's BENCH_PASSWORD (importing that module would start the bench's server). */
const BENCH_PASSWORD = 'Bench-admin-1';

async function main() {
  const out = process.argv[2];
  const url = process.env.DATABASE_URL;
  const secret = process.env.JWT_SECRET;
  if (!out || !url || !secret) throw new Error('usage: DATABASE_URL=… JWT_SECRET=… seed.ts OUT');
  const db = createDatabase(url, 4);
  try {
    await runMigrations(db);
    const started = Date.now();
    const client = await db.$client.connect();
    const counts = await seedDataset(client, await hashPassword(BENCH_PASSWORD));
    const invoices = await invoiceSample(client);
    const day = await workingDaySample(client);
    // The planner's statistics of the new tables, as autovacuum would gather them soon after.
    await client.query('analyze');
    client.release();
    const seedSeconds = (Date.now() - started) / 1000;

    const api = await buildApp({ ctx: createContext(db, new TextEncoder().encode(secret)) });
    const signIn = async (email: string) => {
      const login = await api.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: BENCH_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`login of ${email} failed: ${login.body}`);
      return login.json().token as string;
    };
    const signedIn = async (people: { email: string; locationId: number }[]) => {
      const sessions = [];
      for (const person of people) sessions.push({ ...person, token: await signIn(person.email) });
      return sessions;
    };
    const admins = await signedIn(day.admins);
    const managers = await signedIn(day.managers);
    // The live checks' own people, apart from the day's: an admin who is told of new requests,
    // a field manager who makes them, and sessions of another manager to revoke one by one.
    const probe = {
      admin: { email: 'bench.admin@example.com', token: await signIn('bench.admin@example.com') },
      requester: (await signedIn(day.managers.slice(0, 1)))[0],
      revoked: await signedIn([day.managers[1]!, day.managers[1]!, day.managers[1]!]),
    };
    await api.close();
    const info = {
      dataset: { ...DATASET, staff: DATASET_STAFF.staff, ...counts, seedSeconds },
      day: { admins, managers, yards: day.yards },
      sample: { invoices, words: { ...SEARCH_WORDS, staff: STAFF_SEARCH_WORDS } },
      probe,
    };
    await fs.writeFile(out, JSON.stringify(info));
  } finally {
    await db.$client.end().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
