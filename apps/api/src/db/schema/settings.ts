import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** The one company profile (PRODUCT-DECISIONS.md): a single row, id 1. */
export const companyProfile = pgTable(
  'company_profile',
  {
    id: integer('id').primaryKey().default(1),
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /**
     * What an invoice must say of its issuer: the address's postcode, city
     * and ISO 3166-1 country, the VAT id and tax number, the register entry, the bank account.
     * Empty until an admin gives them; an invoice is not finalized without those the law needs.
     */
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    vatId: text('vat_id').notNull().default(''),
    taxNumber: text('tax_number').notNull().default(''),
    registerEntry: text('register_entry').notNull().default(''),
    iban: text('iban').notNull().default(''),
    bic: text('bic').notNull().default(''),
    /** An admin without two-factor sign-in must set it up before anything else. */
    requireAdminTwoFactor: boolean('require_admin_two_factor').notNull().default(false),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_profile_single_row', sql`${t.id} = 1`)],
);

/** The one-time recovery codes of a user's two-factor sign-in, kept as SHA-256 hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);
