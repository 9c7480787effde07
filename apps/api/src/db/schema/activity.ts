import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { users } from './users';

/** Append-only: no code path updates or deletes a row. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    description: text('description').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_timestamp_idx').on(t.timestamp),
    index('activity_logs_location_idx').on(t.locationId, t.timestamp),
    index('activity_logs_user_idx').on(t.userId),
  ],
);
