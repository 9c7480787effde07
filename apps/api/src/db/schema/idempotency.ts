import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Idempotency-Key of each write that sent one, per user, with its answer; kept 24 hours.
 * Written in the request's transaction, answered once sent: a row without an answer is still
 * running (or its process died). No foreign key: nothing waits on a user's row for it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    /** The URL as sent, with its query. */
    path: text('path').notNull(),
    /** HMAC-SHA256 of the body as canonical JSON (lib/idempotency). */
    requestHash: text('request_hash').notNull(),
    /**
     * The location the answer was given for (null: an admin's); a replay is answered only to the
     * same location or an admin, so that a moved field manager sees nothing of the old one.
     */
    scopeLocationId: integer('scope_location_id'),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
