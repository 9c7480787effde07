import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Idempotency-Key of each write that sent one (decision 019), per user, with the answer given;
 * kept 24 hours. A row is written in the transaction of the request's change, and its answer
 * stored once the answer is sent: a row without one is a request still running (or one whose
 * answer was lost when its process ended). No foreign key: nothing waits on a user's row for it.
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
     * The location the answer was given for (decision 046): the user's own at the time, null for
     * an admin's (every location). A replay is answered only to the same one, or to an admin.
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
