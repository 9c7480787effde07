import { RENTAL_REQUEST_STATUSES } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../constant-sql';
import { locations } from './locations';
import { materials } from './materials';
import { users } from './users';

/**
 * A request for material (02 section 3), from the single form or the bulk form alike. It is
 * PENDING until an admin approves or rejects it, once; it is never deleted.
 */
export const rentalRequests = pgTable(
  'rental_requests',
  {
    id: serial('id').primaryKey(),
    /** The delivery location: a field manager's own. */
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    requestedById: integer('requested_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requestedDate: date('requested_date', { mode: 'string' }).notNull(),
    /** Optional on the bulk form, required on the single one. */
    returnDate: date('return_date', { mode: 'string' }),
    notes: text('notes'),
    status: text('status', { enum: RENTAL_REQUEST_STATUSES }).notNull().default('PENDING'),
    /** Who decided (approved or rejected), when, and the notes of the decision (editable later). */
    approvedById: integer('approved_by_id').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNotes: text('decision_notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rental_requests_status_check', oneOf(t.status, RENTAL_REQUEST_STATUSES)),
    // A decided request names who decided and when; a pending one neither.
    check(
      'rental_requests_decision_check',
      sql`(${t.status} = 'PENDING') = (${t.approvedById} is null and ${t.decidedAt} is null)`,
    ),
    // The list, newest first: everywhere or at one location, with or without a status filter.
    index('rental_requests_status_idx').on(t.status, t.id),
    index('rental_requests_location_idx').on(t.locationId, t.id),
    index('rental_requests_location_status_idx').on(t.locationId, t.status, t.id),
    // The search by requester, with or without a status: a person's newest requests, read from
    // the index alone.
    index('rental_requests_requested_by_idx').on(t.requestedById, t.id),
    index('rental_requests_requested_by_status_idx').on(t.requestedById, t.status, t.id),
    index('rental_requests_approved_by_idx').on(t.approvedById),
    // The dashboard: the requests made this month.
    index('rental_requests_created_idx').on(t.createdAt),
  ],
);

/** A material of a request, in the order of `position`; the single form's has no material id. */
export const rentalRequestItems = pgTable(
  'rental_request_items',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => rentalRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The inventory's material (bulk form); null for a free-text material. The name stays. */
    materialId: integer('material_id').references(() => materials.id, { onDelete: 'set null' }),
    /**
     * Where the material is asked from: its material's location when it was requested (any active
     * location's stock, PRODUCT-DECISIONS "Requests ask for stock from anywhere"); null for a
     * free-text material. Create Rental makes one rental per source.
     */
    sourceLocationId: integer('source_location_id').references(() => locations.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull(),
    description: text('description'),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
  },
  (t) => [
    check('rental_request_items_quantity_check', sql`${t.quantity} >= 1`),
    index('rental_request_items_request_idx').on(t.requestId, t.position),
    index('rental_request_items_material_idx').on(t.materialId),
    index('rental_request_items_source_location_idx').on(t.sourceLocationId),
  ],
);
