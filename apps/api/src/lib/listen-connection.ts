import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { KEEPALIVE_IDLE_MS } from '../db/keepalive';

const RETRY_FIRST_MS = 250;
const RETRY_CAP_MS = 5_000;

/**
 * The heartbeat of a LISTEN connection: it NOTIFYs a channel of its own every `everyMs`, and a
 * heartbeat not heard back within `withinMs` counts it deaf at once (a hung backend, a firewall's
 * silent drop): it is replaced. Notices arrive in commit order, so hearing a heartbeat means that
 * every notice committed before it was heard: no notice goes unheard for longer than
 * everyMs + withinMs without the connection counting as lost.
 */
export type Heartbeat = { everyMs: number; withinMs: number };

const HEARTBEAT: Heartbeat = { everyMs: 2_000, withinMs: 3_000 };

/** What pg_stat_activity shows as the application of a ListenConnection's backend. */
export const listenApplicationName = (name: string) => `stockyard listen: ${name}`;

/** The wait before reconnect attempt `attempt` (0 first): doubling up to a cap, jittered so processes spread. */
export function retryDelay(attempt: number): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/**
 * One connection that LISTENs for as long as the process runs: on loss it logs, reconnects with
 * back-off, LISTENs again on every channel, and never reports an 'end'. It emits 'notification'
 * for each notice, 'listening' each time it LISTENs on all its channels (first or again), and
 * 'lost' when a connection that listened goes: what it missed meanwhile is unknown.
 *
 * A connection that stops answering without closing is found by its heartbeat (see Heartbeat) and
 * counts as lost. Its backend shows in pg_stat_activity under listenApplicationName(name).
 *
 * The socket adapter's library (0.5.x) takes it as the pool client it LISTENs on: the library
 * neither listens for that client's 'error' (a lost connection ends the process) nor releases it
 * when it ends (each loss leaks a pool slot); `query` and `release` are what it calls.
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
  private readonly config: pg.ClientConfig;
  /** A channel no other connection uses: only this one's heartbeats are heard on it. */
  private readonly heartbeatChannel = `stockyard_heartbeat_${randomBytes(8).toString('hex')}`;
  private beating: NodeJS.Timeout | undefined;
  private beats = 0;
  /** The heartbeats sent and not heard yet, each with the timer that counts it missed. */
  private readonly unheard = new Map<number, NodeJS.Timeout>();

  constructor(
    config: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
    /** Who listens, for the log and the application name: `socket adapter`, `table changes`. */
    private readonly name: string,
    private readonly heartbeat: Heartbeat = HEARTBEAT,
  ) {
    super();
    this.config = {
      ...config,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
      application_name: listenApplicationName(name),
    };
    void this.connect();
  }

  /** True while a connection LISTENs on every channel. */
  get isListening(): boolean {
    return this.listening;
  }

  /** `LISTEN "channel"` (the library's form): settles once a live connection LISTENs on it. */
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
    this.stopBeating();
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
    client.on('notification', (message) => {
      if (message.channel === this.heartbeatChannel) this.heard(Number(message.payload));
      else this.emit('notification', message);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.heartbeatChannel)}`);
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
        `${this.name}: listening again`,
      );
    }
    this.lostAt = null;
    this.failures = 0;
    this.beating = setInterval(() => this.beat(client), this.heartbeat.everyMs).unref();
    for (const resolve of this.waiting.splice(0)) resolve();
    this.emit('listening');
  }

  /** Every path by which a connection dies comes here; only its first report counts. */
  private lose(client: pg.Client, error: unknown): void {
    if (client !== this.current) return;
    const wasListening = this.listening;
    this.current = null;
    this.listening = false;
    this.stopBeating();
    // A hung connection has a query in flight (its heartbeat): pg then destroys the socket.
    client.end().catch(() => undefined);
    if (wasListening) this.emit('lost');
    if (this.closed) return;
    const delayMs = retryDelay(this.failures);
    this.failures += 1;
    this.retry = setTimeout(() => void this.connect(), delayMs);
    if (wasListening) {
      this.lostAt = Date.now();
      this.log.warn({ err: error, delayMs }, `${this.name}: LISTEN connection lost, reconnecting`);
    } else {
      this.lostAt ??= Date.now();
      this.log.warn({ err: error, delayMs }, `${this.name}: cannot LISTEN yet, retrying`);
    }
  }

  /** Sends the next heartbeat; the connection is lost unless it is heard within `withinMs`. */
  private beat(client: pg.Client): void {
    const beat = ++this.beats;
    const missed = setTimeout(() => {
      this.lose(client, new Error(`No heartbeat heard within ${this.heartbeat.withinMs} ms`));
    }, this.heartbeat.withinMs).unref();
    this.unheard.set(beat, missed);
    client
      .query(`NOTIFY ${pg.escapeIdentifier(this.heartbeatChannel)}, '${beat}'`)
      .catch((error: unknown) => this.lose(client, error));
  }

  /** A heartbeat came back: it and every earlier one (notices arrive in order) were heard. */
  private heard(beat: number): void {
    for (const [sent, missed] of this.unheard) {
      if (sent > beat) break;
      clearTimeout(missed);
      this.unheard.delete(sent);
    }
  }

  private stopBeating(): void {
    clearInterval(this.beating);
    this.beating = undefined;
    for (const missed of this.unheard.values()) clearTimeout(missed);
    this.unheard.clear();
  }
}
