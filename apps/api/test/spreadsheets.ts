import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';

/**
 * A downloaded .xlsx read as a spreadsheet program reads it: loaded from the reply's bytes by
 * exceljs's reader (a Workbook of its own, nothing shared with the code that wrote the file).
 */
export async function openSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

/** The day a date cell shows: a Date (UTC midnight) formatted as `format`. */
export function dayOf(cell: ExcelJS.Cell, format: string): string {
  expect(cell.type, cell.address).toBe(ExcelJS.ValueType.Date);
  expect(cell.numFmt, cell.address).toBe(format);
  const date = cell.value as Date;
  expect(date.getUTCHours() + date.getUTCMinutes(), cell.address).toBe(0);
  return date.toISOString().slice(0, 10);
}

/**
 * The time a time cell shows (HH:mm): a number under an `hh:mm` format, which exceljs reads as a
 * Date of the spreadsheet's day 0 (30 Dec 1899): a fraction of a day, not text.
 */
export function timeOf(cell: ExcelJS.Cell): string | null {
  if (cell.value === null || cell.value === undefined) return null;
  expect(cell.numFmt, cell.address).toBe('hh:mm');
  expect(cell.type, cell.address).toBe(ExcelJS.ValueType.Date);
  const sinceDayZero = (cell.value as Date).getTime() - Date.UTC(1899, 11, 30);
  expect(sinceDayZero, cell.address).toBeGreaterThanOrEqual(0);
  expect(sinceDayZero, cell.address).toBeLessThan(24 * 3600 * 1000);
  return (cell.value as Date).toISOString().slice(11, 16);
}

/** The sheet's merged ranges, as [row, first column, last column] (one-row ranges). */
function mergesOf(sheet: ExcelJS.Worksheet): Array<[number, number, number]> {
  return (sheet.model.merges ?? []).map((range) => {
    const [from, to] = range.split(':').map((address) => sheet.getCell(address!));
    expect(from!.row, range).toBe(to!.row);
    return [Number(from!.row), Number(from!.col), Number(to!.col)];
  });
}

/** The width of a column as written (a column left at the default has none). */
const widthOf = (sheet: ExcelJS.Worksheet, column: number) => sheet.getColumn(column).width ?? 0;

/**
 * Every text cell shows whole: on one line, its column (or the columns its merged cell spans) is
 * at least as wide as the text; on several, the cell wraps and its row is as tall as the lines
 * at 15 points each. Returns the cells checked.
 */
export function expectTextShownWhole(sheet: ExcelJS.Worksheet): number {
  const merges = mergesOf(sheet);
  let checked = 0;
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      if (typeof cell.value !== 'string' || cell.value === '') return;
      if (cell.isMerged && cell.master.address !== cell.address) return; // shown by its master
      const column = Number(cell.col);
      const merge = merges.find(([r, first]) => r === row.number && first === column);
      const last = merge ? merge[2] : column;
      let width = 0;
      for (let c = column; c <= last; c++) width += widthOf(sheet, c);
      const lines = cell.value.split('\n');
      const longest = Math.max(...lines.map((line) => line.length));
      if (cell.alignment?.wrapText) {
        const shown = lines.reduce(
          (sum, line) => sum + Math.max(1, Math.ceil(line.length / (width - 1))),
          0,
        );
        expect(row.height ?? 15, `${cell.address} ${cell.value}`).toBeGreaterThanOrEqual(
          shown * 15,
        );
      } else {
        expect(lines, `${cell.address} on one line`).toHaveLength(1);
        expect(width, `${cell.address} ${cell.value}`).toBeGreaterThanOrEqual(longest);
      }
      checked++;
    });
  });
  return checked;
}

/** Printed on A4, one page wide and as long as needed, `headerRow` atop every page. */
export function expectPrintSetup(
  sheet: ExcelJS.Worksheet,
  headerRow: number,
  orientation: 'portrait' | 'landscape',
): void {
  expect(sheet.pageSetup).toMatchObject({
    paperSize: 9,
    orientation,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerRow}:${headerRow}`,
  });
}

/**
 * A downloaded .csv read as a spreadsheet program reads it, by csv-parse: UTF-8 with a byte order
 * mark, CRLF after every record (the last too), parsed into its records, the header first.
 */
export function readCsv(body: Buffer): string[][] {
  expect([...body.subarray(0, 3)], 'the byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  const text = body.toString('utf8');
  expect(text.endsWith('\r\n'), 'the last record ends with CRLF').toBe(true);
  expect(text.replaceAll('\r\n', '').includes('\r'), 'no lone CR').toBe(false);
  return parse(body, { bom: true, record_delimiter: '\r\n', relax_column_count: false });
}

type Injector = {
  inject(options: { method: 'GET'; url: string; headers?: Record<string, string> }): Promise<{
    statusCode: number;
    body: string;
    headers: Record<string, unknown>;
    rawPayload: Buffer;
  }>;
};

/**
 * A list's export downloaded both ways (`url` holds its filters): the .xlsx opened and the .csv
 * parsed, each named `<name>-<day>` as the server's day, each answered 200.
 */
export async function downloadBoth(
  app: Injector,
  url: string,
  headers: Record<string, string>,
  name: string,
) {
  const join = url.includes('?') ? '&' : '?';
  const xlsx = await app.inject({ method: 'GET', url: `${url}${join}format=xlsx`, headers });
  expect(xlsx.statusCode, xlsx.body).toBe(200);
  expect(xlsx.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
  );
  const csv = await app.inject({ method: 'GET', url: `${url}${join}format=csv`, headers });
  expect(csv.statusCode, csv.body).toBe(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
  );
  return { sheet: await openSheet(xlsx.rawPayload), csv: readCsv(csv.rawPayload) };
}

/** A sheet's rows as the values of their cells (from column A), the header first. */
export function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}
