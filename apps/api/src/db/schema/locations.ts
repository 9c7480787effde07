import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    type: text('type', { enum: ['BMR_YARD', 'FIELD'] }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    /** The customer a site bills: its hire and work invoices take their client from it. */
    customerName: text('customer_name'),
    customerAddress: text('customer_address'),
    customerEmail: text('customer_email'),
    customerVatId: text('customer_vat_id'),
    /** Its invoices carry no VAT (an export, a reverse charge). */
    customerZeroRated: boolean('customer_zero_rated').notNull().default(false),
    /**
     * How a zero-rated customer is zero-rated, as EN 16931 codes it: Z zero rated,
     * AE reverse charge, G export outside the EU; null is Z.
     */
    customerZeroRating: text('customer_zero_rating', { enum: ['Z', 'AE', 'G'] }),
    /** The customer's address as an e-invoice structures it: the address above is its street lines. */
    customerPostcode: text('customer_postcode'),
    customerCity: text('customer_city'),
    customerCountryCode: text('customer_country_code'),
    /** The buyer's reference an invoice must quote (a Leitweg-ID for a German public buyer). */
    customerBuyerReference: text('customer_buyer_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('locations_type_check', sql`${t.type} in ('BMR_YARD', 'FIELD')`),
    check('locations_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
    check('locations_customer_zero_rating_check', sql`${t.customerZeroRating} in ('Z', 'AE', 'G')`),
    index('locations_type_idx').on(t.type),
    index('locations_status_idx').on(t.status),
    // One location per name, whatever its case and surrounding spaces (migration 0011).
    uniqueIndex('locations_name_unique').on(sql`lower(trim(${t.name}))`),
    // The searches of the rentals and the requests find the places they name from trigrams
    // (pg_trgm): a quarter of a millisecond less each than matching every name.
    index('locations_name_search_idx').using('gin', sql`search_fold(${t.name}) gin_trgm_ops`),
  ],
);
