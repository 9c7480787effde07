import { z } from 'zod';
import { MATERIAL_TYPE_STATUSES, MAX_REPLACEMENT_VALUE, MAX_UNIT_WEIGHT_KG } from '../catalogue';
import { PAGE_SIZES } from '../constants';
import { MATERIAL_UNITS } from '../materials';
import { readNumber } from '../numbers';
import { paginationQuery } from './common';
import { exportFields } from './exports';
import { unitOfWord } from './materials';
import {
  hireRateFormFields,
  hireRatesTogether,
  minimumDaysField,
  optionalCentsField,
} from './money-settings';
import { isoInstantSchema } from './responses';
import { isBlank, nullableText, optionalText, plainText } from './text';

/**
 * The company's catalogue of material: one material type per thing the
 * company owns, whatever location holds it. A location's stock is a quantity of a type there, and
 * its name and unit are the type's.
 */

/**
 * A decimal a form sends as text ("12.5", or "12,5" as typed in much of Europe: `readNumber`'s
 * rule) or a client as a number; blank is none. `decimals`: how many digits after the point.
 */
const optionalDecimal = (field: string, max: number, decimals: number) =>
  z.preprocess(
    (value) => {
      if (isBlank(value)) return null;
      if (typeof value !== 'string') return value;
      const read = readNumber(value);
      return read.ok ? read.value : value;
    },
    z
      .number({ error: `${field} must be a number of at least 0` })
      .min(0, { error: `${field} must be a number of at least 0` })
      // The message is made when needed, not as the module loads: a browser's first Intl format
      // costs some 100 ms of a phone's main thread.
      .max(max, { error: () => `${field} must be at most ${max.toLocaleString('en-GB')}` })
      // Exactly so many decimals: 1e-9 is refused, not stored as 0.
      .refine((n) => Math.round(n * 10 ** decimals) / 10 ** decimals === n, {
        error: `${field} can have at most ${decimals} decimals`,
      })
      .nullable(),
  );

export const materialTypeNameField = plainText(
  z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, { error: 'Name must be at least 2 characters' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  'Name',
);

export const materialTypeSchema = z.object({
  itemNumber: nullableText('Item number', 40),
  name: materialTypeNameField,
  category: nullableText('Category', 60),
  unit: z.preprocess(unitOfWord, z.enum(MATERIAL_UNITS, { error: 'Please select a unit' })),
  weightKg: optionalDecimal('Weight per unit', MAX_UNIT_WEIGHT_KG, 3),
  replacementValue: optionalDecimal('Replacement value', MAX_REPLACEMENT_VALUE, 2),
  notes: z.preprocess(
    (value) => (isBlank(value) ? null : value),
    plainText(
      z
        .string({ error: 'Notes must be at most 255 characters' })
        .trim()
        .max(255, { error: 'Notes must be at most 255 characters' }),
      'Notes',
      { multiline: true },
    ).nullable(),
  ),
  /** Hire rates in cents: a week rate needs a day rate. */
  hireDayCents: optionalCentsField('Hire rate per day'),
  hireWeekCents: optionalCentsField('Hire rate per week'),
  minimumHireDays: minimumDaysField,
});
export type MaterialTypeInput = z.infer<typeof materialTypeSchema>;

/** The catalogue form: the same fields, the hire rates typed as decimals and sent as cents. */
export const materialTypeFormSchema = materialTypeSchema
  .extend(hireRateFormFields)
  .superRefine(hireRatesTogether);

/** PATCH /catalogue/{id}/status: retire a type (no new stock), or make it active again. */
export const materialTypeStatusSchema = z.object({
  status: z.enum(MATERIAL_TYPE_STATUSES, { error: 'Status must be active or retired' }),
});

export const catalogueListQuery = paginationQuery(PAGE_SIZES.catalogue).extend({
  search: optionalText('Search', 100),
  category: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    plainText(
      z
        .string({ error: 'Category must be text' })
        .trim()
        .max(60, { error: 'Category must be at most 60 characters' }),
      'Category',
    ).optional(),
  ),
  status: z.preprocess(
    (value) => (isBlank(value) || value === 'all' ? undefined : value),
    z.enum(MATERIAL_TYPE_STATUSES, { error: 'Status must be active, retired or all' }).optional(),
  ),
});
export type CatalogueListQuery = z.infer<typeof catalogueListQuery>;

/** GET /catalogue/export: the list's search, category and status, every page, as xlsx or csv. */
export const catalogueExportQuery = catalogueListQuery
  .omit({ page: true, limit: true })
  .extend(exportFields);
export type CatalogueExportQuery = z.infer<typeof catalogueExportQuery>;

/** A catalogue entry with what the company holds of it, at every location together. */
export const materialTypeDtoSchema = z.object({
  id: z.int(),
  itemNumber: z.string().nullable(),
  name: z.string(),
  category: z.string().nullable(),
  unit: z.string(),
  weightKg: z.number().nullable(),
  replacementValue: z.number().nullable(),
  notes: z.string().nullable(),
  /** Hire rates in cents, and the minimum hire in days. */
  hireDayCents: z.int().nullable(),
  hireWeekCents: z.int().nullable(),
  minimumHireDays: z.int(),
  status: z.enum(MATERIAL_TYPE_STATUSES),
  /** Units in stock at every location, their weight (kg) and replacement value. */
  totalQuantity: z.number(),
  totalWeightKg: z.number().nullable(),
  totalValue: z.number().nullable(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type MaterialTypeDto = z.infer<typeof materialTypeDtoSchema>;

/** One type with its stock at every location that holds it. */
export const materialTypeDetailSchema = materialTypeDtoSchema.extend({
  stock: z.array(
    z.object({
      materialId: z.int(),
      locationId: z.int(),
      locationName: z.string(),
      quantity: z.number(),
      weightKg: z.number().nullable(),
      value: z.number().nullable(),
    }),
  ),
});
export type MaterialTypeDetail = z.infer<typeof materialTypeDetailSchema>;

/** An active type as the material form's name picker offers it. */
export const materialTypeOptionSchema = z.object({
  id: z.int(),
  name: z.string(),
  itemNumber: z.string().nullable(),
  unit: z.string(),
  weightKg: z.number().nullable(),
});
export type MaterialTypeOption = z.infer<typeof materialTypeOptionSchema>;
