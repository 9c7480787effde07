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

/** The style objects made, by look (see `styleOf`). */
const styles = new Map<string, Partial<ExcelJS.Style>>();

/**
 * The one style object of a look, shared by every cell of that look and never changed: exceljs
 * serialises each style object to find its entry, which per cell was most of a large file's cost.
 */
function styleOf(
  numFmt: string | undefined,
  bold: boolean,
  fill: string | undefined,
  alignment: { wrapText: boolean; top: boolean; right: boolean },
): Partial<ExcelJS.Style> {
  const { wrapText, top, right } = alignment;
  const flags = (bold ? 1 : 0) | (wrapText ? 2 : 0) | (top ? 4 : 0) | (right ? 8 : 0);
  const key = `${flags}\u0000${numFmt ?? ''}\u0000${fill ?? ''}`;
  let style = styles.get(key);
  if (!style) {
    style = {};
    if (numFmt) style.numFmt = numFmt;
    if (bold) style.font = { bold: true };
    if (fill) style.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
    if (wrapText || top || right) {
      style.alignment = {
        ...(wrapText ? { wrapText } : {}),
        ...(top ? { vertical: 'top' as const } : {}),
        ...(right ? { horizontal: 'right' as const } : {}),
      };
    }
    styles.set(key, style);
  }
  return style;
}

/** Number formats as their shown text, made once a format (an Intl.NumberFormat is costly). */
const formatters = new Map<string, (value: number) => string>();

/** A number as a format shows it: its decimals, its thousands separators and quoted text. */
function formattedNumber(value: number, format: string): string {
  let formatter = formatters.get(format);
  if (!formatter) {
    const literal = [...format.matchAll(/"([^"]*)"/g)].map((m) => m[1]).join('');
    const bare = format.replace(/"[^"]*"/g, '');
    if (/[0#]/.test(bare)) {
      const decimals = /\.(0*)(#*)/.exec(bare);
      const numbers = new Intl.NumberFormat('en-US', {
        useGrouping: bare.includes(','),
        minimumFractionDigits: decimals?.[1]?.length ?? 0,
        maximumFractionDigits: (decimals?.[1]?.length ?? 0) + (decimals?.[2]?.length ?? 0),
      });
      formatter = (n) => literal + numbers.format(n);
    } else {
      formatter = () => bare; // a time or date format: as long as its pattern
    }
    formatters.set(format, formatter);
  }
  return formatter(value);
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
  return formattedNumber(value.number, value.format).length;
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
 * Appends a row, styled, its lines wrapped, and writes it out of memory. A merge is made once its
 * first cell is written and styled: the cells it covers take that cell's style (and no value).
 */
function appendRow(sheet: ExcelJS.Worksheet, { values, style = {} }: SheetRow, widths: number[]) {
  const row = sheet.addRow([]);
  let lines = 1;
  const wrapped = new Set<number>();
  values.forEach((value, index) => {
    const column = index + 1;
    if (typeof value !== 'string' || (isMerged(style, column) && column !== style.merge?.[0])) {
      return;
    }
    const width =
      style.merge?.[0] === column
        ? widths.slice(style.merge[0] - 1, style.merge[1]).reduce((sum, w) => sum + w, 0)
        : (widths[index] ?? MIN_COLUMN_WIDTH);
    const needed = linesIn(value, width);
    if (needed > 1) {
      wrapped.add(column);
      lines = Math.max(lines, needed);
    }
  });
  values.forEach((value, index) => {
    const column = index + 1;
    if (isMerged(style, column) && column !== style.merge?.[0]) return;
    const cell = row.getCell(column);
    cell.style = styleOf(
      writeCell(cell, value),
      style.bold === true || (style.bold === 'first' && index === 0),
      style.fill,
      { wrapText: wrapped.has(column), top: lines > 1, right: style.right === true },
    );
  });
  if (style.merge) sheet.mergeCells(row.number, style.merge[0], row.number, style.merge[1]);
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
