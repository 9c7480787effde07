import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { locations } from './locations';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['ADMIN', 'USER'] }).notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    status: boolean('status').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    viewInventory: boolean('view_inventory').notNull().default(true),
    manageInventory: boolean('manage_inventory').notNull().default(false),
    viewLocations: boolean('view_locations').notNull().default(true),
    manageLocations: boolean('manage_locations').notNull().default(false),
    viewUsers: boolean('view_users').notNull().default(false),
    manageUsers: boolean('manage_users').notNull().default(false),
    viewInvoices: boolean('view_invoices').notNull().default(true),
    manageInvoices: boolean('manage_invoices').notNull().default(false),
    viewAttendance: boolean('view_attendance').notNull().default(true),
    manageAttendance: boolean('manage_attendance').notNull().default(false),
    // The notification switches of Settings: what this user receives.
    emailAlerts: boolean('email_alerts').notNull().default(true),
    lowStockAlerts: boolean('low_stock_alerts').notNull().default(true),
    rentalAlerts: boolean('rental_alerts').notNull().default(true),
    loginAlerts: boolean('login_alerts').notNull().default(true),
    // Two-factor sign-in: the TOTP secret, encrypted; set while it is on.
    twoFactorSecret: text('two_factor_secret'),
    /** A secret shown by the setup and not yet confirmed with a code. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** The last 30-second step whose code signed in, so that a code is used once. */
    twoFactorLastStep: integer('two_factor_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A removed user is kept so that the history they wrote still names them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('ADMIN', 'USER')`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('users_location_idx').on(t.locationId),
    index('users_role_idx').on(t.role),
    // The search by name or email, from trigrams over `userSearchText`, folded as every search
    // compares. Removed users too: a request search finds those of a requester who has left.
    index('users_search_idx').using('gin', sql`search_fold(${userSearchText(t)}) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Sign-in attempts, for the rate limit that survives restarts and spans processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.at),
    index('login_attempts_ip_idx').on(t.ip, t.at),
  ],
);

/**
 * What a search of people reads: the name and the email joined by a separator that no search
 * contains (`containsPattern` takes it out), so that one trigram index answers both and no match
 * spans the two.
 */
export function userSearchText(t: { name: AnyPgColumn; email: AnyPgColumn } = users): SQL {
  return sql`(${t.name} || chr(31) || ${t.email})`;
}
