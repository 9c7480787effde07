import pg from 'pg';
import { inject } from 'vitest';
import { listenApplicationName } from '../src/lib/listen-connection';

/** Rows of one statement run as the server's administrator, outside every test database. */
async function adminRows<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Cuts the connections to one database whose last statement was `query` (every connection
 * when left out), as a restart or failover of the server does; returns how many were cut.
 */
export async function terminateBackends(databaseUrl: string, query?: string): Promise<number> {
  const rows = await adminRows(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid() and ($2::text is null or query = $2)`,
    [new URL(databaseUrl).pathname.slice(1), query ?? null],
  );
  return rows.length;
}

/** The backends of one database that LISTEN for `name` (a ListenConnection's), with their state. */
export async function listenBackends(databaseUrl: string, name: string) {
  return adminRows<{ pid: number; state: string }>(
    `select pid, state from pg_stat_activity
     where datname = $1 and application_name = $2 order by backend_start`,
    [new URL(databaseUrl).pathname.slice(1), listenApplicationName(name)],
  );
}

/** Cuts the LISTEN connections for `name`, as a restart of the server does; returns how many. */
export async function terminateListenBackends(databaseUrl: string, name: string): Promise<number> {
  const rows = await adminRows(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where datname = $1 and application_name = $2`,
    [new URL(databaseUrl).pathname.slice(1), listenApplicationName(name)],
  );
  return rows.length;
}
