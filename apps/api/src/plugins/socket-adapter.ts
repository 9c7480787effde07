import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { ListenConnection } from '../lib/listen-connection';

/**
 * The socket.io adapter that lets several API processes on one database reach each other's
 * sockets: broadcasts travel by NOTIFY, large ones through the socket_io_attachments table
 * (migration 0003). It publishes through its own small pool, and LISTENs on a ListenConnection.
 */
export function createPostgresAdapter(connection: pg.PoolConfig, log: FastifyBaseLogger) {
  const settings = { ...connection, connectionTimeoutMillis: 10_000 };
  const pool = new pg.Pool({ ...settings, max: 3 });
  pool.on('error', (error) => log.warn({ err: error }, 'socket adapter: idle connection lost'));
  const listener = new ListenConnection(settings, log, 'socket adapter');
  // The library checks out its one client through `connect`, and publishes through `query`.
  const facade = { connect: async () => listener, query: pool.query.bind(pool) };
  const adapter = createAdapter(facade as unknown as pg.Pool, {
    errorHandler: (error) => log.warn({ err: error }, 'socket adapter error'),
  });
  return {
    adapter,
    /** After the adapter's own close: also stops a listener the library never got hold of. */
    close: async () => {
      listener.close();
      await endPool(pool);
    },
  };
}

type PubSubInternals = { client?: { client?: unknown; channels?: unknown } };

/**
 * Waits until the adapter LISTENs: until then another process's broadcasts would be missed, and
 * closing before it would leak the connection it is opening. The library keeps this state
 * private (0.5.x: adapter.client.client); with another shape there is nothing to wait for.
 */
export async function untilListening(adapter: unknown, timeoutMs = 10_000): Promise<void> {
  const pubsub = (adapter as PubSubInternals).client;
  if (!(pubsub?.channels instanceof Set)) return;
  const deadline = Date.now() + timeoutMs;
  while (!pubsub.client) {
    if (Date.now() > deadline)
      throw new Error('The socket adapter could not LISTEN on the database');
    await sleep(10);
  }
}

/** Ends the pool, but does not let a connection the adapter failed to release hold up shutdown. */
async function endPool(pool: pg.Pool, timeoutMs = 2_000): Promise<void> {
  await Promise.race([
    pool.end().catch(() => undefined),
    sleep(timeoutMs, undefined, { ref: false }),
  ]);
}
