import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { parseIsoDate } from '../dates';
import { MAX_MATERIAL_QUANTITY } from '../materials';
import {
  isPastDate,
  MAX_RENTAL_ITEMS,
  RENTAL_MESSAGES,
  RENTAL_STATUSES,
  type RentalItemLike,
  remaining,
} from '../rentals';
import { idField, optionalIdQuery, paginationQuery } from './common';
import { exportFields } from './exports';
import { optionalMovementDateField } from './movement-dates';
import { dispatchFields } from './movement-notes';
import { isoInstantSchema } from './responses';
import { blankToUndefined, plainText, upperCased } from './text';

/**
 * Material rentals (02 sections 2.9 to 2.11, 3 to 9; 03 section 2.9; PRODUCT-DECISIONS.md): the one
 * contract of both ends. Stock leaves the from-location when a rental is created, and each return
 * says how much of a line came back good (into stock), damaged (into repair stock) and lost
 * (written off).
 */

/** A whole quantity of at least 1 (a JSON number, or a form's digits). */
const atLeastOne = (message: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank !== 'string') return blank;
      const text = blank.trim();
      return /^-?[0-9]+$/.test(text) ? Number(text) : blank;
    },
    z
      .number({ error: message })
      .int({ error: message, abort: true })
      .min(1, { error: message })
      .max(MAX_MATERIAL_QUANTITY, { error: RENTAL_MESSAGES.quantityMax }),
  );

const notes = z.preprocess(
  blankToUndefined,
  plainText(
    z
      .string({ error: 'Notes must be text' })
      .trim()
      .max(2000, { error: 'Notes must be at most 2000 characters' }),
    'Notes',
    { multiline: true },
  ).optional(),
);

/** One line of a rental. The unit and name are the material's (the server takes its own). */
export const rentalItemSchema = z.object({
  materialId: idField(RENTAL_MESSAGES.materialRequired),
  quantity: atLeastOne(RENTAL_MESSAGES.quantityMin),
  unit: z.preprocess(
    blankToUndefined,
    z
      .string({ error: RENTAL_MESSAGES.unitRequired })
      .trim()
      .min(1, { error: RENTAL_MESSAGES.unitRequired })
      .max(50, { error: 'Unit must be at most 50 characters' }),
  ),
  materialName: z.preprocess(blankToUndefined, z.string().max(200).optional()),
});
export type RentalItemInput = z.infer<typeof rentalItemSchema>;

/**
 * What POST and PUT /material-rentals take, less the date's "not in the past" check (which needs
 * today: see `rentalFormSchema` and `isPastDate`). `rentedById` comes from the session; one sent
 * along is dropped. `status` matters on update only (a new rental is ACTIVE).
 */
export const rentalSchema = z
  .object({
    fromLocationId: idField(RENTAL_MESSAGES.fromLocationRequired),
    toLocationId: idField(RENTAL_MESSAGES.toLocationRequired),
    expectedReturnDate: z.preprocess(
      blankToUndefined,
      z
        .string({ error: RENTAL_MESSAGES.expectedReturnDateRequired })
        .refine((text) => parseIsoDate(text.slice(0, 10)) !== null, {
          error: RENTAL_MESSAGES.expectedReturnDateRequired,
        })
        // A full instant from a date picker is read as its calendar day.
        .transform((text) => text.slice(0, 10)),
    ),
    status: z.preprocess(
      (value) => upperCased(blankToUndefined(value)),
      z.enum(RENTAL_STATUSES, { error: RENTAL_MESSAGES.statusInvalid }).optional(),
    ),
    notes,
    /** The dispatch's vehicle and driver, written on its delivery note. */
    ...dispatchFields,
    /**
     * The day the material left (yyyy-MM-dd; left out: today): never in the future, a field
     * manager's at most 7 days back. On an update it is kept: an admin corrects it
     * with PATCH /material-rentals/{id}/rental-date.
     */
    rentalDate: optionalMovementDateField,
    /** The approved rental request this rental is made from (its Create Rental action). */
    requestId: z.preprocess(blankToUndefined, idField('Request must be a request id').optional()),
    items: z
      .array(rentalItemSchema, { error: RENTAL_MESSAGES.itemsRequired })
      .min(1, { error: RENTAL_MESSAGES.itemsRequired })
      .max(MAX_RENTAL_ITEMS, { error: RENTAL_MESSAGES.tooManyItems }),
  })
  .superRefine((rental, ctx) => {
    if (rental.fromLocationId === rental.toLocationId) {
      ctx.addIssue({
        code: 'custom',
        message: RENTAL_MESSAGES.sameLocations,
        path: ['toLocationId'],
      });
    }
    const seen = new Set<number>();
    rental.items.forEach((item, index) => {
      if (seen.has(item.materialId)) {
        ctx.addIssue({
          code: 'custom',
          message: RENTAL_MESSAGES.duplicateMaterial,
          path: ['items', index, 'materialId'],
        });
      }
      seen.add(item.materialId);
    });
  });
export type RentalInput = z.infer<typeof rentalSchema>;
export type RentalFormValues = z.input<typeof rentalSchema>;

/**
 * The Add/Edit Rental dialog's schema: the body's rules and an expected return date not before
 * `today`. Editing keeps a date already saved (`keepDate`), even a past one, so that an overdue
 * rental's notes can change.
 */
export function rentalFormSchema(today: string, keepDate?: string | null) {
  return rentalSchema.superRefine((rental, ctx) => {
    if (rental.expectedReturnDate !== keepDate && isPastDate(rental.expectedReturnDate, today)) {
      ctx.addIssue({
        code: 'custom',
        message: RENTAL_MESSAGES.expectedReturnDatePast,
        path: ['expectedReturnDate'],
      });
    }
  });
}

/** A whole quantity of at least 0 (a JSON number, or a form's digits); blank is none. */
const atLeastZero = (message: string) =>
  z.preprocess((value) => {
    const blank = blankToUndefined(value);
    if (typeof blank !== 'string') return blank;
    const text = blank.trim();
    return /^-?[0-9]+$/.test(text) ? Number(text) : blank;
  }, z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(0, { error: message })
    .max(MAX_MATERIAL_QUANTITY, { error: RENTAL_MESSAGES.quantityMax })
    .optional());

const QUANTITY_FIELDS = new Set<PropertyKey | undefined>([
  'returnedQuantity',
  'damagedQuantity',
  'lostQuantity',
]);

/**
 * POST /material-rentals/{id}/returns: one line of the rental, how many of its units came back
 * good (`returnedQuantity`, into the from-location's stock), damaged (`damagedQuantity`, into its
 * repair stock) and lost (`lostQuantity`, written off), at least 1 in all. A body
 * of old, with `returnedQuantity` alone, is a return of that many good units. The rental is the
 * path's (a materialRentalId sent along is dropped). `returnDate` is the day the hire ended (the
 * customer's off-hire day; left out: today): never in the future nor before the dispatch, a field
 * manager's at most 7 days back.
 */
export const rentalReturnSchema = z
  .object({
    rentalItemId: idField(RENTAL_MESSAGES.returnItemRequired),
    returnedQuantity: atLeastZero(RENTAL_MESSAGES.returnQuantityMin),
    damagedQuantity: atLeastZero(RENTAL_MESSAGES.returnQuantityMin),
    lostQuantity: atLeastZero(RENTAL_MESSAGES.returnQuantityMin),
    returnDate: optionalMovementDateField,
    notes,
  })
  .superRefine(
    (input, ctx) => {
      if (returnedUnits(input) < 1) {
        // A body of old (good units alone) keeps its message; one with a condition says all three.
        const perLine = input.damagedQuantity !== undefined || input.lostQuantity !== undefined;
        ctx.addIssue({
          code: 'custom',
          message: perLine ? RENTAL_MESSAGES.returnConditionMin : RENTAL_MESSAGES.returnQuantityMin,
          path: ['returnedQuantity'],
        });
      }
    },
    // Whatever else is wrong (no item chosen), once the three quantities are whole numbers.
    { when: (payload) => !payload.issues.some((issue) => QUANTITY_FIELDS.has(issue.path?.[0])) },
  )
  .transform((input) => ({
    ...input,
    returnedQuantity: input.returnedQuantity ?? 0,
    damagedQuantity: input.damagedQuantity ?? 0,
    lostQuantity: input.lostQuantity ?? 0,
  }));
export type RentalReturnInput = z.infer<typeof rentalReturnSchema>;
export type RentalReturnBody = z.input<typeof rentalReturnSchema>;

/**
 * POST /material-rentals/{id}/mark-returned (Mark Full Returned, admins): every remainder comes
 * back good on `returnDate`, the day the hire ended (left out: today), never in the future nor
 * before the dispatch, as a return's. A call without a body is today.
 */
export const markReturnedSchema = z.preprocess(
  (body) => body ?? {},
  z.object({ returnDate: optionalMovementDateField }),
);
export type MarkReturnedInput = z.infer<typeof markReturnedSchema>;

/** The units a return takes off its line: good, damaged and lost. */
export function returnedUnits(input: {
  returnedQuantity?: number;
  damagedQuantity?: number;
  lostQuantity?: number;
}): number {
  return (input.returnedQuantity ?? 0) + (input.damagedQuantity ?? 0) + (input.lostQuantity ?? 0);
}

/**
 * The Return dialog's schema: the body's rules and, good, damaged and lost together, no more than
 * the chosen item's remainder.
 */
export function rentalReturnFormSchema(items: readonly RentalItemLike[]) {
  return rentalReturnSchema.superRefine((input, ctx) => {
    const item = items.find((candidate) => candidate.id === input.rentalItemId);
    if (!item) {
      ctx.addIssue({
        code: 'custom',
        message: RENTAL_MESSAGES.returnItemRequired,
        path: ['rentalItemId'],
      });
    } else if (returnedUnits(input) > remaining(item)) {
      ctx.addIssue({
        code: 'custom',
        message: RENTAL_MESSAGES.returnOverRemainder,
        path: ['returnedQuantity'],
      });
    }
  });
}

/** A location filter where 0 (All Locations) means every location. */
const locationFilterQuery = z.preprocess(
  (value) => (value === '0' || value === 0 ? undefined : value),
  optionalIdQuery('Location must be a location id, or 0 for all'),
);

/** GET /material-rentals. `locationId` is the destination (Rented To); `status` the effective one. */
export const rentalListQuery = paginationQuery(PAGE_SIZES.rentals).extend({
  search: z.preprocess(
    blankToUndefined,
    plainText(
      z.string().trim().max(100, { error: 'Search must be at most 100 characters' }),
      'Search',
    ).optional(),
  ),
  status: z.preprocess((value) => {
    const upper = upperCased(blankToUndefined(value));
    return upper === 'ALL' ? undefined : upper;
  }, z.enum(RENTAL_STATUSES, { error: RENTAL_MESSAGES.statusInvalid }).optional()),
  locationId: locationFilterQuery,
});
export type RentalListQuery = z.infer<typeof rentalListQuery>;

/** GET /material-rentals/export: the rentals list's filters, every page, as xlsx or csv. */
export const rentalExportQuery = rentalListQuery
  .omit({ page: true, limit: true })
  .extend(exportFields);
export type RentalExportQuery = z.infer<typeof rentalExportQuery>;

/**
 * GET /material-rentals/returns: the list's filters and page, and `since`, an
 * instant: only the returns of the page's rentals changed after it are sent.
 */
export const rentalsWithReturnsQuery = rentalListQuery.extend({
  since: z.preprocess(
    blankToUndefined,
    z.iso.datetime({ offset: true, error: RENTAL_MESSAGES.sinceInvalid }).optional(),
  ),
});
export type RentalsWithReturnsQuery = z.infer<typeof rentalsWithReturnsQuery>;

// Answers.

const locationRef = z.object({ id: z.int(), name: z.string() });

export const rentalItemDtoSchema = z.object({
  id: z.int(),
  materialId: z.int(),
  materialName: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** Come back good (into stock), damaged (into repair stock) and lost. */
  quantityActuallyReturned: z.number(),
  quantityDamaged: z.number(),
  quantityLost: z.number(),
  /** The material's catalogue type and its item number: what a scanned label names. */
  materialTypeId: z.int(),
  itemNumber: z.string().nullable(),
  /**
   * The hire rate the line keeps, in force when it went out: cents a day, a week
   * (null: none), the minimum hire in days. Null day rate: no rate yet (the first billing run
   * that finds one fixes it).
   */
  dayCents: z.int().nullable(),
  weekCents: z.int().nullable(),
  minimumDays: z.int().nullable(),
});
export type RentalItemDto = z.infer<typeof rentalItemDtoSchema>;

/** A rental, in the list (with its items, for the expander) and alone. `status` is the effective one. */
export const rentalDtoSchema = z.object({
  id: z.int(),
  fromLocationId: z.int(),
  toLocationId: z.int(),
  fromLocation: locationRef,
  toLocation: locationRef,
  /** The day the rental was created (yyyy-MM-dd). */
  rentalDate: z.string(),
  expectedReturnDate: z.string(),
  /** The day the last item came back, when the rental is RETURNED (yyyy-MM-dd). */
  actualReturnDate: z.string().nullable(),
  status: z.enum(RENTAL_STATUSES),
  notes: z.string().nullable(),
  rentedById: z.int().nullable(),
  rentedBy: z.object({ id: z.int(), name: z.string() }).nullable(),
  /** The approved rental request it was made from, if any. */
  requestId: z.int().nullable(),
  items: z.array(rentalItemDtoSchema),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type RentalDto = z.infer<typeof rentalDtoSchema>;

/** GET /material-rentals: `data: { rentals, pagination }`. */
export const rentalListDtoSchema = z.object({
  rentals: z.array(rentalDtoSchema),
  pagination: z.object({
    total: z.int().min(0),
    totalPages: z.int().min(1),
    page: z.int().min(1),
    limit: z.int().min(1),
  }),
});
export type RentalListDto = z.infer<typeof rentalListDtoSchema>;

/**
 * GET /material-rentals/stats, over the rentals the viewer may see. The counts are rentals:
 * `active` the ACTIVE ones not yet overdue, `overdue` the ACTIVE ones past their expected return.
 * The items are quantities, and they balance: rented = returned (good) + damaged + lost +
 * outstanding (still out on ACTIVE rentals), in the whole and in each of `byLocation`, which is
 * per destination (Rented To); written off is damaged + lost.
 */
export const rentalStatsDtoSchema = z.object({
  total: z.int().min(0),
  active: z.int().min(0),
  returned: z.int().min(0),
  overdue: z.int().min(0),
  itemsRented: z.number(),
  itemsReturned: z.number(),
  itemsWrittenOff: z.number(),
  itemsDamaged: z.number(),
  itemsLost: z.number(),
  itemsOutstanding: z.number(),
  byLocation: z.array(
    z.object({
      location: locationRef,
      rented: z.number(),
      returned: z.number(),
      writtenOff: z.number(),
      damaged: z.number(),
      lost: z.number(),
      outstanding: z.number(),
    }),
  ),
});
export type RentalStatsDto = z.infer<typeof rentalStatsDtoSchema>;

/**
 * One return, oldest first (GET /material-rentals/{id}/returns is an array of these): its good
 * (`returnedQuantity`), damaged and lost units, with what of the item had come back in all (good,
 * damaged and lost) up to and with it, and its remainder after this return.
 */
export const rentalReturnDtoSchema = z.object({
  id: z.int(),
  materialRentalId: z.int(),
  rentalItemId: z.int(),
  materialId: z.int(),
  materialName: z.string(),
  unit: z.string(),
  rentedQuantity: z.number(),
  returnedQuantity: z.number(),
  damagedQuantity: z.number(),
  lostQuantity: z.number(),
  cumulativeReturned: z.number(),
  remainingAfter: z.number(),
  /** The day the hire ended for what came back (yyyy-MM-dd): the customer's off-hire day. */
  returnDate: z.string(),
  /** When the return was entered: the day it happened may be earlier. */
  recordedAt: isoInstantSchema,
  notes: z.string().nullable(),
  returnedBy: z.object({ id: z.int(), name: z.string() }).nullable(),
});
export type RentalReturnDto = z.infer<typeof rentalReturnDtoSchema>;

/**
 * GET /material-rentals/returns, the device's copy of the rentals in one call (decision 057): the
 * page of rentals the list with the same filters gives, and the returns of each, as
 * GET /material-rentals/{id}/returns gives them, in the page's order. With `since`, `returns` names
 * only the rentals changed after it (a return recorded, a return's day corrected, the rental
 * edited, each moves its `updatedAt`): the caller keeps what it has of the others. `asOf` is the
 * server's time before the read, the `since` of the next call (less a margin for writes still
 * being committed).
 */
export const rentalsWithReturnsDtoSchema = rentalListDtoSchema.extend({
  returns: z.array(z.object({ rentalId: z.int(), returns: z.array(rentalReturnDtoSchema) })),
  asOf: isoInstantSchema,
});
export type RentalsWithReturnsDto = z.infer<typeof rentalsWithReturnsDtoSchema>;
