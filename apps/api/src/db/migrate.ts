import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { Database } from './client';

/** The committed SQL migrations sit beside this module: in src/db, and copied into dist by the build. */
const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Runs pending migrations in one transaction, one process at a time. */
export async function runMigrations(db: Database): Promise<void> {
  // The lock is held on its own connection, so that a pool of any size can run the migrations.
  const client = new pg.Client(db.$client.options);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.single.migrations]);
    await restampAppliedMigrations(client, MIGRATIONS_FOLDER);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Gives each applied migration, found by its hash, its journal entry's current time. drizzle
 * applies only migrations dated after the last applied one, and 0025 was once dated ahead of 0026
 * to 0035, so databases that had it skipped them; restamped, the last applied dates what is left.
 */
async function restampAppliedMigrations(client: pg.Client, folder: string): Promise<void> {
  const found = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (found.rows[0]?.name === null) return;
  for (const migration of readMigrationFiles({ migrationsFolder: folder })) {
    await client.query(
      'update drizzle.__drizzle_migrations set created_at = $2 where hash = $1 and created_at is distinct from $2',
      [migration.hash, migration.folderMillis],
    );
  }
}

/** Creates the application's database on a server when it is missing (the embedded server starts with none). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
