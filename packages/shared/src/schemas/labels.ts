import { z } from 'zod';
import { MATERIAL_TYPE_STATUSES } from '../catalogue';
import { MAX_LABEL_ITEMS } from '../labels';
import { plainText } from './text';

export const LABEL_MESSAGES = {
  ids: (field: string) =>
    `${field} must be a list of at most ${MAX_LABEL_ITEMS} ids (repeated, or comma-separated)`,
  /** /m/<code> that names no type: the label's code is shown as scanned. */
  unknownCode: (code: string) => `No material in the catalogue has the code ${code}.`,
} as const;

/**
 * A list of ids in the query, as the API document declares it (an array: `types=1&types=2`, the
 * form OpenAPI clients send) or comma-separated (`types=1,2`, as the web app writes it), or both.
 */
const idList = (field: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === '') return [];
      const texts = Array.isArray(value) ? value : [value];
      if (!texts.every((text) => typeof text === 'string')) return value;
      const parts = texts.flatMap((text) => text.split(',')).map((part) => part.trim());
      return parts.every((part) => /^[1-9][0-9]{0,9}$/.test(part)) ? parts.map(Number) : value;
    },
    z
      .array(z.int().min(1).max(2_147_483_647), { error: LABEL_MESSAGES.ids(field) })
      .max(MAX_LABEL_ITEMS, { error: LABEL_MESSAGES.ids(field) }),
  );

/** GET /labels: the material types and locations to print labels of, by id (see idList). */
export const labelsQuery = z.object({
  types: idList('Types').optional(),
  locations: idList('Locations').optional(),
});
export type LabelsQuery = z.infer<typeof labelsQuery>;

/** What a label prints: its QR code's address and the words beside it. */
export const materialLabelSchema = z.object({
  id: z.int(),
  code: z.string(),
  itemNumber: z.string().nullable(),
  name: z.string(),
  unit: z.string(),
  address: z.string(),
});
export type MaterialLabel = z.infer<typeof materialLabelSchema>;

export const locationLabelSchema = z.object({
  id: z.int(),
  name: z.string(),
  address: z.string(),
});
export type LocationLabel = z.infer<typeof locationLabelSchema>;

/** The labels asked for, in the order asked; an id that names nothing is left out. */
export const labelsSchema = z.object({
  materials: z.array(materialLabelSchema),
  locations: z.array(locationLabelSchema),
});
export type Labels = z.infer<typeof labelsSchema>;

export const materialCodeParam = z.object({
  code: plainText(
    z
      .string()
      .trim()
      .min(1, { error: 'Code is required' })
      .max(100, { error: 'Code must be at most 100 characters' }),
    'Code',
  ),
});

/**
 * GET /catalogue/by-code/{code}: the type a label names (by item number, whatever its case, or by
 * id) and, for a field manager, their location's stock of it (null: none there).
 */
export const materialCodeAnswerSchema = z.object({
  type: z.object({
    id: z.int(),
    itemNumber: z.string().nullable(),
    name: z.string(),
    unit: z.string(),
    status: z.enum(MATERIAL_TYPE_STATUSES),
  }),
  location: z.object({ id: z.int(), name: z.string() }).nullable(),
  material: z.object({ id: z.int(), quantity: z.number() }).nullable(),
});
export type MaterialCodeAnswer = z.infer<typeof materialCodeAnswerSchema>;
