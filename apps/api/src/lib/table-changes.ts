import type { LiveTopic } from '@stockyard/shared';
import type { Notification } from 'pg';

/** The channel on which the database tells of a change to a watched table (migration 0024). */
export const TABLE_CHANGES_CHANNEL = 'stockyard_table_changes';

/**
 * Every table that sends notices, which is every table but the bookkeeping ones (migrations 0024
 * and 0025): a stamp over it changes at any notice.
 */
export const ANY_TABLE = ['*'] as const;

/**
 * The tables that send no notice of their changes (migration 0025): nothing that follows the
 * notices may read them. They change at every sign-in, mail sent or page of the log, and nobody
 * reads them by list. Every other table sends notices (a test holds the two lists to the
 * database).
 */
export const BOOKKEEPING_TABLES = [
  'activity_logs',
  'email_outbox',
  'idempotency_keys',
  'login_attempts',
  // The names rental items have been given (migration 0035): written only with an item, whose
  // table sends the notice.
  'material_rental_item_names',
  'notification_events',
  'notifications',
  'rental_alerts_sent',
  'sessions',
  'socket_io_attachments',
  'two_factor_recovery_codes',
] as const;

/**
 * The kind of records each noticed table holds, as the socket's `changed` event names it to the
 * open screens (a test holds every noticed table to one).
 */
export const TABLE_TOPICS: Record<string, LiveTopic> = {
  rental_requests: 'requests',
  rental_request_items: 'requests',
  rental_request_counts: 'requests',
  material_rentals: 'rentals',
  material_rental_items: 'rentals',
  material_rental_returns: 'rentals',
  material_rental_counts: 'rentals',
  materials: 'stock',
  stock_movements: 'stock',
  stock_levels: 'stock',
  material_counts_by_bucket: 'stock',
  invoices: 'invoices',
  invoice_items: 'invoices',
  invoice_material_usages: 'invoices',
  staff: 'staff',
  attendance: 'attendance',
  users: 'users',
  locations: 'locations',
  company_profile: 'company',
};

/**
 * What this process knows of changes to the tables (decision 017): a generation per table, raised
 * by each notice the database sends once a transaction that wrote to the table commits (statement
 * triggers, migration 0024), and all of them at once after each commit of this process (so that
 * its own writes show at once, before their notice arrives) and whenever the notices may have
 * been missed. A stamp can be trusted only while `hearing`: while no notice can arrive, nothing
 * is heard. No figure is kept by it since decision 025 (the dashboard's went with decision 024).
 */
export class TableChanges {
  private readonly generations = new Map<string, number>();
  private everything = 0;
  /** Raised by every notice, whatever its table: the generation of ANY_TABLE. */
  private anyTable = 0;
  private listening = false;

  get hearing(): boolean {
    return this.listening;
  }

  /** The notices arrive again (or for the first time): what came before is unknown. */
  heardAgain(): void {
    this.listening = true;
    this.changedAll();
  }

  /** The notices stopped: no stamp can be trusted until they arrive again. */
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
