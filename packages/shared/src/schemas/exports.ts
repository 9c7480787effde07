import { z } from 'zod';

/**
 * A list's export (PRODUCT-DECISIONS, "Import and export"): `GET <list>/export` takes the list's
 * filters (not its page) and `format`, and answers every row they select as one file.
 */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What the Export control offers, in its order. */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' };

/** The most rows one export holds; more is refused, asking for narrower filters. */
export const EXPORT_ROW_LIMIT = 100_000;

export const EXPORT_MESSAGES = {
  formatInvalid: `Format must be one of ${EXPORT_FORMATS.join(', ')}`,
  tooManyRows: (rows: number) =>
    `This export would hold ${rows.toLocaleString('en-US')} rows, more than ${EXPORT_ROW_LIMIT.toLocaleString('en-US')}: narrow the filters and export again.`,
  exported: 'Export Successful',
  exportFailed: 'Export Failed',
  exportedText: (file: string) => `${file} has been downloaded.`,
  exportFailedText: 'The file could not be made. Please try again.',
} as const;

/** The query parameter `format`: xlsx (the default) or csv, whatever its case. */
export const exportFormatQuery = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value.trim() === ''
        ? undefined
        : value.trim().toLowerCase()
      : value,
  z.enum(EXPORT_FORMATS, { error: EXPORT_MESSAGES.formatInvalid }).default('xlsx'),
);

/** The fields an export's query adds to its list's filters. */
export const exportFields = { format: exportFormatQuery };
