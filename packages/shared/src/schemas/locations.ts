import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { countryCodeField, ZERO_RATINGS } from '../e-invoice';
import {
  CUSTOMER_EMAIL_MESSAGE,
  LOCATION_STATUS_LABELS,
  LOCATION_STATUSES,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
} from '../locations';
import { LOCATION_TYPE_WORDS, STATUS_WORDS, valueOfWord } from '../vocabulary';
import { paginationQuery } from './common';
import { exportFields } from './exports';
import { isoInstantSchema } from './responses';
import { isBlank, nullableText, plainText } from './text';

/** Enum values compare case-insensitively; an empty select means nothing was chosen. */
export const upperOrUndefined = (value: unknown) =>
  typeof value === 'string' ? value.trim().toUpperCase() || undefined : value;

/** A type or a status as its value, or one of the company's words for it. */
const typeOfWord = (value: unknown) =>
  valueOfWord(upperOrUndefined(value), LOCATION_TYPE_WORDS, LOCATION_TYPE_LABELS);
const statusOfWord = (value: unknown) =>
  valueOfWord(upperOrUndefined(value), STATUS_WORDS, LOCATION_STATUS_LABELS);

export const locationTypeField = z.preprocess(
  typeOfWord,
  z.enum(LOCATION_TYPES, { error: 'Please select a location type' }),
);
export const locationStatusField = z.preprocess(
  statusOfWord,
  z.enum(LOCATION_STATUSES, { error: 'Please select a status' }),
);

/**
 * The customer a site bills: its invoices take their client from here. Every field is
 * optional; a zero-rated customer's invoices carry no VAT.
 */
export const locationCustomerFields = {
  customerName: nullableText('Customer name', 200),
  customerAddress: nullableText('Customer address', 500, { multiline: true }),
  customerEmail: z.preprocess(
    (value) => (isBlank(value) ? null : typeof value === 'string' ? value.trim() : value),
    z
      .email({ error: CUSTOMER_EMAIL_MESSAGE })
      .max(254, { error: CUSTOMER_EMAIL_MESSAGE })
      .nullable(),
  ),
  customerVatId: nullableText('VAT ID', 40),
  customerZeroRated: z.boolean({ error: 'Zero-rated must be true or false' }).default(false),
  /** How a zero-rated customer is: Z zero rated, AE reverse charge, G export. */
  customerZeroRating: z.preprocess(
    (value) => (isBlank(value) ? null : upperOrUndefined(value)),
    z.enum(ZERO_RATINGS, { error: 'Zero rating must be Z, AE or G' }).nullable(),
  ),
  /** The structured address an e-invoice needs (the address above is its street lines). */
  customerPostcode: nullableText('Postcode', 20),
  customerCity: nullableText('City', 100),
  customerCountryCode: z.preprocess(
    (value) => (isBlank(value) ? null : value),
    countryCodeField.nullable(),
  ),
  customerBuyerReference: nullableText('Buyer reference', 200),
};

export const locationSchema = z.object({
  name: plainText(
    z
      .string({ error: 'Location name must be at least 3 characters' })
      .trim()
      .min(3, { error: 'Location name must be at least 3 characters' })
      .max(100, { error: 'Location name must be at most 100 characters' }),
    'Location name',
  ),
  address: plainText(
    z
      .string({ error: 'Address must be at least 5 characters' })
      .trim()
      .min(5, { error: 'Address must be at least 5 characters' })
      .max(200, { error: 'Address must be at most 200 characters' }),
    'Address',
  ),
  type: locationTypeField,
  status: locationStatusField,
  ...locationCustomerFields,
});
export type LocationInput = z.infer<typeof locationSchema>;

export const locationListQuery = paginationQuery(PAGE_SIZES.locations).extend({
  type: z.preprocess(
    upperOrUndefined,
    z.enum(LOCATION_TYPES, { error: 'Please select a location type' }).optional(),
  ),
  status: z.preprocess(
    upperOrUndefined,
    z.enum(LOCATION_STATUSES, { error: 'Please select a status' }).optional(),
  ),
});
export type LocationListQuery = z.infer<typeof locationListQuery>;

/** GET <list>/export: the list's filters, every page, as xlsx or csv. */
export const locationExportQuery = locationListQuery
  .omit({ page: true, limit: true })
  .extend(exportFields);
export type LocationExportQuery = z.infer<typeof locationExportQuery>;

/** The pickers' lists (active, by type): one page holds the largest page any list answers. */
export const locationPickerQuery = paginationQuery(100);

export const locationTypeParam = z.object({ type: locationTypeField });

export const locationDtoSchema = z.object({
  id: z.int(),
  name: z.string(),
  address: z.string(),
  type: z.enum(LOCATION_TYPES),
  status: z.enum(LOCATION_STATUSES),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerVatId: z.string().nullable(),
  customerZeroRated: z.boolean(),
  customerZeroRating: z.enum(ZERO_RATINGS).nullable(),
  customerPostcode: z.string().nullable(),
  customerCity: z.string().nullable(),
  customerCountryCode: z.string().nullable(),
  customerBuyerReference: z.string().nullable(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type LocationDto = z.infer<typeof locationDtoSchema>;

/** A location as a picker shows it: open to every signed-in user. */
export const locationOptionSchema = z.object({
  id: z.int(),
  name: z.string(),
  status: z.enum(LOCATION_STATUSES),
  /**
   * Whether the site has a customer to bill: the billing run's picker lists only those.
   * The API always says; an option a screen makes of another record leaves it out.
   */
  hasCustomer: z.boolean().optional(),
});
export type LocationOption = z.infer<typeof locationOptionSchema>;

export const locationStatsSchema = z.object({
  locationId: z.int(),
  materialCount: z.int(),
  unitsInStock: z.number(),
  lowStockCount: z.int(),
  outOfStockCount: z.int(),
});
export type LocationStats = z.infer<typeof locationStatsSchema>;
