/**
 * The failover check's data (issue 54), run by scripts/failover-check.mjs through tsx before the
 * API processes start: the migrations on the PostgreSQL leader of DATABASE_URL, one admin, and
 * sessions of that admin signed in once (sign-in is throttled; the sessions are rows of the
 * database and the tokens are signed with JWT_SECRET, so every API process accepts them). Writes
 * `{ token, revoked: [token...] }` as JSON to the file named by its first argument. A small data
 * set: the check is about the writes made while the database fails over, not about the bench's.
 */
import fs from 'node:fs/promises';
import { ALL_PERMISSIONS } from '@stockyard/shared';
import { buildApp } from '../apps/api/src/app';
import { createContext } from '../apps/api/src/context';
import { createDatabase } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { users } from '../apps/api/src/db/schema';
import { hashPassword } from '../apps/api/src/lib/passwords';

const EMAIL = 'failover.admin@example.com';
const PASSWORD = 'Failover-admin-1';

async function main() {
  const out = process.argv[2];
  const url = process.env.DATABASE_URL;
  const secret = process.env.JWT_SECRET;
  if (!out || !url || !secret) throw new Error('usage: DATABASE_URL=… JWT_SECRET=… seed.ts OUT');
  const db = createDatabase(url, 2);
  try {
    await runMigrations(db);
    await db.insert(users).values({
      name: 'Failover Admin',
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      role: 'ADMIN',
      ...ALL_PERMISSIONS,
    });
    const api = await buildApp({ ctx: createContext(db, new TextEncoder().encode(secret)) });
    const signIn = async () => {
      const login = await api.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: EMAIL, password: PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
      return login.json().token as string;
    };
    const token = await signIn();
    const revoked = [await signIn(), await signIn()];
    await api.close();
    await fs.writeFile(out, JSON.stringify({ token, revoked }));
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
