import type { NotificationType } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** One row per recipient. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.read} = false`),
  ],
);

/** E-mail to send: written in its notification's transaction, sent by the outbox worker after commit. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The notification it tells of, if any (no foreign key: a deleted notification's mail still goes). */
    notificationId: bigint('notification_id', { mode: 'number' }),
    /** A movement note sent as its PDF, made when the mail is sent. */
    movementNoteId: integer('movement_note_id'),
    /** A file frozen when queued and sent as it was then (an on-hire statement): name and bytes, both or neither. */
    attachmentName: text('attachment_name'),
    attachment: bytea('attachment'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Tries started: counted when a worker claims the mail, before it is sent. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The lease of the worker sending it: until then no other worker takes it. A worker that dies
     * mid-send leaves it, and once it has passed the mail is sent again (with the same Message-ID).
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Its Message-ID header, made at its first claim and kept, so that a repeat is recognisable. */
    messageId: text('message_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the attempts ran out: the mail is kept, shown to admins, and no longer tried. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('email_outbox_failed_idx').on(t.failedAt, t.id).where(sql`${t.failedAt} is not null`),
  ],
);

/**
 * A notice written in its change's transaction, fanned out after commit into a `notifications` row
 * per recipient and deleted. A row still here is not yet fanned out: the sweep takes it, so a crash
 * between commit and fan-out loses nothing.
 */
export const notificationEvents = pgTable('notification_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').$type<NotificationType>().notNull(),
  message: text('message').notNull(),
  /** The location the event concerns; its field managers receive it. */
  locationId: integer('location_id'),
  /** A second location it concerns (a transfer's destination). */
  otherLocationId: integer('other_location_id'),
  /** Exactly these users, instead of the admins and field managers (the LOGIN notice). */
  recipientIds: integer('recipient_ids').array(),
  /** The user whose action this is: never a recipient of it. */
  actorId: integer('actor_id'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  /** When it happened: its notifications and e-mails carry this time. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
