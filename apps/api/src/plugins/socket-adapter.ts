import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RETRY_FIRST_MS = 250;
const RETRY_CAP_MS = 5_000;

/** The wait before reconnect attempt `attempt` (0 first): doubling up to a cap, jittered so processes spread. */
export function retryDelay(attempt: number): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/**
 * Stands in for the pool client the library LISTENs on, for the adapter's whole life. The
 * library (0.5.x) neither listens for that client's 'error' (a lost connection ends the process)
 * nor releases it when it ends (each loss leaks a pool slot). This one owns its connection: on
 * loss it logs, reconnects with back-off, LISTENs again, and never reports an 'end'.
 */
export class ListenConnection extends EventEmitter {
  private readonly channels = new Set<string>();
  private current: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private failures = 0;
  private lostAt: number | null = null;
  private retry: NodeJS.Timeout | undefined;
  private waiting: Array<() => void> = [];

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    void this.connect();
  }

  /** The library's `LISTEN "channel"`: settles once a live connection LISTENs on it. */
  async query(statement: string): Promise<void> {
    const channel = /^LISTEN "(.+)"$/.exec(statement)?.[1];
    if (channel === undefined) throw new Error(`Not a LISTEN statement: ${statement}`);
    this.channels.add(channel);
    const client = this.listening ? this.current : null;
    if (client) {
      try {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return;
      } catch {
        // Lost meanwhile: the next connection LISTENs on every channel.
      }
    }
    // Never settles once closed: the library is shutting down and waits for nothing.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** What the library calls at close. */
  release(): void {
    this.close();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.waiting = [];
    const client = this.current;
    this.current = null;
    this.listening = false;
    client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.retry = undefined;
    if (this.closed) return;
    const client = new pg.Client(this.config);
    this.current = client;
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('Connection ended')));
    client.on('notification', (message) => this.emit('notification', message));
    try {
      await client.connect();
      // A Set's iteration also visits channels added while it runs.
      for (const channel of this.channels) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      this.lose(client, error);
      return;
    }
    if (this.current !== client) return;
    this.listening = true;
    if (this.lostAt !== null) {
      this.log.info(
        { downMs: Date.now() - this.lostAt, attempts: this.failures },
        'socket adapter: listening again',
      );
    }
    this.lostAt = null;
    this.failures = 0;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Every path by which a connection dies comes here; only its first report counts. */
  private lose(client: pg.Client, error: unknown): void {
    if (client !== this.current) return;
    const wasListening = this.listening;
    this.current = null;
    this.listening = false;
    client.end().catch(() => undefined);
    if (this.closed) return;
    const delayMs = retryDelay(this.failures);
    this.failures += 1;
    this.retry = setTimeout(() => void this.connect(), delayMs);
    if (wasListening) {
      this.lostAt = Date.now();
      this.log.warn(
        { err: error, delayMs },
        'socket adapter: LISTEN connection lost, reconnecting',
      );
    } else {
      this.lostAt ??= Date.now();
      this.log.warn({ err: error, delayMs }, 'socket adapter: cannot LISTEN yet, retrying');
    }
  }
}

/**
 * The socket.io adapter that lets several API processes on one database reach each other's
 * sockets: broadcasts travel by NOTIFY, large ones through the socket_io_attachments table
 * (migration 0003). It publishes through its own small pool, and LISTENs on a ListenConnection.
 */
export function createPostgresAdapter(connection: pg.PoolConfig, log: FastifyBaseLogger) {
  const settings = { ...connection, connectionTimeoutMillis: 10_000 };
  const pool = new pg.Pool({ ...settings, max: 3 });
  pool.on('error', (error) => log.warn({ err: error }, 'socket adapter: idle connection lost'));
  const listener = new ListenConnection(settings, log);
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
export async function endPool(pool: pg.Pool, timeoutMs = 2_000): Promise<void> {
  await Promise.race([
    pool.end().catch(() => undefined),
    sleep(timeoutMs, undefined, { ref: false }),
  ]);
}
