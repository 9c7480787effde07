import { z } from 'zod';
import { EXPORT_FORMATS } from './exports';

/**
 * Imports (issue 30; PRODUCT-DECISIONS.md, "Import and export"): an admin uploads a CSV or Excel
 * file of material types, stock per location, locations or staff; the server reads and checks
 * every row (the preview), then writes the whole file in one transaction, or nothing. The columns
 * of each kind are named here once: the server reads them and writes the templates, the web app
 * heads its preview with them.
 */

export const IMPORT_KINDS = ['material-types', 'stock', 'locations', 'staff'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  'material-types': 'Material types',
  stock: 'Stock per location',
  locations: 'Locations',
  staff: 'Staff',
};

/** What a row of the file does: adds a record, changes one, changes nothing, or cannot be read. */
export const IMPORT_ROW_STATUSES = ['new', 'update', 'unchanged', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const IMPORT_ROW_STATUS_LABELS: Record<ImportRowStatus, string> = {
  new: 'New',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** A column a kind reads: found by its header or an alias, whatever their case and spaces. */
export type ImportColumn = {
  key: string;
  header: string;
  aliases?: readonly string[];
  required?: boolean;
};

export const IMPORT_COLUMNS = {
  'material-types': [
    { key: 'itemNumber', header: 'Item number', aliases: ['Item no', 'Item #', 'SKU'] },
    { key: 'name', header: 'Name', aliases: ['Material', 'Material name'], required: true },
    { key: 'category', header: 'Category' },
    { key: 'unit', header: 'Unit' },
    { key: 'weightKg', header: 'Weight (kg)', aliases: ['Weight', 'Weight per unit', 'Weight kg'] },
    { key: 'replacementValue', header: 'Replacement value', aliases: ['Value'] },
    { key: 'notes', header: 'Notes' },
    { key: 'hireDayCents', header: 'Hire rate per day', aliases: ['Day rate'] },
    { key: 'hireWeekCents', header: 'Hire rate per week', aliases: ['Week rate'] },
    { key: 'minimumHireDays', header: 'Minimum hire (days)', aliases: ['Minimum hire'] },
  ],
  stock: [
    { key: 'location', header: 'Location', aliases: ['Location name'], required: true },
    { key: 'itemNumber', header: 'Item number', aliases: ['Item no', 'Item #', 'SKU'] },
    { key: 'name', header: 'Material', aliases: ['Material name', 'Name'] },
    { key: 'quantity', header: 'Quantity', aliases: ['Qty'], required: true },
  ],
  locations: [
    { key: 'name', header: 'Name', aliases: ['Location', 'Location name'], required: true },
    { key: 'address', header: 'Address' },
    { key: 'type', header: 'Type', aliases: ['Location type'] },
    { key: 'status', header: 'Status' },
  ],
  staff: [
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'Email', aliases: ['E-mail'], required: true },
    { key: 'phone', header: 'Phone' },
    { key: 'position', header: 'Position' },
    { key: 'location', header: 'Location', aliases: ['Location name'] },
    { key: 'department', header: 'Department' },
    { key: 'hireDate', header: 'Hire date' },
    { key: 'salary', header: 'Salary' },
    { key: 'status', header: 'Status' },
    { key: 'address', header: 'Address' },
    { key: 'emergencyContact', header: 'Emergency contact', aliases: ['Emergency contact name'] },
    { key: 'emergencyPhone', header: 'Emergency phone' },
  ],
} as const satisfies Record<ImportKind, readonly ImportColumn[]>;

export const IMPORT_ROW_MESSAGES = {
  duplicate: (earlierRow: number) => `The same as row ${earlierRow}: each appears once in a file`,
  hasErrors: (rows: number) =>
    `${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row has' : 'rows have'} errors: correct the file and upload it again. Nothing was imported.`,
  changedMeanwhile:
    'The records changed while the file was being imported. Nothing was imported: preview the file again.',
  locationUnknown: (name: string) => `No location is named ${name}`,
  materialRequired: 'Give an item number or a material name',
  itemNumberUnknown: (itemNumber: string) =>
    `The catalogue has no material with item number ${itemNumber}`,
  itemNumberDiffers: (name: string, itemNumber: string) =>
    `${name} has item number ${itemNumber} in the catalogue`,
} as const;

/** The path of an import: its kind. */
export const importKindParam = z.object({
  kind: z.enum(IMPORT_KINDS, { error: `Kind must be one of ${IMPORT_KINDS.join(', ')}` }),
});

export const importTemplateQuery = z.object({
  format: z.preprocess(
    (value) =>
      typeof value === 'string' ? value.trim().toLowerCase() || undefined : (value ?? undefined),
    z
      .enum(EXPORT_FORMATS, { error: `Format must be one of ${EXPORT_FORMATS.join(', ')}` })
      .default('xlsx'),
  ),
});

/** What is wrong with a row: the column and cell it is about ("C7"), when it is about one. */
export const importRowErrorSchema = z.object({
  column: z.string().nullable(),
  cell: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importRowSchema = z.object({
  /** The row's number as a spreadsheet program shows it (the header is row 1). */
  rowNumber: z.int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** Each known column's cell as the file holds it, by the column's key. */
  values: z.record(z.string(), z.string()),
  errors: z.array(importRowErrorSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importCountsSchema = z.object({
  total: z.int(),
  new: z.int(),
  update: z.int(),
  unchanged: z.int(),
  error: z.int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  /** The kind's columns the file has, in the kind's order. */
  columns: z.array(z.object({ key: z.string(), header: z.string() })),
  rows: z.array(importRowSchema),
  counts: importCountsSchema,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  counts: importCountsSchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** "3 new, 2 updated, 5 unchanged": what an import did, for its toast and its activity entry. */
export function importCountsText(counts: Pick<ImportCounts, 'new' | 'update' | 'unchanged'>) {
  return `${counts.new} new, ${counts.update} updated, ${counts.unchanged} unchanged`;
}

/** The template's file name, without its extension. */
export const importTemplateName = (kind: ImportKind) => `${kind}-import-template`;
