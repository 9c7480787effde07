import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openSheet } from '../../test/spreadsheets';
import { quantity, type SheetValue, sheetRow, streamedWorkbook, writeSheet } from './spreadsheet';

/** The .xlsx of one sheet of `rows`, as a download's bytes. */
async function fileOf(rows: SheetValue[][]): Promise<Buffer> {
  const { workbook, stream } = streamedWorkbook();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
  await writeSheet(
    workbook,
    'Sheet',
    1,
    rows.map((values) => sheetRow(values)),
  );
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** A number as a spreadsheet program (en-US) shows it in a format of 0s, #s and quoted text. */
function shown(value: number, format: string): string {
  const literal = [...format.matchAll(/"([^"]*)"/g)].map((m) => m[1]).join('');
  const bare = format.replace(/"[^"]*"/g, '');
  const decimals = /\.(0*)(#*)/.exec(bare);
  const least = decimals?.[1]?.length ?? 0;
  return (
    literal +
    new Intl.NumberFormat('en-US', {
      useGrouping: bare.includes(','),
      minimumFractionDigits: least,
      maximumFractionDigits: least + (decimals?.[2]?.length ?? 0),
    }).format(value)
  );
}

describe('writeSheet column widths', () => {
  it('makes a column of numbers as wide as each shows, rounded as it is shown', async () => {
    const formats = ['#,##0', '#,##0.00', '#,##0.00#', '#,##0.000', '"EUR "#,##0.00'];
    // Halves that round up to another digit, carries through 9s, signs, thousands, -0.
    const values = [
      0, -0, 7, -7, 0.5, 9.5, 1.005, 1.0005, 2.675, 9.9995, 99.995, 999.995, 999999.995, -9.995,
      -0.004, 1234.5, 12345678.125, 0.001, 1e21, 123456.7891,
    ];
    for (const format of formats) {
      const sheet = await openSheet(await fileOf(values.map((value) => [quantity(value, format)])));
      const widest = Math.max(...values.map((value) => shown(value, format).length));
      // Sized to its widest text and 2 characters (exceljs writes 9 as 9.01, Excel's 8.43 + a hair).
      const width = widest + 2 === 9 ? 9.01 : widest + 2;
      expect(sheet.getColumn(1).width, format).toBe(width);
    }
  });

  it('sizes each number by its own text, not the widest of its format', async () => {
    for (const [value, text] of [
      [999.995, '1,000.00'],
      [9.994, '9.99'],
      [-0.004, '-0.00'],
      [1.0005, '1.00'],
    ] as const) {
      expect(shown(value, '#,##0.00')).toBe(text);
      const sheet = await openSheet(await fileOf([[quantity(value)], ['abc']]));
      const width = Math.max(5, text.length + 2);
      expect(sheet.getColumn(1).width, String(value)).toBe(width === 9 ? 9.01 : width);
    }
  });

  it('keeps a row of empty cells between values as one row of its values', async () => {
    const sheet = await openSheet(await fileOf([['a', '', null, 'b', undefined, 3]]));
    const row = sheet.getRow(1);
    expect([1, 2, 3, 4, 5, 6].map((column) => row.getCell(column).value)).toEqual([
      'a',
      null,
      null,
      'b',
      null,
      3,
    ]);
    expect(row.getCell(6).type).toBe(ExcelJS.ValueType.Number);
  });
});
