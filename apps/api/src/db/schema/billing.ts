import { CHARGE_KINDS, INVOICE_UOMS, JOB_TYPES } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../constant-sql';
import { invoiceItems, invoices, moneyCents } from './invoices';
import { locations } from './locations';
import { materialRentalItems, materialRentalReturns, materialRentals } from './material-rentals';
import { materialTypes, stockMovements } from './materials';
import { users } from './users';

/**
 * The company's money settings: one row, id 1, read with its defaults until an admin saves it. Rates and amounts are whole cents of `currency` (ISO 4217); the VAT
 * rate is in basis points (2000 is 20 %).
 */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    currency: text('currency').notNull().default('EUR'),
    vatRateBp: integer('vat_rate_bp').notNull().default(2000),
    paymentTermsDays: integer('payment_terms_days').notNull().default(15),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_settings_single_row', sql`${t.id} = 1`),
    check('billing_settings_vat_check', sql`${t.vatRateBp} between 0 and 10000`),
    check('billing_settings_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);

/** The series of numbered documents: invoices, credit notes, delivery and return notes. */
export const DOCUMENT_SERIES = ['INVOICE', 'CREDIT_NOTE', 'DELIVERY_NOTE', 'RETURN_NOTE'] as const;
export type DocumentSeriesName = (typeof DOCUMENT_SERIES)[number];

/**
 * The next number of each series in each year, taken in the transaction that writes the document:
 * the row lock orders writers and a rollback gives the number back, so a year's numbers have no
 * gaps and are never reused.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: DOCUMENT_SERIES }).notNull(),
    year: integer('year').notNull(),
    next: integer('next').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.year] }),
    check('document_counters_series_check', oneOf(t.series, DOCUMENT_SERIES)),
    check('document_counters_next_check', sql`${t.next} >= 1`),
  ],
);

/** A customer's own hire rate for a material type, over the catalogue's. */
export const customerRates = pgTable(
  'customer_rates',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    materialTypeId: integer('material_type_id')
      .notNull()
      .references(() => materialTypes.id, { onDelete: 'cascade' }),
    dayCents: integer('day_cents').notNull(),
    weekCents: integer('week_cents'),
    /** Null: the catalogue's minimum applies; a stated one (0 included) is the customer's own. */
    minimumDays: integer('minimum_days'),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.materialTypeId] }),
    check(
      'customer_rates_check',
      sql`${t.dayCents} >= 0 and (${t.weekCents} is null or ${t.weekCents} >= 0) and ${t.minimumDays} between 0 and 365`,
    ),
  ],
);

/** The price of a unit of erection, dismantling or rental work on the volume invoices. */
export const workRates = pgTable(
  'work_rates',
  {
    jobType: text('job_type', { enum: JOB_TYPES }).notNull(),
    uom: text('uom', { enum: INVOICE_UOMS }).notNull(),
    rateCents: integer('rate_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobType, t.uom] }),
    check('work_rates_job_type_check', oneOf(t.jobType, JOB_TYPES)),
    check('work_rates_uom_check', oneOf(t.uom, INVOICE_UOMS)),
    check('work_rates_rate_check', sql`${t.rateCents} >= 0`),
  ],
);

/**
 * The money lines of hire invoices and credit notes (the volume invoices' lines are their items).
 * A HIRE line is a stretch of days of some units of a rental item; a WRITE_OFF line the lost units
 * of a return at their replacement value; a CREDIT line takes back one line of a finalized invoice
 * (an item or a charge), once: its amount is the line's, negated.
 */
export const invoiceCharges = pgTable(
  'invoice_charges',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: CHARGE_KINDS }).notNull(),
    description: text('description').notNull(),
    unit: text('unit'),
    quantity: integer('quantity').notNull().default(0),
    rentalId: integer('rental_id').references(() => materialRentals.id, { onDelete: 'restrict' }),
    rentalItemId: integer('rental_item_id').references(() => materialRentalItems.id, {
      onDelete: 'restrict',
    }),
    returnId: integer('return_id').references(() => materialRentalReturns.id, {
      onDelete: 'restrict',
    }),
    /** HIRE: the first and last day charged, how many, and the rates priced with. */
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    days: integer('days'),
    dayCents: integer('day_cents'),
    weekCents: integer('week_cents'),
    minimumDays: integer('minimum_days'),
    /** HIRE: the last day of the run that billed it; the rental item is billed up to here. */
    billedThrough: date('billed_through', { mode: 'string' }),
    /** SCRAP: the scrap of repair stock (a movement SCRAPPED) that wrote the return's units off. */
    movementId: bigint('movement_id', { mode: 'number' }).references(() => stockMovements.id, {
      onDelete: 'restrict',
    }),
    /** WRITE_OFF and SCRAP: the replacement value of one unit. */
    unitCents: integer('unit_cents'),
    creditedItemId: integer('credited_item_id').references(() => invoiceItems.id, {
      onDelete: 'restrict',
    }),
    creditedChargeId: integer('credited_charge_id').references(
      (): AnyPgColumn => invoiceCharges.id,
      { onDelete: 'restrict' },
    ),
    /**
     * CORRECTION: the finalized invoice whose hire of this line, through `billed_through`, the
     * corrected history prices differently (decision 048); the line is the difference.
     */
    correctsInvoiceId: integer('corrects_invoice_id').references(() => invoices.id, {
      onDelete: 'restrict',
    }),
    amountCents: moneyCents('amount_cents'),
    /** When the line was written: a rental line changed after it is checked again. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoice_charges_kind_check', oneOf(t.kind, CHARGE_KINDS)),
    index('invoice_charges_invoice_idx').on(t.invoiceId, t.position),
    // Whether a rental is billed (its items then stay as billed).
    index('invoice_charges_rental_idx').on(t.rentalId),
    // What was billed of a rental item and when, read from the index alone at every billing run
    // (a partial index per kind served neither `kind in (...)` nor the credits).
    index('invoice_charges_rental_item_idx')
      .on(t.rentalItemId, t.kind, t.billedThrough, t.createdAt)
      .where(sql`${t.rentalItemId} is not null`),
    // A return's lost units are charged once.
    uniqueIndex('invoice_charges_return_unique').on(t.returnId).where(sql`${t.kind} = 'WRITE_OFF'`),
    // A scrap charges each return's units once.
    uniqueIndex('invoice_charges_scrap_unique')
      .on(t.movementId, t.returnId)
      .where(sql`${t.kind} = 'SCRAP'`),
    // A line is credited once.
    uniqueIndex('invoice_charges_credited_item_unique')
      .on(t.creditedItemId)
      .where(sql`${t.creditedItemId} is not null`),
    uniqueIndex('invoice_charges_credited_charge_unique')
      .on(t.creditedChargeId)
      .where(sql`${t.creditedChargeId} is not null`),
  ],
);
