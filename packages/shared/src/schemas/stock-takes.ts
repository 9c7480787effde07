import { z } from 'zod';
import { isoToDisplayDate, localToday, parseIsoDate } from '../dates';
import { MAX_MATERIAL_QUANTITY } from '../materials';
import { idField, idText } from './common';
import { exportFormatQuery } from './exports';

/**
 * A stock-take (PRODUCT-DECISIONS, "Import and export"): the count sheet of a location is
 * downloaded, counted on paper or in a spreadsheet, uploaded, previewed and confirmed; each
 * difference becomes one ledger movement STOCK_TAKE.
 */

/** The count sheet's columns, as written and as read back (its Ref names the material: MAT-007). */
export const STOCK_TAKE_HEADERS = {
  ref: 'Ref',
  itemNumber: 'Item No.',
  name: 'Material',
  unit: 'Unit',
  expected: 'Expected',
  counted: 'Counted',
} as const;

export const STOCK_TAKE_MESSAGES = {
  countDateRequired: 'Count date is required',
  countDateInvalid: 'Count date must be a date, yyyy-mm-dd',
  countDateFuture: 'Count date cannot be in the future',
  countsRequired: 'Count at least one material',
  countsTooMany: (max: number) => `A count holds at most ${max} materials`,
  countedInvalid: 'Counted must be a whole number',
  countedNegative: 'Counted cannot be negative',
  countedTooLarge: (max: number) => `Counted must be at most ${max}`,
  hasErrors: (errors: number) =>
    `The count sheet has ${errors} ${errors === 1 ? 'error' : 'errors'}: correct ${errors === 1 ? 'it' : 'them'} and upload the sheet again.`,
  confirmed: (changed: number) =>
    changed === 0
      ? 'Stock-take confirmed: every count matched the stock.'
      : `Stock-take confirmed: ${changed} ${changed === 1 ? 'quantity' : 'quantities'} changed.`,
} as const;

/** The reference of a stock-take's movements: the day counted (`stock-take:2026-11-27`). */
export const stockTakeReference = (countDate: string) => `stock-take:${countDate}`;

/** The day counted, yyyy-mm-dd: required, and not after today. */
export const countDateField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string({ error: STOCK_TAKE_MESSAGES.countDateRequired })
    .refine((text) => parseIsoDate(text) !== null, {
      error: STOCK_TAKE_MESSAGES.countDateInvalid,
      abort: true,
    })
    .refine((text) => text <= localToday(), { error: STOCK_TAKE_MESSAGES.countDateFuture }),
);

export const stockTakeLocationParam = z.object({ locationId: idText() });

/** GET the count sheet: an .xlsx (the default) or, with format=csv, a CSV file. */
export const stockTakeSheetQuery = z.object({ format: exportFormatQuery });

/** What is wrong with a row, and the cell it is in (none when the row lacks the column). */
export const stockTakeErrorSchema = z.object({ cell: z.string().nullable(), message: z.string() });
export type StockTakeError = z.infer<typeof stockTakeErrorSchema>;

/** A row counted and different, counted and the same, left empty, or wrong. */
export const STOCK_TAKE_ROW_STATUSES = ['CHANGE', 'SAME', 'NOT_COUNTED', 'ERROR'] as const;
export type StockTakeRowStatus = (typeof STOCK_TAKE_ROW_STATUSES)[number];

export const stockTakeRowSchema = z.object({
  /** The row's number as the spreadsheet shows it. */
  rowNumber: z.int(),
  materialId: z.int().nullable(),
  itemNumber: z.string().nullable(),
  name: z.string(),
  unit: z.string().nullable(),
  /** What the sheet says was expected when it was printed. */
  sheetExpected: z.number().nullable(),
  /** The quantity in stock now: the count is written over it. */
  currentQuantity: z.number().nullable(),
  counted: z.number().nullable(),
  /** counted - current. */
  difference: z.number().nullable(),
  status: z.enum(STOCK_TAKE_ROW_STATUSES),
  errors: z.array(stockTakeErrorSchema),
});
export type StockTakeRow = z.infer<typeof stockTakeRowSchema>;

export const stockTakeCountsSchema = z.object({
  rows: z.int(),
  changed: z.int(),
  unchanged: z.int(),
  notCounted: z.int(),
  errors: z.int(),
  /** Materials of the location that have no row in the file: not counted either. */
  notOnSheet: z.int(),
});
export type StockTakeCounts = z.infer<typeof stockTakeCountsSchema>;

export const stockTakePreviewSchema = z.object({
  location: z.object({ id: z.int(), name: z.string() }),
  countDate: z.string(),
  /** The uploaded sheet's name; null for a count made in the app. */
  fileName: z.string().nullable(),
  rows: z.array(stockTakeRowSchema),
  counts: stockTakeCountsSchema,
});
export type StockTakePreview = z.infer<typeof stockTakePreviewSchema>;

export const stockTakeResultSchema = z.object({
  location: z.object({ id: z.int(), name: z.string() }),
  countDate: z.string(),
  counts: stockTakeCountsSchema,
  /** The movements written, one per material whose count differed. */
  movements: z.array(
    z.object({
      materialId: z.int(),
      name: z.string(),
      delta: z.number(),
      quantityAfter: z.number(),
    }),
  ),
});
export type StockTakeResult = z.infer<typeof stockTakeResultSchema>;

/** A stock-take's activity line. */
export const stockTakeDescription = (location: string, countDate: string, changed: number) =>
  `Stock-take at ${location} counted ${isoToDisplayDate(countDate)}: ${changed} ${changed === 1 ? 'quantity' : 'quantities'} changed`;

/** At most as many materials as one location's count sheet lists for a picker. */
export const MAX_COUNTED_MATERIALS = 5000;

/**
 * A count made in the app (the phone's Count here): each material counted by its id, the rest
 * not counted. Its rows are read by the same evaluation as a sheet's, row n being counts[n - 1].
 */
export const stockTakeCountInputSchema = z.object({
  countDate: countDateField,
  counts: z
    .array(
      z.object({
        materialId: idField(),
        counted: z
          .number({ error: STOCK_TAKE_MESSAGES.countedInvalid })
          .int({ error: STOCK_TAKE_MESSAGES.countedInvalid })
          .min(0, { error: STOCK_TAKE_MESSAGES.countedNegative })
          .max(MAX_MATERIAL_QUANTITY, {
            error: STOCK_TAKE_MESSAGES.countedTooLarge(MAX_MATERIAL_QUANTITY),
          }),
      }),
      { error: STOCK_TAKE_MESSAGES.countsRequired },
    )
    .min(1, { error: STOCK_TAKE_MESSAGES.countsRequired })
    .max(MAX_COUNTED_MATERIALS, {
      error: STOCK_TAKE_MESSAGES.countsTooMany(MAX_COUNTED_MATERIALS),
    }),
});
export type StockTakeCountInput = z.infer<typeof stockTakeCountInputSchema>;

/** A material as the in-app count lists it: what the count sheet shows, and its catalogue type. */
export const countedMaterialSchema = z.object({
  id: z.int(),
  materialTypeId: z.int(),
  itemNumber: z.string().nullable(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
});
export type CountedMaterial = z.infer<typeof countedMaterialSchema>;

/** GET /stock-takes/{locationId}/materials: the count sheet's rows, as JSON. */
export const countedMaterialsSchema = z.object({
  location: z.object({ id: z.int(), name: z.string() }),
  materials: z.array(countedMaterialSchema),
});
export type CountedMaterials = z.infer<typeof countedMaterialsSchema>;
