import { STAFF_STATUSES } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../constant-sql';
import { locations } from './locations';

/**
 * A person who works at a location and whose attendance is recorded (03 section 3); not a sign-in
 * user. A deleted staff member is kept (`deleted_at`) so that their attendance still names them.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    position: text('position').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    department: text('department').notNull(),
    hireDate: date('hire_date', { mode: 'string' }).notNull(),
    /** Annual salary in dollars. */
    salary: numeric('salary', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('ACTIVE'),
    address: text('address').notNull(),
    emergencyContact: text('emergency_contact').notNull(),
    emergencyPhone: text('emergency_phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('staff_status_check', oneOf(t.status, STAFF_STATUSES)),
    check('staff_salary_check', sql`${t.salary} >= 0`),
    // One live staff member per email, whatever its case; a deleted one frees it.
    uniqueIndex('staff_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    // The list by name: everywhere or at one location (the dashboard's counts read the same).
    index('staff_name_idx').on(t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('staff_location_idx').on(t.locationId, t.name, t.id),
  ],
);
