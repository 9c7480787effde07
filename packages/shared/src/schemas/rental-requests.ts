import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { parseIsoDate } from '../dates';
import {
  earliestToday,
  MAX_REQUEST_ITEMS,
  MAX_REQUEST_QUANTITY,
  RENTAL_REQUEST_MESSAGES,
  RENTAL_REQUEST_STATUSES,
} from '../rental-requests';
import { MAX_ID, numberFromDigits, paginationQuery } from './common';
import { exportFields } from './exports';
import { isoInstantSchema } from './responses';
import { blankToUndefined, optionalText, plainText, requiredText } from './text';

/**
 * Rental requests (02 sections 2.5 to 2.8, 3 to 9): a field manager asks for material, with the
 * single form (a free-text material) or the bulk form (materials of a location's inventory); an
 * admin approves or rejects it once, with notes. Both forms make one request record.
 */

/** A required yyyy-MM-dd that exists on the calendar. */
const isoDate = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: message }).refine((text) => parseIsoDate(text) !== null, { error: message }),
  );

/** A quantity typed (text) or sent (a number): a whole number from 1. */
const quantityField = z.preprocess(
  (value) => numberFromDigits(/^-?[0-9]+$/)(blankToUndefined(value)),
  z
    .number({ error: RENTAL_REQUEST_MESSAGES.quantityInvalid })
    .int({ error: RENTAL_REQUEST_MESSAGES.quantityInvalid, abort: true })
    .min(1, { error: RENTAL_REQUEST_MESSAGES.quantityMin })
    .max(MAX_REQUEST_QUANTITY, { error: RENTAL_REQUEST_MESSAGES.quantityMax }),
);

/** A location picked in a select: missing is "required", anything but a location id "valid". */
const locationField = (missing: string, invalid: string) =>
  z.preprocess(
    (value) => numberFromDigits()(blankToUndefined(value)),
    z
      .number({
        error: (issue) => (issue.input === undefined ? missing : invalid),
      })
      .int({ error: invalid, abort: true })
      .min(1, { error: invalid })
      .max(MAX_ID, { error: invalid }),
  );

/** A material of the bulk form's table: picked from the stock of any active location. */
const materialIdField = z.preprocess(
  (value) => numberFromDigits()(blankToUndefined(value)),
  z
    .number({ error: RENTAL_REQUEST_MESSAGES.materialRequired })
    .int({ error: RENTAL_REQUEST_MESSAGES.materialRequired, abort: true })
    .min(1, { error: RENTAL_REQUEST_MESSAGES.materialRequired })
    .max(MAX_ID, { error: RENTAL_REQUEST_MESSAGES.materialRequired }),
);

const unitField = requiredText('Unit', RENTAL_REQUEST_MESSAGES.unitRequired, 20);

export const bulkRequestItemSchema = z.object({
  materialId: materialIdField,
  name: requiredText('Material name', RENTAL_REQUEST_MESSAGES.itemNameRequired, 100),
  description: optionalText('Description', 500, { multiline: true }),
  quantity: quantityField,
  unit: unitField,
});
export type BulkRequestItemInput = z.infer<typeof bulkRequestItemSchema>;

/**
 * The bulk form (02 sections 2.6 and 5). `today` says what "the past" is: the browser's date on
 * the form, the earliest date on earth on the server (earliestToday).
 */
export function bulkRentalRequestSchema(today: () => string = earliestToday) {
  return z.object({
    locationId: locationField(
      RENTAL_REQUEST_MESSAGES.locationRequired,
      RENTAL_REQUEST_MESSAGES.locationInvalid,
    ),
    requestedDate: isoDate(RENTAL_REQUEST_MESSAGES.requestedDateRequired),
    returnDate: z.preprocess(
      blankToUndefined,
      isoDate('Return date must be a valid date')
        .refine((date) => date >= today(), { error: RENTAL_REQUEST_MESSAGES.returnDatePast })
        .optional(),
    ),
    notes: optionalText('Notes', 2000, { multiline: true }),
    items: z
      .array(bulkRequestItemSchema, { error: RENTAL_REQUEST_MESSAGES.itemsRequired })
      .min(1, { error: RENTAL_REQUEST_MESSAGES.itemsRequired })
      .max(MAX_REQUEST_ITEMS, { error: RENTAL_REQUEST_MESSAGES.tooManyItems }),
  });
}
export const bulkRentalRequestBody = bulkRentalRequestSchema();
export type BulkRentalRequestInput = z.infer<typeof bulkRentalRequestBody>;

/** The single form (02 sections 2.5 and 5): one free-text material. */
export const singleRentalRequestSchema = z
  .object({
    name: requiredText('Material Name', RENTAL_REQUEST_MESSAGES.nameRequired, 100),
    quantity: quantityField,
    unit: unitField,
    requestedDate: isoDate(RENTAL_REQUEST_MESSAGES.requestedDateRequired),
    returnDate: isoDate(RENTAL_REQUEST_MESSAGES.returnDateRequired),
    description: optionalText('Description', 500, {
      multiline: true,
      min: { length: 10, message: RENTAL_REQUEST_MESSAGES.descriptionMin },
    }),
    location: locationField(
      RENTAL_REQUEST_MESSAGES.locationRequired,
      RENTAL_REQUEST_MESSAGES.locationRequired,
    ),
    notes: optionalText('Additional notes', 2000, { multiline: true }),
  })
  .refine((request) => request.returnDate >= request.requestedDate, {
    error: RENTAL_REQUEST_MESSAGES.returnBeforeRequested,
    path: ['returnDate'],
  });
export type SingleRentalRequestInput = z.infer<typeof singleRentalRequestSchema>;

/**
 * What POST /rental-requests takes: the bulk shape (it names `locationId` or `items`) or the
 * single one. A `requestedById` or status sent along is dropped: the requester is the session's.
 */
export const createRentalRequestSchema = z.preprocess(
  (body) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const bulk = 'items' in body || 'locationId' in body;
    return { ...body, kind: bulk ? 'bulk' : 'single' };
  },
  z.discriminatedUnion('kind', [
    bulkRentalRequestBody.extend({ kind: z.literal('bulk') }),
    singleRentalRequestSchema.safeExtend({ kind: z.literal('single') }),
  ]),
);
export type CreateRentalRequestInput = z.infer<typeof createRentalRequestSchema>;

const notesText = z.preprocess(
  blankToUndefined,
  plainText(
    z
      .string({ error: RENTAL_REQUEST_MESSAGES.notesRequired })
      .trim()
      .min(1, { error: RENTAL_REQUEST_MESSAGES.notesRequired })
      .max(2000, { error: 'Notes must be at most 2000 characters' }),
    'Notes',
    { multiline: true },
  ),
);

/** A body of `{ notes }`, or the field the list's dialog names (`approvalNotes`, `rejectionNotes`). */
const notesBody = (alias?: 'approvalNotes' | 'rejectionNotes') =>
  z.preprocess(
    (body) => {
      if (!alias || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
      const record = body as Record<string, unknown>;
      return blankToUndefined(record.notes) === undefined && alias in record
        ? { ...record, notes: record[alias] }
        : body;
    },
    z.object({ notes: notesText }),
  );

/** Approve, reject, and the later edit of a decided request's notes: notes non-blank (400). */
export const approveRentalRequestSchema = notesBody('approvalNotes');
export const rejectRentalRequestSchema = notesBody('rejectionNotes');
export const rentalRequestNotesSchema = notesBody();
export type RentalRequestNotesInput = z.infer<typeof rentalRequestNotesSchema>;

export const rentalRequestListQuery = paginationQuery(PAGE_SIZES.rentalRequests).extend({
  search: z.preprocess(
    blankToUndefined,
    plainText(
      z.string().trim().max(100, { error: 'Search must be at most 100 characters' }),
      'Search',
    ).optional(),
  ),
  status: z.preprocess(
    (value) => {
      const text = blankToUndefined(value);
      return typeof text === 'string' ? text.trim().toUpperCase() : text;
    },
    z
      .enum(RENTAL_REQUEST_STATUSES, {
        error: `Status must be one of ${RENTAL_REQUEST_STATUSES.join(', ')}`,
      })
      .optional(),
  ),
});
export type RentalRequestListQuery = z.infer<typeof rentalRequestListQuery>;

/** GET <list>/export: the list's filters, every page, as xlsx or csv. */
export const rentalRequestExportQuery = rentalRequestListQuery
  .omit({ page: true, limit: true })
  .extend(exportFields);
export type RentalRequestExportQuery = z.infer<typeof rentalRequestExportQuery>;

// Answers.

const personSchema = z.object({ id: z.int(), name: z.string(), email: z.string() });

/** A row of the request list. */
export const rentalRequestSummaryDtoSchema = z.object({
  id: z.int(),
  requestedById: z.int().nullable(),
  requestedBy: personSchema
    .extend({ location: z.object({ id: z.int(), name: z.string() }).nullable() })
    .nullable(),
  locationId: z.int(),
  location: z.object({ name: z.string(), address: z.string() }),
  requestedDate: z.string(),
  returnDate: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(RENTAL_REQUEST_STATUSES),
  itemCount: z.int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type RentalRequestSummaryDto = z.infer<typeof rentalRequestSummaryDtoSchema>;

const placeSchema = z.object({ id: z.int(), name: z.string() });

export const rentalRequestItemDtoSchema = z.object({
  id: z.int(),
  /** Null for the single form's free-text material. */
  materialId: z.int().nullable(),
  /** Where it is asked from (its material's location); null for a free-text material. */
  sourceLocationId: z.int().nullable(),
  sourceLocation: placeSchema.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
});
export type RentalRequestItemDto = z.infer<typeof rentalRequestItemDtoSchema>;

/** One request, whole: its materials and its decision. */
export const rentalRequestDtoSchema = rentalRequestSummaryDtoSchema.extend({
  items: z.array(rentalRequestItemDtoSchema),
  approvedById: z.int().nullable(),
  approvedBy: personSchema.nullable(),
  decidedAt: isoInstantSchema.nullable(),
  decisionNotes: z.string().nullable(),
  /** The rentals made from it, one per source (Create Rental), oldest first. */
  rentals: z.array(z.object({ id: z.int(), fromLocation: placeSchema })),
});
export type RentalRequestDto = z.infer<typeof rentalRequestDtoSchema>;

/** GET /rental-requests/materials: the stock a request may ask for, narrowed by a name. */
export const requestableMaterialsQuery = z.object({
  search: z.preprocess(
    blankToUndefined,
    plainText(
      z.string().trim().max(100, { error: 'Search must be at most 100 characters' }),
      'Search',
    ).optional(),
  ),
});
export type RequestableMaterialsQuery = z.infer<typeof requestableMaterialsQuery>;

/** A material of an active location as the bulk form's picker shows it: grouped by its location. */
export const requestableMaterialSchema = z.object({
  id: z.int(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  location: placeSchema,
});
export type RequestableMaterial = z.infer<typeof requestableMaterialSchema>;
