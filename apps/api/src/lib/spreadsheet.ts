import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The one way the API writes a spreadsheet (exceljs, streamed). Text is always a string cell,
 * written to the shared strings table: whatever it begins with (`=`, `+`, `-`, `@`), it is never
 * a formula, and it is kept as typed (no apostrophe put in front). Numbers are numeric cells.
 */

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A number shown with a format, e.g. a quantity with `0.00`. */
export type FormattedNumber = { number: number; format: string };
/** A day as a date cell, shown with a format, e.g. `dd mmm yyyy`. */
export type FormattedDate = { date: Date; format: string };
/** What a cell holds: text, a number, a formatted number, a date, or nothing. */
export type SheetValue = string | number | FormattedNumber | FormattedDate | null | undefined;

export const DATE_FORMAT = 'dd mmm yyyy';

/**
 * A yyyy-MM-dd as a date cell: its UTC midnight, which is how a spreadsheet keeps a day (exceljs
 * writes a Date as its UTC serial). Text that is no such day stays text.
 */
export function dateCell(iso: string, format = DATE_FORMAT): SheetValue {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? iso : { date, format };
}

export const QUANTITY_FORMAT = '0.00';

/** A quantity: a numeric cell shown with 2 decimals. */
export const quantity = (value: number, format = QUANTITY_FORMAT): FormattedNumber => ({
  number: value,
  format,
});

/** Writes one value; a string is set as a string, never as `{ formula }`. */
export function writeCell(cell: ExcelJS.Cell, value: SheetValue): void {
  if (value === null || value === undefined || value === '') return;
  if (typeof value === 'string') {
    cell.value = value;
  } else if (typeof value === 'number') {
    cell.value = Number.isFinite(value) ? value : null;
  } else if ('date' in value) {
    cell.value = value.date;
    cell.numFmt = value.format;
  } else {
    cell.value = Number.isFinite(value.number) ? value.number : null;
    cell.numFmt = value.format;
  }
}

/** `bold`: the whole row, or its first cell (a label); `fill`: an ARGB background. */
export type RowStyle = { bold?: boolean | 'first'; fill?: string };

/** Appends a row of values from column A, styled as a whole, and writes it out of memory. */
export function addRow(sheet: ExcelJS.Worksheet, values: SheetValue[], style: RowStyle = {}) {
  const row = sheet.addRow([]);
  values.forEach((value, index) => {
    const cell = row.getCell(index + 1);
    writeCell(cell, value);
    if (style.bold === true || (style.bold === 'first' && index === 0)) {
      cell.font = { bold: true };
    }
    if (style.fill) {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: style.fill } };
    }
  });
  row.commit();
  return row;
}

/** A workbook written as it is built to the stream returned, for a reply to send. */
export function streamedWorkbook(): {
  workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  stream: Readable;
} {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: true,
  });
  return { workbook, stream };
}

/**
 * A Content-Disposition for a download named `fileName`: the name in ASCII (anything else, and
 * quotes, as `_`) for old clients, and exactly in UTF-8 (RFC 5987) for the others.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
