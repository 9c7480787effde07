import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { KEEPALIVE_IDLE_MS } from '../lib/listen-connection';
import * as schema from './schema';

// numeric and bigint columns come back as numbers, as the API promises.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: repositories accept either. */
export type DbExecutor = Pick<
  Database,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query'
>;

export function createDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A server gone without a word (a firewall's silent drop) is found by the kernel's probes.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // A checked-out client (a transaction's) that loses its server also emits 'error', which would
  // end the process unheard; its query fails anyway, and the pool drops it when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return drizzle(pool, { schema, casing: 'snake_case' }) as Database;
}
