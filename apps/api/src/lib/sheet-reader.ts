import {
  type DecimalSeparator,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type Parsed,
} from '@stockyard/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { unguardFormula } from './formula-guard';
import { checkCsv, checkWorkbook, FORMAT_MESSAGE, SheetError, TITLE_ROWS } from './sheet-limits';

export { SheetError };

/**
 * The one way the API reads an uploaded spreadsheet: a CSV (UTF-8, Windows-1252 or UTF-16; comma,
 * semicolon or tab) or an .xlsx's first worksheet, as trimmed text under the caller's columns.
 * Nothing is evaluated (`=` is text); each row keeps Excel's row number so an error can name its
 * cell ("C7"). Read within sheet-limits.ts's limits, on a worker thread (sheet-reader.worker.ts).
 */

/** A column the caller knows: matched by `header` or an alias, without regard to case and spaces. */
export type KnownColumn<K extends string> = {
  key: K;
  header: string;
  aliases?: readonly string[];
  required?: boolean;
};

/** A known column found in the file: its header as the file writes it, its index from 0 (A). */
type FoundColumn<K extends string> = { key: K; header: string; index: number };

/**
 * A row that is not empty: its number as Excel shows it, its cells ('' for a blank one or a known
 * column the file lacks), and the reference of each cell the file has ("C7").
 */
export type ReadRow<K extends string> = {
  rowNumber: number;
  cells: Record<K, string>;
  refs: Partial<Record<K, string>>;
};

/**
 * A file read. `decimalSeparator` is what its numbers most likely use, for `readNumber`: ',' in a
 * semicolon-separated CSV (a European Excel's), '.' in a comma-separated one and in a workbook
 * (whose numbers come as JavaScript writes them), unknown in a tab-separated one.
 */
export type ReadSheet<K extends string> = {
  format: 'csv' | 'xlsx';
  decimalSeparator?: DecimalSeparator;
  columns: FoundColumn<K>[];
  /** The file's headed columns that are none of the known ones: read by nothing (issue 50). */
  ignored: { header: string; cell: string }[];
  rows: ReadRow<K>[];
};

export type { DecimalSeparator, Parsed } from '@stockyard/shared';

/** Every non-empty row of a file, each cell as trimmed text, with its row number (from 1). */
type TextRow = { rowNumber: number; cells: string[] };
type TextTable = Pick<ReadSheet<string>, 'format' | 'decimalSeparator'> & { rows: TextRow[] };

const thousands = new Intl.NumberFormat('en-GB');

/**
 * How the header row is found: the first row with content (the default), or, with `titled`, the
 * first of the file's first TITLE_ROWS rows that holds every required column, so that a heading
 * above the table (a count sheet's location and day) is no part of it.
 */
export type ReadOptions = { titled?: boolean };

/** Reads an uploaded file as a table under `columns`, or throws a `SheetError`. */
export async function readSheet<K extends string>(
  data: Uint8Array,
  fileName: string,
  columns: readonly KnownColumn<K>[],
  options: ReadOptions = {},
): Promise<ReadSheet<K>> {
  if (data.byteLength > IMPORT_MAX_BYTES) {
    throw new SheetError(IMPORT_MESSAGES.tooLarge);
  }
  const table = await readTextTable(data, fileName);
  const start = options.titled ? headerIndex(table.rows, columns) : 0;
  const [header, ...body] = table.rows.slice(start);
  if (!header) throw new SheetError('The file is empty.');
  if (body.length > IMPORT_MAX_ROWS) {
    throw new SheetError(
      `The file has ${thousands.format(body.length)} rows; at most ${thousands.format(IMPORT_MAX_ROWS)} can be imported at once.`,
    );
  }
  const found = findColumns(header, columns);
  const ignored = header.cells.flatMap((text, index) =>
    text === '' || found.some((f) => f.index === index)
      ? []
      : [{ header: text, cell: cellRef(index, header.rowNumber) }],
  );
  const rows = body.map((row) => namedRow(row, columns, found));
  return {
    format: table.format,
    decimalSeparator: table.decimalSeparator,
    columns: found,
    ignored,
    rows,
  };
}

/** A zip (an .xlsx) begins with a local file header; an .xls or an encrypted .xlsx is OLE2. */
const startsWith = (data: Uint8Array, ...bytes: number[]) => bytes.every((b, i) => data[i] === b);
const isZip = (data: Uint8Array) => startsWith(data, 0x50, 0x4b, 0x03, 0x04);
const isOle2 = (data: Uint8Array) => startsWith(data, 0xd0, 0xcf, 0x11, 0xe0);

/**
 * The format is decided by the content first (a zip is read as a workbook whatever its name) and
 * then by the name: text under a .csv, .txt or .tsv name, or no extension, is read as CSV.
 */
async function readTextTable(data: Uint8Array, fileName: string): Promise<TextTable> {
  const extension = /\.([^./\\]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (isZip(data)) {
    checkWorkbook(data);
    return readXlsx(data);
  }
  if (isOle2(data) && extension === 'xlsx') {
    throw new SheetError('The workbook is protected by a password; save it without one.');
  }
  if (isOle2(data) || (extension !== undefined && !['csv', 'txt', 'tsv'].includes(extension))) {
    throw new SheetError(FORMAT_MESSAGE);
  }
  return readCsv(decodeText(data));
}

/**
 * A CSV file's text. A byte order mark decides (UTF-8, UTF-16 as Excel's "Unicode text" writes
 * it); without one, bytes that are valid UTF-8 are UTF-8, anything else Windows-1252, what Excel
 * writes in Western Europe. Text with a NUL character is no CSV (a binary file renamed).
 */
function decodeText(data: Uint8Array): string {
  const text = decodedBytes(data);
  if (text.includes('\u0000')) throw new SheetError(FORMAT_MESSAGE);
  return text;
}

function decodedBytes(data: Uint8Array): string {
  if (startsWith(data, 0xff, 0xfe)) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (startsWith(data, 0xfe, 0xff)) return new TextDecoder('utf-16be').decode(data.subarray(2));
  const bytes = startsWith(data, 0xef, 0xbb, 0xbf) ? data.subarray(3) : data;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252');
  }
}

const SEPARATORS = [',', ';', '\t'] as const;
type Separator = (typeof SEPARATORS)[number];

/**
 * The separator of a CSV text: the one a first `sep=;` line names (Excel writes and hides it),
 * else the one among `,` `;` tab that the header line (its first with any content) holds most
 * often outside quotes; a comma when there is none. Lines of separators alone before it (empty
 * rows, written by the same program) count too.
 */
function detectSeparator(text: string): { separator: Separator; skip: number } {
  const named = /^sep=([,;\t])(\r\n|\n|\r|$)/.exec(text);
  if (named) return { separator: named[1] as Separator, skip: named[0].length };
  const counts = new Map<string, number>();
  let quoted = false;
  let content = false;
  // The first 64 KB: no header is longer, and a line of a million separators is none.
  for (const char of text.slice(0, 65_536)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (content) break;
    } else if (!quoted && SEPARATORS.includes(char as Separator)) {
      counts.set(char, (counts.get(char) ?? 0) + 1);
    } else if (char.trim() !== '') content = true;
  }
  const separator = SEPARATORS.reduce((best, s) =>
    (counts.get(s) ?? 0) > (counts.get(best) ?? 0) ? s : best,
  );
  return { separator, skip: 0 };
}

/** A CSV text as rows; each record is one row, as Excel numbers them when it opens the file. */
function readCsv(text: string): TextTable {
  const { separator, skip } = detectSeparator(text);
  checkCsv(text.slice(skip), separator);
  let records: string[][];
  try {
    records = parse(text.slice(skip), {
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: false,
    });
  } catch (error) {
    throw csvError(error);
  }
  const rows: TextRow[] = [];
  records.forEach((record, index) => {
    // The export's guard against formula injection taken off: "'=HYPERLINK(...)" is read as
    // "=HYPERLINK(...)", "'+49 89 5551234" as "+49 89 5551234" (lib/formula-guard.ts).
    const cells = record.map((cell) => unguardFormula(cell.trim()));
    if (cells.some((cell) => cell !== '')) rows.push({ rowNumber: index + 1, cells });
  });
  const decimalSeparator = separator === ';' ? ',' : separator === ',' ? '.' : undefined;
  return { format: 'csv', decimalSeparator, rows };
}

/** What csv-parse could not read, said with the row where it began. */
function csvError(error: unknown): SheetError {
  const { code, records } = error as { code?: string; records?: number };
  const row = typeof records === 'number' ? ` (row ${records + 1})` : '';
  return new SheetError(
    code === 'CSV_QUOTE_NOT_CLOSED'
      ? `The CSV file has a quoted value that is never closed${row}.`
      : `The file could not be read as CSV${row}.`,
  );
}

/** The first worksheet of a workbook, its cells as the text they show (see `cellText`). */
async function readXlsx(data: Uint8Array): Promise<TextTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its argument as an ArrayBuffer; it hands any byte array to JSZip.
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new SheetError(FORMAT_MESSAGE);
  }
  const rows: TextRow[] = [];
  workbook.worksheets[0]?.eachRow((row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell((cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    const dense = Array.from(cells, (cell) => cell ?? '');
    if (dense.some((cell) => cell !== '')) rows.push({ rowNumber, cells: dense });
  });
  return { format: 'xlsx', decimalSeparator: '.', rows };
}

/**
 * A cell's value as trimmed text, never evaluated: a formula gives its cached result, or its
 * formula with `=` when the file has none; rich text and a hyperlink their text; an error its
 * code (#N/A); a number its JavaScript form at Excel's 15 digits ("12.5", never "12,50"); a date
 * the day it shows (`dateText`).
 */
function cellText(cell: ExcelJS.Cell, value: ExcelJS.CellValue | undefined = cell.value): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value, cell.numFmt);
  if ('richText' in value)
    return value.richText
      .map((run) => run.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return cellText(cell, value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  if ('result' in value && value.result !== undefined && value.result !== null) {
    return cellText(cell, value.result as ExcelJS.CellValue);
  }
  // A shared formula's own text is made from its first cell's; exceljs translates it.
  return cell.formula ? `=${cell.formula}`.trim() : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as the day it shows, dd/mm/yyyy, read from its UTC fields (exceljs gives a serial
 * as UTC): with its time (HH:mm) when its format shows one, or the time alone for a time format.
 * Rounded to the second first: a serial's fraction lands a hair off the minute.
 */
function dateText(date: Date, numFmt: string | undefined): string {
  const at = new Date(Math.round(date.getTime() / 1000) * 1000);
  const day = `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  // Quoted text, escapes and [colour] or [$locale] blocks are no part of what a format shows.
  const shown = (numFmt ?? '').replace(/"[^"]*"|\\.|\[[^\]]{2,}\]/g, '').toLowerCase();
  const showsDay = /[dy]/.test(shown);
  const showsTime = /[hs]/.test(shown);
  if (!showsTime) return day;
  const seconds = shown.includes('s') ? `:${pad(at.getUTCSeconds())}` : '';
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}${seconds}`;
  return showsDay ? `${day} ${time}` : time;
}

/** A header as compared: lower case, without spaces, `_`, `-` and `.` ("Item no." = "itemno"). */
const normalHeader = (header: string) => header.toLowerCase().replace(/[\s_.-]/g, '');

/**
 * The known columns in a header row. An unknown column is ignored; a missing required one, or a
 * known one found twice (which would be a guess), is an error for the whole file.
 */
function findColumns<K extends string>(
  header: TextRow,
  columns: readonly KnownColumn<K>[],
): FoundColumn<K>[] {
  const keyOf = new Map<string, KnownColumn<K>>();
  for (const column of columns) {
    for (const name of [column.header, ...(column.aliases ?? [])]) {
      keyOf.set(normalHeader(name), column);
    }
  }
  const found: FoundColumn<K>[] = [];
  header.cells.forEach((text, index) => {
    const column = keyOf.get(normalHeader(text));
    if (!column) return;
    const twice = found.find((f) => f.key === column.key);
    if (twice) {
      const where = `${cellRef(twice.index, header.rowNumber)} and ${cellRef(index, header.rowNumber)}`;
      throw new SheetError(`The file has two "${column.header}" columns (${where}).`);
    }
    found.push({ key: column.key, header: text, index });
  });
  const missing = columns.find((c) => c.required && !found.some((f) => f.key === c.key));
  if (missing) throw new SheetError(`The file has no "${missing.header}" column.`);
  return found;
}

/** The index of the first of the first TITLE_ROWS rows holding every required column, else 0. */
function headerIndex<K extends string>(rows: TextRow[], columns: readonly KnownColumn<K>[]) {
  const required = columns
    .filter((column) => column.required)
    .map((column) => [column.header, ...(column.aliases ?? [])].map(normalHeader));
  const index = rows.slice(0, TITLE_ROWS).findIndex((row) => {
    const headers = new Set(row.cells.map(normalHeader));
    return required.every((names) => names.some((name) => headers.has(name)));
  });
  return Math.max(0, index);
}

/** A row's cells under the keys of the known columns. */
function namedRow<K extends string>(
  row: TextRow,
  columns: readonly KnownColumn<K>[],
  found: FoundColumn<K>[],
): ReadRow<K> {
  const cells = {} as Record<K, string>;
  const refs: Partial<Record<K, string>> = {};
  for (const column of columns) cells[column.key] = '';
  for (const { key, index } of found) {
    cells[key] = row.cells[index] ?? '';
    refs[key] = cellRef(index, row.rowNumber);
  }
  return { rowNumber: row.rowNumber, cells, refs };
}

/** A cell's reference as Excel writes it: column 0 and row 7 is "A7", column 26 "AA". */
export function cellRef(columnIndex: number, rowNumber: number): string {
  let letters = '';
  for (let n = columnIndex + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return `${letters}${rowNumber}`;
}

/** A number as people type it: the one rule of `readNumber` (packages/shared). */
export { readNumber } from '@stockyard/shared';

const NOT_A_DATE: Parsed<string> = { ok: false, message: 'must be a date, dd/mm/yyyy' };

/**
 * A day as people type it, dd/mm/yyyy (also d/m/yyyy, and `.` or `-` between), or yyyy-mm-dd, as
 * yyyy-mm-dd. A day the month does not have (31/02/2026) is refused, and so is a year before 1000
 * (a mistyped one).
 */
export function readDate(text: string): Parsed<string> {
  const trimmed = text.trim();
  const dayFirst = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})$/.exec(trimmed);
  const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const [year, month, day] = dayFirst
    ? [dayFirst[4], dayFirst[3], dayFirst[1]].map(Number)
    : yearFirst
      ? [yearFirst[1], yearFirst[2], yearFirst[3]].map(Number)
      : [];
  if (year === undefined || month === undefined || day === undefined || year < 1000) {
    return NOT_A_DATE;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return NOT_A_DATE;
  return { ok: true, value: `${year}-${pad(month)}-${pad(day)}` };
}
