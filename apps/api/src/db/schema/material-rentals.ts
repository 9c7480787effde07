import { STORED_RENTAL_STATUSES } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
 * A rental of material from one location to another (02 section 3). Its stock left the
 * from-location through the ledger when it was created; OVERDUE is derived, never stored.
 * `quantityTotal` and `returnedTotal` are the sums of its items' quantities and returned
 * quantities, written by the trigger on `material_rental_items` alone (migration 0030, decision
 * 023), never by the API, so that the counters below and the dashboard read one row per rental;
 * `damagedTotal` and `lostTotal` likewise (migration 0048, decision 043). What is still out is
 * quantityTotal - returnedTotal - damagedTotal - lostTotal.
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
    quantityTotal: integer('quantity_total').notNull().default(0),
    returnedTotal: integer('returned_total').notNull().default(0),
    damagedTotal: integer('damaged_total').notNull().default(0),
    lostTotal: integer('lost_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('material_rentals_status_check', oneOf(t.status, STORED_RENTAL_STATUSES)),
    check('material_rentals_locations_check', sql`${t.fromLocationId} <> ${t.toLocationId}`),
    check(
      'material_rentals_totals_check',
      sql`0 <= ${t.returnedTotal} and 0 <= ${t.damagedTotal} and 0 <= ${t.lostTotal} and ${t.returnedTotal} + ${t.damagedTotal} + ${t.lostTotal} <= ${t.quantityTotal}`,
    ),
    // The list, newest first: all, one destination, one status, or both.
    index('material_rentals_to_location_idx').on(t.toLocationId, t.id),
    index('material_rentals_status_idx').on(t.status, t.id),
    index('material_rentals_to_location_status_idx').on(t.toLocationId, t.status, t.id),
    // Overdue: ACTIVE rentals by expected return (the daily alert).
    index('material_rentals_active_due_idx')
      .on(t.expectedReturnDate, t.id)
      .where(sql`${t.status} = 'ACTIVE'`),
    // The ACTIVE rentals per destination, on either side of today, with what is still out: the
    // stats and the ACTIVE and OVERDUE totals of the list, read from this index alone.
    index('material_rentals_active_by_destination_idx')
      .on(
        t.toLocationId,
        t.expectedReturnDate,
        t.quantityTotal,
        t.returnedTotal,
        t.damagedTotal,
        t.lostTotal,
      )
      .where(sql`${t.status} = 'ACTIVE'`),
    // A location's deletion asks whether a rental names it.
    index('material_rentals_from_location_idx').on(t.fromLocationId),
    index('material_rentals_rented_by_idx').on(t.rentedById),
    // The dashboard: rentals made in a period (its chart, the units out when the month began), read
    // from the index alone, an admin's or one destination's.
    index('material_rentals_created_idx').on(
      t.createdAt,
      t.toLocationId,
      t.status,
      t.quantityTotal,
      t.returnedTotal,
    ),
    // A field manager's dashboard: their site's rentals made in a period, from the index alone.
    index('material_rentals_to_location_created_idx').on(
      t.toLocationId,
      t.createdAt,
      t.status,
      t.quantityTotal,
      t.returnedTotal,
    ),
    // One rental per request and source: a request's items from two yards make two rentals.
    uniqueIndex('material_rentals_request_source_unique').on(t.requestId, t.fromLocationId),
  ],
);

/**
 * The rentals per destination and stored status, with the units they took out and brought back
 * (good, damaged and lost: migration 0048), kept exact by triggers on `material_rentals`
 * (migration 0019): the list's totals without a filter, by destination or by stored status, and
 * the stats, without reading 100,000 rentals.
 */
export const materialRentalCounts = pgTable(
  'material_rental_counts',
  {
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: STORED_RENTAL_STATUSES }).notNull(),
    rentals: integer('rentals').notNull().default(0),
    unitsRented: bigint('units_rented', { mode: 'number' }).notNull().default(0),
    unitsReturned: bigint('units_returned', { mode: 'number' }).notNull().default(0),
    unitsDamaged: bigint('units_damaged', { mode: 'number' }).notNull().default(0),
    unitsLost: bigint('units_lost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.toLocationId, t.status] })],
);

/**
 * How the units out on ACTIVE rentals to each location changed in each month of the server's
 * calendar, booked when written (decision 035): kept by the counters' triggers on
 * `material_rentals` in the same statement (migration 0043), so that this month's changes summed
 * over a location's (or every location's) few rows, taken from the units out now, give the units
 * out when the month began, whatever the month's returns number. Months older than the current
 * one are history, written by the rebuild from the rentals and their returns.
 */
export const materialRentalOutChanges = pgTable(
  'material_rental_out_changes',
  {
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The month's first day, on the server's calendar. */
    month: date('month', { mode: 'string' }).notNull(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.toLocationId, t.month] }),
    // Every location's changes since a month began. Not covering `units`: an index on it would
    // make every write of a row a new index entry (no HOT update), and a transaction changing one
    // location's rentals thousands of times would look its row up through all of them.
    index('material_rental_out_changes_month_idx').on(t.month),
  ],
);

/**
 * The units rented out and returned in each month of the server's calendar, by destination: the
 * dashboard's chart of a year (decision 036). A rental's units count in the month it was made, a
 * return's in the month of its date, as the chart of days reads them from the rentals and returns
 * themselves. Kept by triggers on `material_rentals` and `material_rental_returns` (migration
 * 0045) in the writing transaction, so that a year is 12 rows a location, where it read a year's
 * 150,000 rentals and returns at every call.
 */
export const materialRentalFlows = pgTable(
  'material_rental_flows',
  {
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The month's first day, on the server's calendar. */
    month: date('month', { mode: 'string' }).notNull(),
    rentedOut: bigint('rented_out', { mode: 'number' }).notNull().default(0),
    returned: bigint('returned', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.toLocationId, t.month] }),
    // Every location's months of a year. Not covering the sums, for HOT updates (as above).
    index('material_rental_flows_month_idx').on(t.month),
  ],
);

/**
 * Every name a rental item has been given, once (decision 023): what the list's search tests, a
 * few hundred names where there are hundreds of thousands of items. The items' trigger writes a
 * name as an item takes it (migration 0035) and each item refers to its name, so that no item has
 * a name missing here. A name stays when no item has it any more: its search finds no item.
 */
export const materialRentalItemNames = pgTable('material_rental_item_names', {
  name: text('name').primaryKey(),
});

/**
 * A line of a rental. What came back good (`quantityActuallyReturned`, into the yard's stock),
 * damaged (into its repair stock) and lost (written off) never exceeds what went out (a CHECK,
 * whatever races); the rest is still out (decision 043). The counters are the sums of the line's
 * returns, written with each return in the same statement that checks them.
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
    quantityActuallyReturned: integer('quantity_actually_returned').notNull().default(0),
    quantityDamaged: integer('quantity_damaged').notNull().default(0),
    quantityLost: integer('quantity_lost').notNull().default(0),
    /**
     * The hire rate in force when the line went out (the customer's, else the catalogue's), kept
     * for its whole hire: later changes of either apply to later dispatches (issue 49, decision
     * 048). An admin re-rates a line on purpose (audited). Null day rate: the line had no price at
     * dispatch; the first billing run that finds one fixes it here.
     */
    dayCents: integer('day_cents'),
    weekCents: integer('week_cents'),
    minimumDays: integer('minimum_days'),
  },
  (t) => [
    check('material_rental_items_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'material_rental_items_returned_check',
      sql`0 <= ${t.quantityActuallyReturned} and 0 <= ${t.quantityDamaged} and 0 <= ${t.quantityLost} and ${t.quantityActuallyReturned} + ${t.quantityDamaged} + ${t.quantityLost} <= ${t.quantity}`,
    ),
    check(
      'material_rental_items_rates_check',
      sql`(${t.dayCents} is null and ${t.weekCents} is null and ${t.minimumDays} is null) or (${t.dayCents} >= 0 and (${t.weekCents} is null or ${t.weekCents} >= 0) and ${t.minimumDays} between 0 and 365)`,
    ),
    index('material_rental_items_rental_idx').on(t.rentalId, t.id),
    // A material's deletion asks whether a rental holds it.
    index('material_rental_items_material_idx').on(t.materialId),
    // The list's search: the rentals of the names that match, from this index alone (decision 023).
    index('material_rental_items_name_idx').on(t.materialName, t.rentalId),
    // Its name is one of the names the search tests (written there by the items' trigger).
    foreignKey({
      name: 'material_rental_items_name_fk',
      columns: [t.materialName],
      foreignColumns: [materialRentalItemNames.name],
    }).onDelete('restrict'),
  ],
);

/**
 * One return of a rental item: append-only, oldest first. `returnedQuantity` came back good,
 * `damagedQuantity` damaged, `lostQuantity` is missing (decision 043): at least one unit in all.
 */
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
    /**
     * The day the hire ended for what came back: the customer's off-hire day, as the return says
     * (issue 49, decision 048), on the company's calendar. Not when it was entered: `recordedAt`.
     */
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
    // A rental's returns in order; with their date and quantity, a field manager's dashboard sums
    // those of their site's rentals since a day from the index alone.
    index('material_rental_returns_rental_idx').on(
      t.rentalId,
      t.id,
      t.returnDate,
      t.returnedQuantity,
    ),
    index('material_rental_returns_item_idx').on(t.rentalItemId),
    index('material_rental_returns_returned_by_idx').on(t.returnedById),
    // The dashboard: units returned in a period, read from the index alone (its chart and the units
    // out when the month began; a field manager's joined to their rentals by rental_id).
    index('material_rental_returns_date_idx').on(t.returnDate, t.returnedQuantity, t.rentalId),
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
