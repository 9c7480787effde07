import { z } from 'zod';
import { MATERIAL_STATUSES } from '../calculations';
import { PAGE_SIZES } from '../constants';
import {
  MATERIAL_UNIT_LABELS,
  MATERIAL_UNITS,
  MAX_MATERIAL_QUANTITY,
  REPAIR_MESSAGES,
  STOCK_MOVEMENT_REASON_LABELS,
  STOCK_OPERATIONS,
  type StockMovementReason,
} from '../materials';
import { MATERIAL_UNIT_WORDS, valueOfWord } from '../vocabulary';
import {
  countQuery,
  idText,
  locationIdField,
  numberFromDigits,
  optionalIdQuery,
  paginationQuery,
} from './common';
import { exportFields } from './exports';
import { repairDateFields } from './movement-dates';
import { isoInstantSchema } from './responses';
import { blankToUndefined, plainText } from './text';

/** A unit as typed or imported ("pcs", "Stück", "EACH") as its value; blank is none. */
export const unitOfWord = (value: unknown) =>
  typeof value === 'string'
    ? value.trim() === ''
      ? undefined
      : valueOfWord(value, MATERIAL_UNIT_WORDS, MATERIAL_UNIT_LABELS)
    : value;

/** A form's quantity: plain decimal digits, a minus allowed so that the message can say negative. */
const quantityFromDigits = numberFromDigits(/^-?[0-9]+$/);

/** A form sends text, a client sends a number: both are read the same way, hex and exponents not. */
export const quantityField = z.preprocess(
  (value) => quantityFromDigits(blankToUndefined(value)),
  z
    .number({
      error: (issue) => {
        if (issue.input === undefined) return 'Quantity is required';
        const fraction =
          typeof issue.input === 'string' && /^-?[0-9]+\.[0-9]+$/.test(issue.input.trim());
        return fraction ? 'Quantity must be a whole number' : 'Quantity must be a number';
      },
    })
    .int({ error: 'Quantity must be a whole number', abort: true })
    .min(0, { error: 'Quantity cannot be negative' })
    .max(MAX_MATERIAL_QUANTITY, { error: `Quantity must be at most ${MAX_MATERIAL_QUANTITY}` }),
);

export const materialSchema = z.object({
  name: plainText(
    z
      .string({ error: 'Name must be at least 2 characters' })
      .trim()
      .min(2, { error: 'Name must be at least 2 characters' })
      .max(100, { error: 'Name must be at most 100 characters' }),
    'Name',
  ),
  locationId: locationIdField(),
  notes: z.preprocess(
    (value) => (value === null ? undefined : value),
    plainText(
      z
        .string({ error: 'Notes must be at most 255 characters' })
        .trim()
        .max(255, { error: 'Notes must be at most 255 characters' }),
      'Notes',
      { multiline: true },
    ).optional(),
  ),
  quantity: quantityField,
  unit: z.preprocess(unitOfWord, z.enum(MATERIAL_UNITS, { error: 'Please select a unit' })),
});
/** What the form and the API take; a status or updatedAt sent along is dropped (the server derives them). */
export type MaterialInput = z.infer<typeof materialSchema>;

/** `set` writes the counted quantity; `add` and `subtract` move stock by that many. */
export const updateStockSchema = z
  .object({
    quantity: quantityField,
    operation: z
      .enum(STOCK_OPERATIONS, { error: 'Operation must be set, add or subtract' })
      .default('set'),
  })
  .refine((value) => value.operation === 'set' || value.quantity > 0, {
    error: 'Quantity must be greater than 0',
    path: ['quantity'],
  });
export type UpdateStockInput = z.infer<typeof updateStockSchema>;

export const transferMaterialSchema = z
  .object({
    fromLocation: locationIdField('Source location is required'),
    toLocation: locationIdField('Destination location is required'),
    quantity: quantityField.refine((quantity) => quantity > 0, {
      error: 'Quantity must be greater than 0',
    }),
  })
  .refine((value) => value.fromLocation !== value.toLocation, {
    error: 'Source and destination locations must be different',
    path: ['toLocation'],
  });
export type TransferMaterialInput = z.infer<typeof transferMaterialSchema>;

/**
 * POST /materials/{id}/repair and /scrap: how many units of the material's repair stock are
 * repaired (back into its stock) or scrapped (written off), at most what is in repair.
 */
export const repairStockSchema = z.object({
  quantity: quantityField.refine((quantity) => quantity > 0, {
    error: REPAIR_MESSAGES.quantityMin,
  }),
  /** The day it was repaired or scrapped (yyyy-MM-dd; left out: today). */
  ...repairDateFields,
});
export type RepairStockInput = z.infer<typeof repairStockSchema>;

/** The Repaired and Scrap dialogs' schema: the body's rules and no more than is in repair. */
export function repairStockFormSchema(inRepair: number) {
  return repairStockSchema.superRefine((input, ctx) => {
    if (input.quantity > inRepair) {
      ctx.addIssue({
        code: 'custom',
        message: REPAIR_MESSAGES.overRepair(inRepair),
        path: ['quantity'],
      });
    }
  });
}

export const materialListQuery = paginationQuery(PAGE_SIZES.inventory).extend({
  locationId: optionalIdQuery('Invalid location'),
});
export type MaterialListQuery = z.infer<typeof materialListQuery>;

/** GET /materials/export: the inventory's location filter (none: every location), as xlsx or csv. */
export const materialExportQuery = materialListQuery
  .omit({ page: true, limit: true })
  .extend(exportFields);
export type MaterialExportQuery = z.infer<typeof materialExportQuery>;

export const lowStockQuery = z.object({
  _limit: countQuery(100, 'Limit must be a whole number from 1 to 100').default(
    PAGE_SIZES.dashboardLowStock,
  ),
  locationId: optionalIdQuery('Invalid location'),
});
export type LowStockQuery = z.infer<typeof lowStockQuery>;

export const movementListQuery = paginationQuery(PAGE_SIZES.inventory);

/** GET /materials/options: the materials of one location, for a form's picker. */
export const materialOptionsQuery = z.object({
  locationId: idText('Location is required'),
});
export type MaterialOptionsQuery = z.infer<typeof materialOptionsQuery>;

/** A material as a picker shows it: its name, unit and the stock there is. */
export const materialOptionSchema = z.object({
  id: z.int(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** The catalogue's weight of one unit, in kg, when it is known. */
  weightKg: z.number().nullable(),
});
export type MaterialOption = z.infer<typeof materialOptionSchema>;

export const materialDtoSchema = z.object({
  id: z.int(),
  /** The catalogue entry this is stock of, and what the catalogue says of it. */
  materialTypeId: z.int(),
  itemNumber: z.string().nullable(),
  weightKg: z.number().nullable(),
  name: z.string(),
  locationId: z.int(),
  location: z.object({ name: z.string() }),
  notes: z.string().nullable(),
  quantity: z.number(),
  /** Units back from a rental damaged, awaiting repair: shown, never available. */
  repairQuantity: z.number(),
  unit: z.string(),
  status: z.enum(MATERIAL_STATUSES),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type MaterialDto = z.infer<typeof materialDtoSchema>;

const STOCK_MOVEMENT_REASONS = Object.keys(STOCK_MOVEMENT_REASON_LABELS) as [
  StockMovementReason,
  ...StockMovementReason[],
];

export const stockMovementDtoSchema = z.object({
  id: z.int(),
  materialId: z.int(),
  delta: z.number(),
  quantityAfter: z.number(),
  /** Units into (positive) or out of the repair stock with this movement. */
  repairDelta: z.number(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  reference: z.string().nullable(),
  /** A transfer's other side: the material it came from or went to, and where that is. */
  counterpart: z
    .object({ materialId: z.int(), materialName: z.string(), locationName: z.string() })
    .nullable(),
  user: z.object({ id: z.int(), name: z.string() }).nullable(),
  createdAt: isoInstantSchema,
});
export type StockMovementDto = z.infer<typeof stockMovementDtoSchema>;

export const transferResultSchema = z.object({
  source: materialDtoSchema,
  destination: materialDtoSchema,
});
export type TransferResult = z.infer<typeof transferResultSchema>;
