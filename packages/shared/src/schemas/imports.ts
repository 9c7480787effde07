import { z } from 'zod';
import { LOCATION_STATUS_LABELS, LOCATION_TYPE_LABELS } from '../locations';
import { MATERIAL_UNIT_LABELS } from '../materials';
import { STAFF_STATUS_LABELS } from '../staff-codes';
import {
  acceptedWords,
  LOCATION_TYPE_WORDS,
  MATERIAL_UNIT_WORDS,
  STATUS_WORDS,
} from '../vocabulary';
import { EXPORT_FORMATS } from './exports';

/**
 * Imports (PRODUCT-DECISIONS.md, "Import and export"): an admin uploads a CSV or Excel
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

/**
 * A column a kind reads: found by its header or an alias, whatever their case and spaces. The
 * header is the one the list's export writes, so that an exported file edited and imported again
 * is read whole. `required`: the file must have the
 * column; `needed`: a new record needs a value in it; `accepted`: what its cells take, as the
 * Import page, the template and the README list it.
 */
export type ImportColumn = {
  key: string;
  header: string;
  aliases?: readonly string[];
  required?: boolean;
  needed?: boolean;
  accepted?: string;
};

const NUMBER = 'a number: 1234.5, 1,234.5 or 1.234,5';
const AMOUNT = 'an amount, at most 2 decimals: 1.20 or 1,20';
const DAY = 'a date, dd/mm/yyyy';
const PHONE = 'digits with + ( ) - . or spaces, at least 10 digits: +49 89 5551234';

export const IMPORT_COLUMNS = {
  'material-types': [
    { key: 'itemNumber', header: 'Item number', aliases: ['Item No.', 'Item #', 'SKU'] },
    { key: 'name', header: 'Name', aliases: ['Material', 'Material name'], required: true },
    { key: 'category', header: 'Category' },
    {
      key: 'unit',
      header: 'Unit',
      accepted: `${acceptedWords(MATERIAL_UNIT_WORDS, MATERIAL_UNIT_LABELS)}; blank is Each`,
    },
    {
      key: 'weightKg',
      header: 'Weight per unit (kg)',
      aliases: ['Weight (kg)', 'Weight', 'Weight per unit', 'Weight kg'],
      accepted: `${NUMBER}, at most 3 decimals`,
    },
    {
      key: 'replacementValue',
      header: 'Replacement value',
      aliases: ['Value'],
      accepted: AMOUNT,
    },
    { key: 'notes', header: 'Notes' },
    { key: 'hireDayCents', header: 'Hire rate per day', aliases: ['Day rate'], accepted: AMOUNT },
    {
      key: 'hireWeekCents',
      header: 'Hire rate per week',
      aliases: ['Week rate'],
      accepted: `${AMOUNT}; needs a rate per day`,
    },
    {
      key: 'minimumHireDays',
      header: 'Minimum hire (days)',
      aliases: ['Minimum hire'],
      accepted: 'a whole number of days, 0 to 365',
    },
  ],
  stock: [
    { key: 'location', header: 'Location', aliases: ['Location name'], required: true },
    { key: 'itemNumber', header: 'Item number', aliases: ['Item no', 'Item #', 'SKU'] },
    { key: 'name', header: 'Material', aliases: ['Material name', 'Name'] },
    {
      key: 'quantity',
      header: 'Quantity',
      aliases: ['Qty'],
      required: true,
      accepted: 'a whole number of at least 0: the quantity counted there',
    },
  ],
  locations: [
    { key: 'name', header: 'Name', aliases: ['Location', 'Location name'], required: true },
    { key: 'address', header: 'Address', needed: true, accepted: 'at least 5 characters' },
    {
      key: 'type',
      header: 'Type',
      aliases: ['Location type'],
      needed: true,
      accepted: acceptedWords(LOCATION_TYPE_WORDS, LOCATION_TYPE_LABELS),
    },
    {
      key: 'status',
      header: 'Status',
      accepted: `${acceptedWords(STATUS_WORDS, LOCATION_STATUS_LABELS)}; blank is Active`,
    },
  ],
  staff: [
    { key: 'name', header: 'Name', needed: true, accepted: 'at least 2 characters' },
    { key: 'email', header: 'Email', aliases: ['E-mail'], required: true },
    { key: 'phone', header: 'Phone', needed: true, accepted: PHONE },
    { key: 'position', header: 'Position', needed: true },
    {
      key: 'location',
      header: 'Location',
      aliases: ['Location name'],
      needed: true,
      accepted: 'the name of a location',
    },
    { key: 'department', header: 'Department', needed: true },
    { key: 'hireDate', header: 'Hire date', needed: true, accepted: DAY },
    { key: 'salary', header: 'Salary', accepted: `${NUMBER}; blank is 0` },
    {
      key: 'status',
      header: 'Status',
      accepted: `${Object.values(STAFF_STATUS_LABELS).join(', ')}; blank is Active`,
    },
    { key: 'address', header: 'Address', needed: true, accepted: 'at least 5 characters' },
    {
      key: 'emergencyContact',
      header: 'Emergency contact',
      aliases: ['Emergency contact name'],
      needed: true,
    },
    { key: 'emergencyPhone', header: 'Emergency phone', needed: true, accepted: PHONE },
  ],
} as const satisfies Record<ImportKind, readonly ImportColumn[]>;

/**
 * The columns each kind's list exports and its import does not take (what the records count or
 * are given elsewhere): the preview names them (`IMPORT_ROW_MESSAGES.columnNotImported`), as it
 * names any other column it does not know, so that nothing in a file is dropped without a word.
 */
export const EXPORT_ONLY_COLUMNS: Record<ImportKind, readonly string[]> = {
  'material-types': ['In stock', 'Total weight (kg)', 'Total value', 'Status'],
  stock: ['SR', 'Unit', 'Status', 'Weight per unit (kg)', 'Total weight (kg)', 'Notes', 'Updated'],
  locations: [
    'ID',
    'Customer name',
    'Customer address',
    'Customer e-mail',
    'VAT ID',
    'Zero-rated (no VAT)',
  ],
  staff: [],
};

/** Whether a file must have a column, or a new record needs it: as the Import page and the template say. */
export const importColumnRequirement = (column: ImportColumn) =>
  column.required ? 'Yes' : column.needed ? 'For a new record' : 'No';

/** A kind's column's header, as its export and its template write it. */
export function importHeader<K extends ImportKind>(
  kind: K,
  key: (typeof IMPORT_COLUMNS)[K][number]['key'],
): string {
  return (IMPORT_COLUMNS[kind] as readonly ImportColumn[]).find((c) => c.key === key)!.header;
}

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
  columnNotImported: (header: string) => `Column "${header}" is not imported`,
  columnMissing: (header: string) => `the file has no "${header}" column: add it`,
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
  /** The file's columns the import does not take, each named: "Column "In stock" is not imported". */
  ignoredColumns: z.array(z.object({ header: z.string(), cell: z.string(), message: z.string() })),
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
