import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  EXPORT_MESSAGES,
  EXPORT_ROW_LIMIT,
  type ExportFormat,
  localToday,
} from '@stockyard/shared';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from './app-error';
import { guardFormula } from './formula-guard';
import {
  attachmentHeader,
  DAY_FORMAT,
  dateCell,
  type FormattedDate,
  isMoneyFormat,
  type SheetRow,
  type SheetValue,
  sheetRow,
  streamedWorkbook,
  TIME_FORMAT,
  writeSheet,
  XLSX_CONTENT_TYPE,
} from './spreadsheet';

/**
 * The one way a list is exported (`GET <list>/export?format=xlsx|csv`): columns and rows given once,
 * written as an .xlsx sheet (lib/spreadsheet.ts) or as CSV with the same values: UTF-8 with a BOM
 * (for Excel's accents), comma separated, CRLF, days dd/mm/yyyy, plain numbers, and text guarded
 * against formula injection (lib/formula-guard.ts; the one place the two files differ).
 *
 * To export a list: a `<module>.export.ts` names its `ExportColumn`s, the service reads the list's
 * rows with its own scoping (`checkExportSize` first), and the route answers `sendListExport(...)`
 * with `response: exportResponses(...)`.
 */

const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** One column of an export: its header and its cell from a row. */
export type ExportColumn<Row> = { header: string; cell: (row: Row) => SheetValue };

/** A list's export: the file's name (no extension), the sheet's name, its columns, its rows. */
export type ListExport<Row> = {
  fileName: string;
  sheet: string;
  columns: readonly ExportColumn<Row>[];
  rows: Iterable<Row> | AsyncIterable<Row>;
  /** A second sheet of the .xlsx (a template's accepted values); a CSV file has one table. */
  notes?: { sheet: string; rows: string[][] };
};

const HEADER_FILL = 'FFE5E7EB';

/** A dated file name, as `locations-2026-11-27`: the server's calendar day. */
export const datedFileName = (name: string, now: Date = new Date()) => `${name}-${localToday(now)}`;

/**
 * Refuses (400) an export of more than EXPORT_ROW_LIMIT rows, asked with the list's own total:
 * past it the file takes longer to make than a download waits, and an .xlsx sheet ends at a
 * million rows.
 */
export function checkExportSize(total: number): void {
  if (total > EXPORT_ROW_LIMIT) throw badRequest(EXPORT_MESSAGES.tooManyRows(total));
}

/** How many rows an export reads at a time. */
export const EXPORT_CHUNK = 2_000;

/**
 * A big list's rows, read a chunk at a time, each chunk after the last row of the one before
 * (`read(null)` the first): the export never holds all of its rows at once, and never skips rows
 * the way an OFFSET does.
 */
export async function* inChunks<Row>(
  read: (after: Row | null) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let after: Row | null = null;
  for (;;) {
    const rows: Row[] = await read(after);
    yield* rows;
    if (rows.length < EXPORT_CHUNK) return;
    after = rows[rows.length - 1]!;
  }
}

/** The day of an instant (a last sign-in) on the server's calendar, as a date cell; none empty. */
export function instantDay(instant: string | Date | null | undefined): SheetValue {
  if (!instant) return null;
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : dateCell(localToday(date), DAY_FORMAT);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date cell's day (UTC, as spreadsheet.ts keeps it) as the app shows it. */
function shownDate({ date, format }: FormattedDate): string {
  const day = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCFullYear(), 4)}`;
  if (format === DAY_FORMAT) return day;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** A cell's value as a CSV field: see the rules above. */
function csvField(value: SheetValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return guardFormula(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if ('date' in value) return shownDate(value);
  if (!Number.isFinite(value.number)) return '';
  if (isMoneyFormat(value.format)) return value.number.toFixed(2);
  if (value.format === TIME_FORMAT) {
    const minutes = Math.round(value.number * 24 * 60);
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  return String(value.number);
}

async function* rowsOf<Row>(list: ListExport<Row>): AsyncGenerator<SheetValue[]> {
  for await (const row of list.rows) yield list.columns.map((column) => column.cell(row));
}

async function* csvRecords<Row>(list: ListExport<Row>): AsyncGenerator<string[]> {
  yield list.columns.map((column) => csvField(column.header));
  for await (const values of rowsOf(list)) yield values.map(csvField);
}

async function* sheetRows<Row>(list: ListExport<Row>): AsyncGenerator<SheetRow> {
  yield sheetRow(
    list.columns.map((column) => column.header),
    { bold: true, fill: HEADER_FILL },
  );
  for await (const values of rowsOf(list)) yield sheetRow(values);
}

/**
 * The file of a list's export, written to the stream returned as its rows are read: a failure
 * half-way ends the stream with the error.
 */
export function listExportFile<Row>(format: ExportFormat, list: ListExport<Row>): Readable {
  if (format === 'csv') {
    const csv = stringify({ bom: true, record_delimiter: 'windows' });
    pipeline(Readable.from(csvRecords(list)), csv).catch((error: Error) => csv.destroy(error));
    return csv;
  }
  const { workbook, stream } = streamedWorkbook();
  workbook.creator = 'Stockyard';
  writeSheet(workbook, list.sheet, 1, sheetRows(list))
    .then(async () => {
      const notes = list.notes;
      if (!notes) return;
      const [head, ...rest] = notes.rows;
      const rows = [
        sheetRow(head ?? [], { bold: true, fill: HEADER_FILL }),
        ...rest.map((r) => sheetRow(r)),
      ];
      await writeSheet(workbook, notes.sheet, 1, rows);
    })
    .then(() => workbook.commit())
    .catch((error: Error) => stream.destroy(error));
  return stream;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: XLSX_CONTENT_TYPE,
  csv: CSV_CONTENT_TYPE,
};

/** Answers a list's export as `<fileName>.<format>`, a download. */
export function sendListExport<Row>(
  reply: FastifyReply,
  format: ExportFormat,
  list: ListExport<Row>,
) {
  reply.header('content-type', EXPORT_CONTENT_TYPES[format]);
  reply.header('content-disposition', attachmentHeader(`${list.fileName}.${format}`));
  // The typed reply knows only the schema's string.
  return reply.send(listExportFile(format, list) as unknown as string);
}

const binary = z.string().meta({ format: 'binary' });

/** An export route's 200 in the API document: the .xlsx or the .csv file, as `format` asks. */
export function exportResponse(what: string) {
  return {
    description: `${what}: an .xlsx file, or a .csv file with format=csv`,
    content: {
      [XLSX_CONTENT_TYPE]: { schema: binary },
      'text/csv': { schema: binary },
    },
  };
}
