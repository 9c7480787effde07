import { bigserial, customType, index, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The table `@socket.io/postgres-adapter` keeps payloads in that are too large for NOTIFY
 * (its default name and columns); the adapter deletes rows older than 30 s by itself.
 */
export const socketIoAttachments = pgTable(
  'socket_io_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    payload: bytea('payload'),
  },
  (t) => [index('socket_io_attachments_created_idx').on(t.createdAt)],
);
