import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The one way the API writes a spreadsheet (exceljs, streamed). Text is always a string cell, never
 * a formula whatever it begins with, kept as typed; numbers, days and times are typed cells with
 * their format. `writeSheet` sizes the columns, wraps long text and prints on A4, one page wide.
 */

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A number shown with a format, e.g. a quantity with `#,##0.00`. */
export type FormattedNumber = { number: number; format: string };
/** A day as a date cell, shown with a format, e.g. `dd/mm/yyyy`. */
export type FormattedDate = { date: Date; format: string };
/** What a cell holds: text, a number, a formatted number, a date, or nothing. */
export type SheetValue = string | number | FormattedNumber | FormattedDate | null | undefined;

/** A day as the app shows it (`toDisplayDate`): 01/11/2026, in every export. */
export const DAY_FORMAT = 'dd/mm/yyyy';

/**
 * A yyyy-MM-dd as a date cell: its UTC midnight, which is how a spreadsheet keeps a day (exceljs
 * writes a Date as its UTC serial), so that every program shows the same day. Text that is no such
 * day stays text.
 */
export function dateCell(iso: string, format: string): SheetValue {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? iso : { date, format };
}

export const TIME_FORMAT = 'hh:mm';

/**
 * A time of day (HH:mm) as a time cell: the fraction of a day a spreadsheet keeps, shown as
 * `hh:mm`. Nothing stays empty; text that is no such time stays text.
 */
export function timeCell(time: string | null | undefined): SheetValue {
  if (!time) return null;
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  if (!(minutes >= 0 && minutes < 24 * 60)) return time;
  return { number: minutes / (24 * 60), format: TIME_FORMAT };
}

/** Things counted (pieces, an item's quantity): whole, with thousands separators. */
const COUNT_FORMAT = '#,##0';
/** Things measured (m², m³, running metres, money): 2 decimals, with thousands separators. */
export const QUANTITY_FORMAT = '#,##0.00';

/**
 * Money in the company's currency as the invoices' files show it ("EUR 41,500.50"); a CSV field of
 * such a cell is written with its 2 decimals ("41500.50").
 */
const moneyFormat = (currency: string) => `"${currency} "#,##0.00`;
/** Whether a cell's format is a money format (see moneyFormat). */
export const isMoneyFormat = (format: string) => /^"[A-Z]{3} "#,##0\.00$/.test(format);
/** An amount (in the currency's units, e.g. 41500.5) as a money cell; nothing stays empty. */
export const money = (value: number | null, currency: string): FormattedNumber | null =>
  value === null ? null : { number: value, format: moneyFormat(currency) };

/** A count: a numeric cell shown whole. */
export const count = (value: number): FormattedNumber => ({ number: value, format: COUNT_FORMAT });

/** A measured quantity: a numeric cell shown with 2 decimals (or `format`). */
export const quantity = (value: number, format = QUANTITY_FORMAT): FormattedNumber => ({
  number: value,
  format,
});

/** Kilograms as the catalogue keeps them: three decimals. */
const WEIGHT_FORMAT = '#,##0.000';

/** Kilograms, or an empty cell where the catalogue does not know the weight. */
export const kilograms = (kg: number | null): SheetValue =>
  kg === null ? null : quantity(kg, WEIGHT_FORMAT);

/**
 * Writes one value; a string is set as a string, never as `{ formula }`. Returns its number
 * format, for its style (`styleOf`).
 */
function writeCell(cell: ExcelJS.Cell, value: SheetValue): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') {
    cell.value = value;
  } else if (typeof value === 'number') {
    cell.value = Number.isFinite(value) ? value : null;
  } else if ('date' in value) {
    cell.value = value.date;
    return value.format;
  } else {
    cell.value = Number.isFinite(value.number) ? value.number : null;
    return value.format;
  }
  return undefined;
}

/** A look's flags: bold, wrapped, at the top, at the right (see `styleOf`). */
const BOLD = 1;
const WRAP = 2;
const TOP = 4;
const RIGHT = 8;

/** The style objects made, by number format, fill and flags (see `styleOf`). */
const styles = new Map<string, Map<string, Array<Partial<ExcelJS.Style> | undefined>>>();

/**
 * The one style object of a look, shared by every cell of that look and never changed: exceljs
 * serialises each style object to find its entry, which per cell was most of a large file's cost.
 * Found by its format, fill and flags without joining them into a key: a key a cell was a tenth of
 * the rows' cost.
 */
function styleOf(
  numFmt: string | undefined,
  fill: string | undefined,
  flags: number,
): Partial<ExcelJS.Style> {
  let byFill = styles.get(numFmt ?? '');
  if (!byFill) {
    byFill = new Map();
    styles.set(numFmt ?? '', byFill);
  }
  let byFlags = byFill.get(fill ?? '');
  if (!byFlags) {
    byFlags = [];
    byFill.set(fill ?? '', byFlags);
  }
  let style = byFlags[flags];
  if (!style) {
    style = {};
    if (numFmt) style.numFmt = numFmt;
    if (flags & BOLD) style.font = { bold: true };
    if (fill) style.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
    if (flags & (WRAP | TOP | RIGHT)) {
      style.alignment = {
        ...(flags & WRAP ? { wrapText: true } : {}),
        ...(flags & TOP ? { vertical: 'top' as const } : {}),
        ...(flags & RIGHT ? { horizontal: 'right' as const } : {}),
      };
    }
    byFlags[flags] = style;
  }
  return style;
}

/**
 * The characters a number shows in a format: its quoted text, sign, digits with their thousands
 * separators and decimals (at least the format's 0s, at most its 0s and #s), as Intl.NumberFormat
 * (en-US) writes it; a time or date format as long as its pattern. Counted, not formatted: a
 * 500-item invoice measures thousands of numbers, and formatting each was a tenth of its file's
 * cost.
 */
type NumberShape = {
  literal: number;
  grouped: boolean;
  minDecimals: number;
  maxDecimals: number;
  numbers: Intl.NumberFormat;
};
const shapes = new Map<string, NumberShape | number>();

function shapeOf(format: string): NumberShape | number {
  let shape = shapes.get(format);
  if (shape === undefined) {
    const literal = [...format.matchAll(/"([^"]*)"/g)].map((m) => m[1]).join('');
    const bare = format.replace(/"[^"]*"/g, '');
    if (/[0#]/.test(bare)) {
      const decimals = /\.(0*)(#*)/.exec(bare);
      const minDecimals = decimals?.[1]?.length ?? 0;
      const maxDecimals = minDecimals + (decimals?.[2]?.length ?? 0);
      const grouped = bare.includes(',');
      shape = {
        literal: literal.length,
        grouped,
        minDecimals,
        maxDecimals,
        numbers: new Intl.NumberFormat('en-US', {
          useGrouping: grouped,
          minimumFractionDigits: minDecimals,
          maximumFractionDigits: maxDecimals,
        }),
      };
    } else {
      shape = bare.length; // a time or date format: as long as its pattern
    }
    shapes.set(format, shape);
  }
  return shape;
}

function formattedLength(value: number, format: string): number {
  const shape = shapeOf(format);
  if (typeof shape === 'number') return shape;
  // Intl rounds the number's shortest decimal text (String), half away from zero.
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text) || Object.is(value, -0)) {
    return shape.literal + shape.numbers.format(value).length; // exponents, NaN, -0: Intl counts
  }
  const sign = value < 0 ? 1 : 0;
  const point = text.indexOf('.');
  let whole = (point === -1 ? text.length : point) - sign;
  const fraction = point === -1 ? '' : text.slice(point + 1);
  let decimals = fraction.length;
  if (decimals > shape.maxDecimals) {
    decimals = shape.maxDecimals;
    if (fraction.charCodeAt(decimals) >= 53) {
      // Rounded up: the 9s before it carry (to the whole number when all of them are 9s).
      const digits = text.slice(sign, point) + fraction.slice(0, decimals);
      let nines = 0;
      while (nines < digits.length && digits.charCodeAt(digits.length - 1 - nines) === 57) nines++;
      if (nines >= decimals) {
        decimals = 0;
        if (nines === digits.length) whole += 1;
      } else {
        decimals -= nines;
      }
    } else {
      while (decimals > 0 && fraction.charCodeAt(decimals - 1) === 48) decimals--;
    }
  }
  decimals = Math.max(decimals, shape.minDecimals);
  const separators = shape.grouped ? Math.floor((whole - 1) / 3) : 0;
  return shape.literal + sign + whole + separators + (decimals > 0 ? decimals + 1 : 0);
}

/** The characters a value shows on its longest line. */
function shownLength(value: SheetValue): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') {
    if (!value.includes('\n')) return value.length;
    return Math.max(...value.split('\n').map((line) => line.length));
  }
  if (typeof value === 'number') return String(value).length;
  if ('date' in value) return value.format.length;
  return formattedLength(value.number, value.format);
}

/** The lines a text takes in a cell `width` characters wide. */
function linesIn(text: string, width: number): number {
  const room = Math.max(1, Math.floor(width) - 1);
  if (text.length <= room && !text.includes('\n')) return 1; // one line, the most common
  return text
    .split('\n')
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / room)), 0);
}

/**
 * `bold`: the whole row, or its first cell (a label); `fill`: an ARGB background; `merge`: the
 * columns [from, to] (1-based) that make one cell, holding the value at `from` wrapped to its
 * width (a heading, an address or a note across the table; it sizes no column); `right`: the
 * row's text aligned right (a label that leads to the figure after it).
 */
export type RowStyle = {
  bold?: boolean | 'first';
  fill?: string;
  merge?: [number, number];
  right?: boolean;
};

/** One row of a sheet: its values from column A, and how it looks. */
export type SheetRow = { values: SheetValue[]; style?: RowStyle };

/** A row of values from column A. */
export const sheetRow = (values: SheetValue[], style?: RowStyle): SheetRow => ({ values, style });

/** Column widths in characters: as wide as the widest value, within these bounds. */
const MIN_COLUMN_WIDTH = 5;
const MAX_COLUMN_WIDTH = 50;
/** The height of one line of 11 pt Calibri, exceljs's font, in points. */
const LINE_HEIGHT = 15;
/** Rows read ahead to size the columns of a streamed sheet; later rows wrap to those widths. */
const SIZED_ROWS = 2_000;
/** A4 less the default margins (0.7 in a side), in pixels at 96 dpi. */
const A4_PORTRAIT_PIXELS = (8.27 - 1.4) * 96;

const isMerged = (style: RowStyle | undefined, column: number) =>
  style?.merge !== undefined && column >= style.merge[0] && column <= style.merge[1];

/** Each column as wide as its widest value (bold text a tenth wider) and 2 characters. */
function columnWidths(rows: SheetRow[]): number[] {
  const widths: number[] = [];
  for (const { values, style } of rows) {
    values.forEach((value, index) => {
      if (isMerged(style, index + 1)) return;
      const bold = style?.bold === true || (style?.bold === 'first' && index === 0);
      const shown = Math.ceil(shownLength(value) * (bold ? 1.1 : 1)) + 2;
      widths[index] = Math.max(widths[index] ?? MIN_COLUMN_WIDTH, shown);
    });
  }
  return Array.from(widths, (width) =>
    Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width ?? MIN_COLUMN_WIDTH)),
  );
}

/** Landscape when the columns are wider than a portrait A4 page (Excel: 7 pixels a character). */
function orientationFor(widths: number[]): 'portrait' | 'landscape' {
  const pixels = widths.reduce((sum, width) => sum + Math.trunc(width * 7 + 5), 0);
  return pixels > A4_PORTRAIT_PIXELS ? 'landscape' : 'portrait';
}

/**
 * Print set-up of a table: A4, portrait or landscape as its columns need, one page wide and as
 * many long as it takes, its header row atop every page. exceljs writes the fit to width only
 * with `fitToPage`, and its streamed sheet writes that flag when the sheet is made.
 */
function printSetup(widths: number[], headerRow: number): Partial<ExcelJS.PageSetup> {
  return {
    paperSize: 9, // A4
    orientation: orientationFor(widths),
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerRow}:${headerRow}`,
  };
}

/**
 * Every row's own style: none (its cells have theirs), one object that exceljs looks up once a
 * workbook, where a new one a row was written out as XML to find its entry, row after row.
 */
const ROW_STYLE: Partial<ExcelJS.Style> = {};

/**
 * Appends a row, styled, its lines wrapped, and writes it out of memory. A merge is made once its
 * first cell is written and styled: the cells it covers take that cell's style (and no value).
 */
function appendRow(sheet: ExcelJS.Worksheet, { values, style = {} }: SheetRow, widths: number[]) {
  const row = sheet.addRow([]);
  // exceljs's types leave out the row's own style, which its writer reads.
  (row as ExcelJS.Row & { style: Partial<ExcelJS.Style> }).style = ROW_STYLE;
  const merge = style.merge;
  // Columns a merge covers after its first hold nothing of their own.
  const covered = (column: number) =>
    merge !== undefined && column > merge[0] && column <= merge[1];
  let lines = 1;
  let wrapped: boolean[] | undefined;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    const column = index + 1;
    if (typeof value !== 'string' || covered(column)) continue;
    let width = widths[index] ?? MIN_COLUMN_WIDTH;
    if (merge?.[0] === column) {
      width = 0;
      for (let c = merge[0]; c <= merge[1]; c++) width += widths[c - 1] ?? 0;
    }
    const needed = linesIn(value, width);
    if (needed > 1) {
      wrapped ??= [];
      wrapped[column] = true;
      lines = Math.max(lines, needed);
    }
  }
  const rowFlags = (lines > 1 ? TOP : 0) | (style.right === true ? RIGHT : 0);
  const last = values.length;
  for (let index = 0; index < last; index++) {
    const value = values[index];
    const column = index + 1;
    if (covered(column)) continue;
    const bold = style.bold === true || (style.bold === 'first' && index === 0);
    const flags = rowFlags | (bold ? BOLD : 0) | (wrapped?.[column] ? WRAP : 0);
    // An empty cell of no look is written as no cell: it is not made, but for the row's first
    // and last, which give the row its span of columns.
    const empty = value === null || value === undefined || value === '';
    if (empty && flags === 0 && style.fill === undefined && column !== 1 && column !== last) {
      continue;
    }
    const cell = row.getCell(column);
    cell.style = styleOf(writeCell(cell, value), style.fill, flags);
  }
  if (merge) sheet.mergeCells(row.number, merge[0], row.number, merge[1]);
  if (lines > 1) row.height = lines * LINE_HEIGHT;
  row.commit();
}

/**
 * A table written to the workbook as `name`: the columns sized from the rows (the first
 * SIZED_ROWS of a stream, read ahead), text too long for its column or of several lines wrapped
 * with the row as tall as its lines, and printed as `printSetup` says with `headerRow` (1-based)
 * repeated. Rows are written out of memory as they come.
 */
export async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  headerRow: number,
  rows: Iterable<SheetRow> | AsyncIterable<SheetRow>,
): Promise<void> {
  const ahead: SheetRow[] = [];
  const iterator =
    Symbol.asyncIterator in rows
      ? rows[Symbol.asyncIterator]()
      : (rows as Iterable<SheetRow>)[Symbol.iterator]();
  let next = await iterator.next();
  while (!next.done && ahead.length < SIZED_ROWS) {
    ahead.push(next.value);
    next = await iterator.next();
  }
  const widths = columnWidths(ahead);
  const sheet = workbook.addWorksheet(name, { pageSetup: printSetup(widths, headerRow) });
  // exceljs leaves out a column 9 wide, its default, which Excel reads as 8.43: a hair more.
  sheet.columns = widths.map((width) => ({ width: width === 9 ? 9.01 : width }));
  for (const row of ahead) appendRow(sheet, row, widths);
  while (!next.done) {
    appendRow(sheet, next.value, widths);
    next = await iterator.next();
  }
  sheet.commit();
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
