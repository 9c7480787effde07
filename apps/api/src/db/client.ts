import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { serverTimeZone } from '../config';
import { KEEPALIVE_IDLE_MS } from './keepalive';
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

/**
 * The longest a query waits for a connection of the pool (a free slot, or a new connection to a
 * server that does not answer): past it the request fails as "database unavailable" (503), so
 * that no request can wait forever.
 */
const POOL_CHECKOUT_TIMEOUT_MS = 60_000;

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/**
 * Null when the database knows the time zone its connections are given (`stockyard.time_zone`),
 * else what is wrong: every rental written would fail on a zone it does not know, so the server
 * does not start (server.ts).
 */
export async function unknownTimeZone(connection: pg.Pool | pg.Client): Promise<string | null> {
  try {
    await connection.query(`select now() at time zone current_setting('stockyard.time_zone')`);
    return null;
  } catch (error) {
    return `The server's time zone is not one PostgreSQL knows (${(error as Error).message}): set TZ to a zone of the IANA database, such as Europe/Berlin.`;
  }
}

export function createDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: POOL_CHECKOUT_TIMEOUT_MS,
    // A server gone without a word (a firewall's silent drop) is found by the kernel's probes.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    // The server's calendar, which the database's months follow where it books them itself (the
    // units out on rentals by month, migration 0043): the time zone of this process.
    options: `-c stockyard.time_zone=${serverTimeZone()}`,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // A checked-out client (a transaction's) that loses its server also emits 'error', which would
  // end the process unheard; its query fails anyway, and the pool drops it when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, drizzleOptions) as Database;
  db.transaction = transactionsReturningTheirClient(pool);
  return db;
}

/**
 * Transactions that always give their connection back. drizzle-orm (0.45) sends BEGIN before its
 * try/finally, so a failed BEGIN never released its client and a few outages left the pool empty.
 * Here we check the client out and release it; drizzle runs the transaction on it.
 */
function transactionsReturningTheirClient(pool: pg.Pool): Database['transaction'] {
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
  return async (work, config) => {
    const client = await pool.connect();
    try {
      let db = onClient.get(client);
      if (!db) {
        db = drizzle(client, drizzleOptions);
        onClient.set(client, db);
      }
      return await db.transaction(work, config);
    } finally {
      client.release();
    }
  };
}
