import { getTableName, type Table } from 'drizzle-orm';
import type { Notification } from 'pg';

/** The channel on which the database tells of a change to a watched table (migration 0024). */
export const TABLE_CHANGES_CHANNEL = 'stockyard_table_changes';

/**
 * What a figure kept until any table of the records changes depends on: every table that sends
 * notices, which is every table but the bookkeeping ones (migrations 0024 and 0025).
 */
export const ANY_TABLE = ['*'] as const;

/**
 * The tables that send no notice of their changes (migration 0025): no kept figure may read them.
 * They change at every sign-in, mail sent or page of the log, and nobody reads them by list. Every
 * other table sends notices (a test holds the two lists to the database).
 */
export const BOOKKEEPING_TABLES = [
  'activity_logs',
  'email_outbox',
  'idempotency_keys',
  'login_attempts',
  'notification_events',
  'notifications',
  'rental_alerts_sent',
  'sessions',
  'socket_io_attachments',
  'two_factor_recovery_codes',
] as const;

/** The names of tables, as the notices give them. */
export function tableNames(...tables: Table[]): readonly string[] {
  return tables.map((table) => getTableName(table));
}

/**
 * What this process knows of changes to the tables (decision 017): a generation per table, raised
 * by each notice the database sends once a transaction that wrote to the table commits (statement
 * triggers, migration 0024), and all of them at once after each commit of this process (so that
 * its own writes show at once, before their notice arrives) and whenever the notices may have
 * been missed. Figures may be kept only while `hearing`: while no notice can arrive, nothing is.
 */
export class TableChanges {
  private readonly generations = new Map<string, number>();
  private readonly kept = new Map<string, KeptFigures<unknown>>();
  private everything = 0;
  /** Raised by every notice, whatever its table: the generation of ANY_TABLE. */
  private anyTable = 0;
  private listening = false;

  /** The figures kept under `name` (one per call that keeps them), read from `tables`; at most `maxEntries` keys. */
  figures<T>(name: string, tables: readonly string[], maxEntries?: number): KeptFigures<T> {
    let found = this.kept.get(name);
    if (!found) {
      found = new KeptFigures<unknown>(this, tables, maxEntries);
      this.kept.set(name, found);
    }
    return found as KeptFigures<T>;
  }

  get hearing(): boolean {
    return this.listening;
  }

  /** The notices arrive again (or for the first time): what came before is unknown. */
  heardAgain(): void {
    this.listening = true;
    this.changedAll();
  }

  /** The notices stopped: nothing is kept until they arrive again. */
  deaf(): void {
    this.listening = false;
    this.changedAll();
  }

  /** A notice from the database: the payload names the table. */
  notice(message: Pick<Notification, 'channel' | 'payload'>): void {
    if (message.channel !== TABLE_CHANGES_CHANNEL || !message.payload) return;
    this.generations.set(message.payload, (this.generations.get(message.payload) ?? 0) + 1);
    this.anyTable += 1;
  }

  /** Any table may have changed: this process committed a write. */
  changedAll(): void {
    this.everything += 1;
  }

  /** A stamp of the tables' generations: equal stamps mean no change heard in between. */
  stamp(tables: readonly string[]): string {
    if (tables === ANY_TABLE) return `${this.everything}:${this.anyTable}`;
    return `${this.everything}:${tables.map((table) => this.generations.get(table) ?? 0).join(',')}`;
  }
}

/**
 * Figures read from some tables and kept until one of them changes (decision 017): the dashboard's
 * cards, the rental stats, the job type summary. Each key (the viewer's scope, the period, the
 * day) is read once and answered from memory until a notice says that one of `tables` changed;
 * a read during which a change arrives is answered but not kept. Callers asking while a read runs
 * share it; a failed read is not kept. While the notices do not arrive, every call reads.
 */
export class KeptFigures<T> {
  private readonly entries = new Map<string, { stamp: string; value: Promise<T> }>();

  constructor(
    private readonly changes: TableChanges,
    private readonly tables: readonly string[],
    private readonly maxEntries = 1_000,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.changes.hearing) return read();
    const stamp = this.changes.stamp(this.tables);
    const found = this.entries.get(key);
    if (found && found.stamp === stamp) return found.value;
    const value = read().catch((error: unknown) => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
      throw error;
    });
    // Kept under the stamp of before the read: a change heard meanwhile makes it stale at once.
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    // The oldest first out: a Map keeps insertion order.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
