import type { LiveTopic } from '@stockyard/shared';

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
  // The rentals' summary by destination and month: recounted only with a write to
  // a rental, its lines or its returns, whose tables send the notice.
  'material_rental_totals',
  // The next number of each numbered document (migrations 0050 and 0053): written only with an
  // invoice, a credit note, a movement note or the billing settings, whose tables send the notice.
  'document_counters',
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
  material_rentals: 'rentals',
  material_rental_items: 'rentals',
  material_rental_returns: 'rentals',
  movement_notes: 'rentals',
  return_photos: 'rentals',
  material_types: 'stock',
  materials: 'stock',
  stock_movements: 'stock',
  stock_levels: 'stock',
  material_counts_by_bucket: 'stock',
  invoices: 'invoices',
  invoice_items: 'invoices',
  invoice_material_usages: 'invoices',
  invoice_charges: 'invoices',
  customer_rates: 'locations',
  billing_settings: 'company',
  work_rates: 'company',
  staff: 'staff',
  attendance: 'attendance',
  users: 'users',
  locations: 'locations',
  company_profile: 'company',
};
