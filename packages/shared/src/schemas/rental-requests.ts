import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { parseIsoDate } from '../dates';
import { MAX_ID, numberFromDigits, paginationQuery } from './common';
import { exportFields } from './exports';
import { isoInstantSchema } from './responses';
import { blankToUndefined, optionalText, plainText, requiredText } from './text';

/**
 * Rental requests (02 sections 2.5 to 2.8, 3 to 9): a field manager asks for material, with the
 * single form (a free-text material) or the bulk form (materials of a location's inventory); an
 * admin approves or rejects it once, with notes. Both forms make one request record.
 */

export const RENTAL_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RentalRequestStatus = (typeof RENTAL_REQUEST_STATUSES)[number];

export const RENTAL_REQUEST_STATUS_LABELS: Record<RentalRequestStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** A request's decisions: what approve and reject set. */
export type RentalRequestDecision = Exclude<RentalRequestStatus, 'PENDING'>;

/** The status compares case-insensitively; anything not decided is pending. */
export function rentalRequestStatusOf(status: string | null | undefined): RentalRequestStatus {
  const upper = (status ?? '').trim().toUpperCase();
  return upper === 'APPROVED' || upper === 'REJECTED' ? upper : 'PENDING';
}

/** The label of each material of a request (02 section 4): Available, Unavailable or Pending. */
export function requestItemStatusLabel(
  status: string | null | undefined,
): 'Available' | 'Unavailable' | 'Pending' {
  const decided = rentalRequestStatusOf(status);
  return decided === 'APPROVED' ? 'Available' : decided === 'REJECTED' ? 'Unavailable' : 'Pending';
}

/** The bulk form's default unit (02 section 9). */
export const DEFAULT_REQUEST_UNIT = 'EACH';

/** How many materials one request holds at most, and the largest quantity of one. */
export const MAX_REQUEST_ITEMS = 200;
export const MAX_REQUEST_QUANTITY = 1_000_000;

export const RENTAL_REQUEST_MESSAGES = {
  // 02 section 5, word for word.
  nameRequired: 'Material Name is required',
  quantityMin: 'Quantity must be at least 1',
  quantityInvalid: 'Please enter a valid quantity',
  unitRequired: 'Unit is required',
  requestedDateRequired: 'Requested date is required',
  returnDateRequired: 'Return date is required',
  descriptionMin: 'Description must be at least 10 characters',
  locationRequired: 'Location is required',
  locationInvalid: 'Please select a valid location',
  returnDatePast: 'Return date cannot be in the past',
  itemsRequired: 'At least one material must be added to the request list',
  // Where the spec names a rule and no message.
  materialRequired: 'Please select a material',
  itemNameRequired: 'Material name is required',
  returnBeforeRequested: 'Return date cannot be before the requested date',
  quantityMax: `Quantity must be at most ${MAX_REQUEST_QUANTITY}`,
  tooManyItems: `A request can hold at most ${MAX_REQUEST_ITEMS} materials`,
  notesRequired: 'Notes are required',
  materialNotRequestable: 'A material requested must be in the stock of an active location',
  // Create Rental from a request (one rental per source, PRODUCT-DECISIONS).
  notApprovedForRental: 'Only an approved request of the Rented To location can become a rental',
  hasRental: 'This request already has a rental',
  hasRentalFrom: (requestId: number, from: string, rentalId: number) =>
    `Request #${requestId} already has a rental from ${from}: Rental #${rentalId}`,
  nothingFrom: (requestId: number, from: string) =>
    `Request #${requestId} asks for nothing from ${from}`,
  // The server's refusals.
  notFound: 'Rental request not found',
  alreadyDecided: (status: RentalRequestDecision) =>
    `This request has already been ${status === 'APPROVED' ? 'approved' : 'rejected'}.`,
  notesOfPending: 'Only the notes of an approved or rejected request can be edited.',
  // 02 section 8: toasts, titled Error.
  noUser: 'User not authenticated. Cannot submit request.',
  submitFailed: 'Failed to submit material request. Please try again.',
  loadFailed: (what: string) => `Could not load ${what}. Please try again later.`,
  listLoad: 'Failed to fetch rental requests',
  decisionFailed: (decision: 'approve' | 'reject') => `Failed to ${decision} request`,
  notesFailed: 'Failed to update notes',
  // Screens.
  notFoundTitle: 'Request Not Found',
  notFoundText: 'The request you are looking for does not exist or you cannot see it.',
  empty: 'No rental requests found.',
  // Successes (their wording is not shown by the spec).
  submitted: 'Request Submitted',
  submittedText:
    'Your material request has been submitted and is pending approval. You will be notified when it is decided.',
  approved: 'Request Approved',
  rejected: 'Request Rejected',
  notesUpdated: 'Notes Updated',
} as const;

/**
 * The earliest date that is still today somewhere (UTC-12): the server's today for "not in the
 * past", so that no browser's today, wherever it is, is refused as the past.
 */
export function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

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

/**
 * The locations a request asks stock from, in the order its items name them: the sources of its
 * items but the delivery location itself (already there) and free-text ones (no source). A
 * request makes one rental per source; a request with none (asked by name) makes one rental,
 * from wherever the admin picks.
 */
export function requestSourceIds(
  items: readonly { sourceLocationId: number | null }[],
  deliveryLocationId: number,
): number[] {
  const ids = items.flatMap((item) =>
    item.sourceLocationId === null || item.sourceLocationId === deliveryLocationId
      ? []
      : [item.sourceLocationId],
  );
  return [...new Set(ids)];
}

/** A rental a request makes: from one source (null: the admin picks), with its items and its rental once made. */
export type RequestDispatch = {
  from: { id: number; name: string } | null;
  items: RentalRequestItemDto[];
  rental: { id: number } | null;
};

/** What Create Rental offers for a request: one dispatch per source (requestSourceIds). */
export function requestDispatches(
  request: Pick<RentalRequestDto, 'locationId' | 'items' | 'rentals'>,
): RequestDispatch[] {
  const sources = requestSourceIds(request.items, request.locationId);
  if (sources.length === 0) {
    const [rental] = request.rentals;
    return [{ from: null, items: request.items, rental: rental ? { id: rental.id } : null }];
  }
  return sources.map((id) => {
    const items = request.items.filter((item) => item.sourceLocationId === id);
    const rental = request.rentals.find((candidate) => candidate.fromLocation.id === id);
    return {
      from: items[0]?.sourceLocation ?? { id, name: `Location ${id}` },
      items,
      rental: rental ? { id: rental.id } : null,
    };
  });
}

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

/** The detail screen's totals (02 section 2.8): items, quantity and different units. */
export function requestTotals(items: readonly { quantity: number; unit: string }[]) {
  return {
    items: items.length,
    quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    units: new Set(items.map((item) => item.unit.trim().toUpperCase())).size,
  };
}
