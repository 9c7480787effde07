import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants';
import { parseIsoDate } from '../dates';
import { MAX_SALARY, STAFF_MESSAGES } from '../staff';
import { STAFF_STATUSES } from '../staff-codes';
import { countQuery, idField, optionalIdQuery, paginationQuery, TEXT_MESSAGES } from './common';
import { exportFields } from './exports';
import { phoneField } from './phone';
import { isoInstantSchema } from './responses';
import { blankToUndefined, plainText, upperCased } from './text';

/**
 * Staff (03 sections 2.2, 3 to 9; PRODUCT-DECISIONS.md): the people whose attendance a field
 * manager records. They are not sign-in users. The one contract of both ends.
 */

/** Text of at least `min` characters (trimmed), at most `max`; `message` for a shorter one. */
const textOf = (field: string, min: number, max: number, message: string, multiline = false) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    plainText(
      z
        .string({ error: message })
        .trim()
        .min(min, { error: message })
        .max(max, { error: `${field} must be at most ${max} characters` }),
      field,
      { multiline },
    ),
  );

/** A staff member's phone number: the one rule (schemas/phone.ts), at least 10 digits (03 section 5). */
const phoneOf = (message: string) => phoneField(message, 10);

/** A required yyyy-MM-dd that exists on the calendar. */
const isoDateField = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: message }).refine((text) => parseIsoDate(text) !== null, { error: message }),
  );

/** An annual salary: a JSON number or a form's text; blank is 0 (03 section 9). */
const salaryField = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    if (blank === undefined) return 0;
    if (typeof blank !== 'string') return blank;
    const text = blank.trim().replace(/,/g, '');
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : blank;
  },
  z
    .number({ error: STAFF_MESSAGES.salaryPositive })
    .min(0, { error: STAFF_MESSAGES.salaryPositive })
    .max(MAX_SALARY, { error: STAFF_MESSAGES.salaryMax })
    .transform((value) => Math.round(value * 100) / 100),
);

/** What POST and PUT /staff take (03 section 5). */
export const staffSchema = z.object({
  name: textOf('Name', 2, 100, STAFF_MESSAGES.nameMin),
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    z
      .email({ error: STAFF_MESSAGES.emailInvalid })
      .max(254, { error: STAFF_MESSAGES.emailInvalid }),
  ),
  phone: phoneOf(STAFF_MESSAGES.phoneMin),
  position: textOf('Position', 1, 100, STAFF_MESSAGES.positionRequired),
  locationId: idField(STAFF_MESSAGES.locationRequired),
  department: textOf('Department', 1, 100, STAFF_MESSAGES.departmentRequired),
  hireDate: isoDateField(STAFF_MESSAGES.hireDateRequired),
  salary: salaryField,
  status: z.preprocess(
    (value) => upperCased(blankToUndefined(value)),
    z.enum(STAFF_STATUSES, { error: STAFF_MESSAGES.statusInvalid }).default('ACTIVE'),
  ),
  address: textOf('Address', 5, 300, STAFF_MESSAGES.addressMin, true),
  emergencyContact: textOf(
    'Emergency contact name',
    2,
    100,
    STAFF_MESSAGES.emergencyContactRequired,
  ),
  emergencyPhone: phoneOf(STAFF_MESSAGES.emergencyPhoneMin),
});
export type StaffInput = z.infer<typeof staffSchema>;
/** The form's values as typed, before the schema's coercions. */
export type StaffFormInput = z.input<typeof staffSchema>;

/** A location filter where 0 (All Locations) means every location. */
export const allOrOneLocationQuery = z.preprocess(
  (value) => (value === '0' || value === 0 ? undefined : value),
  optionalIdQuery('Location must be a location id, or 0 for all'),
);

const searchQuery = z.preprocess(
  blankToUndefined,
  plainText(z.string().trim().max(100), 'Search').optional(),
);

/** The staff filters (03 section 7): search by name, email or position, location, department, status. */
export const staffFiltersQuery = z.object({
  search: searchQuery,
  locationId: allOrOneLocationQuery,
  department: z.preprocess(
    blankToUndefined,
    plainText(z.string().trim().max(100), 'Department').optional(),
  ),
  status: z.preprocess((value) => {
    const status = upperCased(blankToUndefined(value));
    return status === 'ALL' ? undefined : status;
  }, z.enum(STAFF_STATUSES, { error: STAFF_MESSAGES.statusInvalid }).optional()),
});
export type StaffFilters = z.infer<typeof staffFiltersQuery>;

/** GET <list>/export: the list's filters, every page, as xlsx or csv. */
export const staffExportQuery = staffFiltersQuery.extend(exportFields);
export type StaffExportQuery = z.infer<typeof staffExportQuery>;

/** GET /staff: the spec's `pageSize` (or `limit`, as the other lists), 10 by default. */
export const staffListQuery = staffFiltersQuery
  .extend({
    page: paginationQuery(PAGE_SIZES.staff).shape.page,
    pageSize: countQuery(MAX_PAGE_LIMIT, TEXT_MESSAGES.limit(MAX_PAGE_LIMIT)).optional(),
    limit: countQuery(MAX_PAGE_LIMIT, TEXT_MESSAGES.limit(MAX_PAGE_LIMIT)).optional(),
  })
  .transform(({ pageSize, limit, ...rest }) => ({
    ...rest,
    limit: pageSize ?? limit ?? PAGE_SIZES.staff,
  }));
export type StaffListQuery = z.infer<typeof staffListQuery>;

// Answers.

export const staffDtoSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  position: z.string(),
  locationId: z.int(),
  /** The location's name (03 section 3). */
  location: z.string(),
  department: z.string(),
  hireDate: z.string(),
  salary: z.number(),
  status: z.enum(STAFF_STATUSES),
  address: z.string(),
  emergencyContact: z.string(),
  emergencyPhone: z.string(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type StaffDto = z.infer<typeof staffDtoSchema>;
