import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  INVOICE_UOMS,
  type IssuedDocument,
  JOB_TYPES,
  USAGE_TYPES,
} from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../constant-sql';
import { locations } from './locations';
import { materials } from './materials';
import { users } from './users';

/**
 * Quantities and dimensions are `numeric` without a scale: the shared schema bounds what is
 * entered (a whole quantity, dimensions to the millimetre), and a calculated quantity, rounded to
 * 2 decimals by the shared function, may exceed any fixed precision (quantity x l x w x h).
 */
const quantity = (name: string) => numeric(name, { mode: 'number' }).notNull().default(0);

/** An amount of money in whole cents of the invoice's currency. */
export const moneyCents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** An invoice (02 section 3); its items and their material usages are written with it. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** As typed (INV-123456); unique whatever its case. */
    invoiceId: text('invoice_id').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'restrict' }),
    clientName: text('client_name').notNull(),
    clientAddress: text('client_address').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    department: text('department'),
    jobPeriod: text('job_period'),
    jobDetails: text('job_details'),
    signature: text('signature'),
    notes: text('notes'),
    invoiceRemark: text('invoice_remark'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('DRAFT'),
    grandTotalCalculatedVolumeQty: quantity('grand_total_calculated_volume_qty'),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('WORK'),
    /** Given when finalized, from its series' counter; a draft has none. */
    number: text('number'),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    clientEmail: text('client_email'),
    clientVatId: text('client_vat_id'),
    currency: text('currency').notNull().default('EUR'),
    /** The VAT rate of the invoice in basis points: the company's, or 0 for a zero-rated customer. */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    netCents: moneyCents('net_cents'),
    vatCents: moneyCents('vat_cents'),
    grossCents: moneyCents('gross_cents'),
    /** A hire invoice's billing period, both days included. */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    /** A credit note's invoice. */
    creditedInvoiceId: integer('credited_invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    /**
     * Seller, buyer, site and VAT category as they were at issue, which its files read so that a
     * PDF made a year later is the one sent (decision 053). Null while a draft.
     */
    issued: jsonb('issued').$type<IssuedDocument>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_status_check', oneOf(t.status, INVOICE_STATUSES)),
    // Typed ids and system-given ids (HIRE-…, credit note numbers) are unique each among their own,
    // so that no typed id can block a number the system gives.
    uniqueIndex('invoices_invoice_id_unique')
      .on(sql`lower(${t.invoiceId})`)
      .where(sql`${t.kind} = 'WORK'`),
    uniqueIndex('invoices_system_id_unique')
      .on(sql`lower(${t.invoiceId})`)
      .where(sql`${t.kind} <> 'WORK'`),
    // The list, newest issue date first, over every location or one location.
    index('invoices_issue_date_idx').on(t.issueDate, t.id),
    index('invoices_location_issue_date_idx').on(t.locationId, t.issueDate, t.id),
    // The search over the Invoice ID and the client name is answered from trigrams (pg_trgm,
    // migration 0009): one index over both, joined by a separator no search contains.
    index('invoices_search_idx').using(
      'gin',
      sql`search_fold(${t.invoiceId} || chr(31) || ${t.clientName}) gin_trgm_ops`,
    ),
    index('invoices_created_by_idx').on(t.createdById),
    check('invoices_kind_check', oneOf(t.kind, INVOICE_KINDS)),
    uniqueIndex('invoices_number_unique').on(t.number).where(sql`${t.number} is not null`),
    index('invoices_credited_idx')
      .on(t.creditedInvoiceId)
      .where(sql`${t.creditedInvoiceId} is not null`),
    // A billing run finds a site's hire invoice of a period.
    index('invoices_hire_period_idx')
      .on(t.locationId, t.periodStart)
      .where(sql`${t.kind} = 'HIRE'`),
  ],
);

/** A line of an invoice, in the order of `position`; its calculated quantity is the server's. */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The sub-location on site, as typed. */
    location: text('location'),
    itemDate: date('item_date', { mode: 'string' }),
    jobDescription: text('job_description'),
    jobType: text('job_type', { enum: JOB_TYPES }).notNull(),
    uom: text('uom', { enum: INVOICE_UOMS }).notNull(),
    quantity: quantity('quantity'),
    length: quantity('length'),
    width: quantity('width'),
    height: quantity('height'),
    remark: text('remark'),
    itemTotalCalculatedQuantity: quantity('item_total_calculated_quantity'),
    /** The work rate of its job type and unit when saved (cents per unit), and its amount. */
    rateCents: integer('rate_cents'),
    amountCents: moneyCents('amount_cents'),
  },
  (t) => [
    check('invoice_items_job_type_check', oneOf(t.jobType, JOB_TYPES)),
    check('invoice_items_uom_check', oneOf(t.uom, INVOICE_UOMS)),
    index('invoice_items_invoice_idx').on(t.invoiceId, t.position),
  ],
);

/** What a job used of a material of the invoice's location; it does not move stock. */
export const invoiceMaterialUsages = pgTable(
  'invoice_material_usages',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => invoiceItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    usageType: text('usage_type', { enum: USAGE_TYPES }).notNull(),
    quantity: quantity('quantity'),
    length: quantity('length'),
    width: quantity('width'),
    height: quantity('height'),
    notes: text('notes'),
  },
  (t) => [
    check('invoice_material_usages_usage_type_check', oneOf(t.usageType, USAGE_TYPES)),
    index('invoice_material_usages_item_idx').on(t.itemId, t.position),
    // A material's deletion asks whether an invoice used it.
    index('invoice_material_usages_material_idx').on(t.materialId),
  ],
);
