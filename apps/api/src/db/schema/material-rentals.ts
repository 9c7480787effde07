import { STORED_RENTAL_STATUSES } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COMPANY_TODAY, oneOf } from '../constant-sql';
import { locations } from './locations';
import { materials } from './materials';
import { rentalRequests } from './rental-requests';
import { users } from './users';

/**
 * A rental from one location to another (02 section 3), dispatched on `rentalDate`. OVERDUE is
 * derived, never stored; so are its quantities, read from its lines and their returns.
 */
export const materialRentals = pgTable(
  'material_rentals',
  {
    id: serial('id').primaryKey(),
    fromLocationId: integer('from_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    rentalDate: date('rental_date', { mode: 'string' }).notNull(),
    expectedReturnDate: date('expected_return_date', { mode: 'string' }).notNull(),
    actualReturnDate: date('actual_return_date', { mode: 'string' }),
    status: text('status', { enum: STORED_RENTAL_STATUSES }).notNull().default('ACTIVE'),
    notes: text('notes'),
    rentedById: integer('rented_by_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The approved rental request it was made from (Create Rental on the request). */
    requestId: integer('request_id').references(() => rentalRequests.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('material_rentals_status_check', oneOf(t.status, STORED_RENTAL_STATUSES)),
    check('material_rentals_locations_check', sql`${t.fromLocationId} <> ${t.toLocationId}`),
    // The list, newest first: all, one destination, one status, or both.
    index('material_rentals_to_location_idx').on(t.toLocationId, t.id),
    index('material_rentals_status_idx').on(t.status, t.id),
    index('material_rentals_to_location_status_idx').on(t.toLocationId, t.status, t.id),
    // Overdue: ACTIVE rentals by expected return (the daily alert).
    index('material_rentals_active_due_idx')
      .on(t.expectedReturnDate, t.id)
      .where(sql`${t.status} = 'ACTIVE'`),
    // The ACTIVE rentals per destination, on either side of today: a destination's ACTIVE and
    // OVERDUE lists and their totals.
    index('material_rentals_active_by_destination_idx')
      .on(t.toLocationId, t.expectedReturnDate)
      .where(sql`${t.status} = 'ACTIVE'`),
    // A location's deletion asks whether a rental names it.
    index('material_rentals_from_location_idx').on(t.fromLocationId),
    index('material_rentals_rented_by_idx').on(t.rentedById),
    // The dashboard: the rentals dispatched in a period (its chart, the units out when the month
    // began), an admin's or one destination's; their lines then by rental.
    index('material_rentals_rental_date_idx').on(t.rentalDate, t.toLocationId),
    index('material_rentals_to_location_rental_date_idx').on(t.toLocationId, t.rentalDate),
    // One rental per request and source: a request's items from two yards make two rentals.
    uniqueIndex('material_rentals_request_source_unique').on(t.requestId, t.fromLocationId),
  ],
);

/**
 * Every name a rental item has had, once: the list's search tests a few hundred names, not every
 * item. Written by the items' trigger (migration 0035); a name no item has any more stays.
 */
export const materialRentalItemNames = pgTable('material_rental_item_names', {
  name: text('name').primaryKey(),
});

/**
 * A line of a rental: what went out. What came back is the sum of its returns, never more than
 * went out (checked with the rental held FOR UPDATE); the rest is still out.
 */
export const materialRentalItems = pgTable(
  'material_rental_items',
  {
    id: serial('id').primaryKey(),
    rentalId: integer('rental_id')
      .notNull()
      .references(() => materialRentals.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    /** The material's name and unit when rented, as the rental shows them. */
    materialName: text('material_name').notNull(),
    unit: text('unit').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * The hire rate when the line went out (the customer's, else the catalogue's), kept for its
     * whole hire. Null: no price at dispatch; the first billing run that finds one fixes it here.
     */
    dayCents: integer('day_cents'),
    weekCents: integer('week_cents'),
    minimumDays: integer('minimum_days'),
  },
  (t) => [
    check('material_rental_items_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'material_rental_items_rates_check',
      sql`(${t.dayCents} is null and ${t.weekCents} is null and ${t.minimumDays} is null) or (${t.dayCents} >= 0 and (${t.weekCents} is null or ${t.weekCents} >= 0) and ${t.minimumDays} between 0 and 365)`,
    ),
    // A rental's lines in order; with the quantity, what went out is summed from the index alone.
    index('material_rental_items_rental_idx').on(t.rentalId, t.id, t.quantity),
    // A material's deletion asks whether a rental holds it.
    index('material_rental_items_material_idx').on(t.materialId),
    // The list's search: the rentals of the names that match, from this index alone.
    index('material_rental_items_name_idx').on(t.materialName, t.rentalId),
    // Its name is one of the names the search tests (written there by the items' trigger).
    foreignKey({
      name: 'material_rental_items_name_fk',
      columns: [t.materialName],
      foreignColumns: [materialRentalItemNames.name],
    }).onDelete('restrict'),
  ],
);

/** One return of a rental item, append-only: good, damaged and lost, at least one unit in all. */
export const materialRentalReturns = pgTable(
  'material_rental_returns',
  {
    id: serial('id').primaryKey(),
    rentalId: integer('rental_id')
      .notNull()
      .references(() => materialRentals.id, { onDelete: 'restrict' }),
    rentalItemId: integer('rental_item_id')
      .notNull()
      .references(() => materialRentalItems.id, { onDelete: 'restrict' }),
    returnedQuantity: integer('returned_quantity').notNull(),
    damagedQuantity: integer('damaged_quantity').notNull().default(0),
    lostQuantity: integer('lost_quantity').notNull().default(0),
    /** The customer's off-hire day, on the company's calendar; `recordedAt` is when it was entered. */
    returnDate: date('return_date', { mode: 'string' }).notNull().default(sql`${COMPANY_TODAY}`),
    /** When the return was entered (its day may be earlier: a late-recorded return). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    notes: text('notes'),
    returnedById: integer('returned_by_id').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    check(
      'material_rental_returns_quantity_check',
      sql`${t.returnedQuantity} >= 0 and ${t.damagedQuantity} >= 0 and ${t.lostQuantity} >= 0 and ${t.returnedQuantity} + ${t.damagedQuantity} + ${t.lostQuantity} >= 1`,
    ),
    // A rental's returns in order; with date and quantities, a site's stats sum the index alone.
    index('material_rental_returns_rental_idx').on(
      t.rentalId,
      t.id,
      t.returnDate,
      t.returnedQuantity,
      t.damagedQuantity,
      t.lostQuantity,
    ),
    // What came back of a line, good, damaged and lost: summed from the index alone (`lineBack`).
    index('material_rental_returns_item_idx').on(
      t.rentalItemId,
      t.returnedQuantity,
      t.damagedQuantity,
      t.lostQuantity,
    ),
    index('material_rental_returns_returned_by_idx').on(t.returnedById),
    // The dashboard: units back on the days of a period, read from the index alone (its chart and
    // the units out when the month began; a field manager's joined to their rentals by rental_id).
    index('material_rental_returns_date_idx').on(
      t.returnDate,
      t.rentalId,
      t.returnedQuantity,
      t.damagedQuantity,
      t.lostQuantity,
    ),
  ],
);

/** The RENTAL_ALERT sent for a rental on a day: never twice (the primary key), whatever process. */
export const rentalAlertsSent = pgTable(
  'rental_alerts_sent',
  {
    rentalId: integer('rental_id')
      .notNull()
      .references(() => materialRentals.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rentalId, t.day] })],
);

/**
 * The rentals' quantities per destination and month: rentals and units out by the day they left,
 * units back by the day they came back. Recounted from the rows for the months a write touched, in
 * that write's transaction, never adjusted by a difference (decisions 066 and 067); kept because
 * the rows cannot answer an admin's stats in time.
 */
export const materialRentalTotals = pgTable(
  'material_rental_totals',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    rentals: integer('rentals').notNull().default(0),
    unitsOut: integer('units_out').notNull().default(0),
    good: integer('good').notNull().default(0),
    damaged: integer('damaged').notNull().default(0),
    lost: integer('lost').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.month] }),
    // An admin's chart of a year: every destination's months in one range.
    index('material_rental_totals_month_idx').on(t.month),
  ],
);
