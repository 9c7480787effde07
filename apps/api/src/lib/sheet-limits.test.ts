import { IMPORT_MAX_ROWS } from '@stockyard/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { textRow, workbook } from '../../test/zip-bombs';
import { checkCsv, checkWorkbook, LIMIT_MESSAGES, MAX_READ_ROWS } from './sheet-limits';

/** What a check throws, as its message, or undefined when the file passes. */
function refusal(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    expect((error as Error).name).toBe('SheetError');
    return (error as Error).message;
  }
}

describe('checkCsv', () => {
  it('passes a table with quoted separators, quotes and line breaks inside its values', () => {
    const text = 'Name,Notes\r\n"Tube, 3 m","He said ""fine""\r\nthen left"\r\nClamp,\r\n';
    expect(refusal(() => checkCsv(text, ','))).toBeUndefined();
  });

  it('refuses a row of more than 256 values, empty ones too, naming the row', () => {
    expect(refusal(() => checkCsv(`a\r\n${','.repeat(255)}\r\n`, ','))).toBeUndefined();
    expect(refusal(() => checkCsv(`a\r\n${';'.repeat(256)}\r\n`, ';'))).toBe(
      LIMIT_MESSAGES.csvColumns(2),
    );
    // A separator inside quotes is no column.
    expect(refusal(() => checkCsv(`"${','.repeat(1_000)}"\r\n`, ','))).toBeUndefined();
  });

  it('refuses a value longer than a cell, quoted or not, naming its cell', () => {
    expect(refusal(() => checkCsv(`a,b\r\nx,${'y'.repeat(32_767)}\r\n`, ','))).toBeUndefined();
    expect(refusal(() => checkCsv(`a,b\r\nx,${'y'.repeat(32_768)}\r\n`, ','))).toBe(
      LIMIT_MESSAGES.cell('B2'),
    );
    expect(refusal(() => checkCsv(`a\r\n"${'y\n'.repeat(20_000)}"\r\n`, ','))).toBe(
      LIMIT_MESSAGES.cell('A2'),
    );
  });

  it('reads past the row limit by a heading and a header, then stops', () => {
    const rows = (n: number) => 'x\r\n'.repeat(n);
    expect(refusal(() => checkCsv(rows(MAX_READ_ROWS), ','))).toBeUndefined();
    expect(refusal(() => checkCsv(rows(MAX_READ_ROWS + 1), ','))).toBe(LIMIT_MESSAGES.rows);
    // Empty rows do not count.
    expect(refusal(() => checkCsv(`${rows(IMPORT_MAX_ROWS)}${',\r\n'.repeat(50_000)}`, ','))).toBe(
      undefined,
    );
  });
});

describe('checkWorkbook', () => {
  it('passes a workbook as exceljs writes it', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Stock');
    sheet.addRow(['Name', 'Quantity', 'Delivered']);
    sheet.addRow(['Tube', 12.5, new Date(Date.UTC(2026, 1, 3))]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(refusal(() => checkWorkbook(file))).toBeUndefined();
  });

  it('refuses a cell of more than 32,767 characters, inline or shared, naming the cell when it can', async () => {
    const long = 'y'.repeat(32_768);
    const inline = await workbook(function* () {
      yield textRow(1, ['Name', 'Notes']);
      yield textRow(2, ['Tube', long]);
    });
    expect(refusal(() => checkWorkbook(inline))).toBe(LIMIT_MESSAGES.cell('B2'));
    const shared = await workbook(
      function* () {
        yield '<row r="1"><c r="A1" t="s"><v>0</v></c></row>';
      },
      [{ name: 'xl/sharedStrings.xml', pieces: () => [`<sst><si><t>${long}</t></si></sst>`] }],
    );
    expect(refusal(() => checkWorkbook(shared))).toBe(LIMIT_MESSAGES.sharedText);
  });

  it('refuses a value past column IV, naming its cell, and takes an empty cell there as nothing', async () => {
    const far = (cell: string) =>
      workbook(function* () {
        yield textRow(1, ['Name']);
        yield `<row r="2"><c r="IV2"><v>1</v></c>${cell}</row>`;
      });
    const styledOnly = await far('<c r="IW2" s="1"/>');
    const withValue = await far('<c r="IW2"><v>1</v></c>');
    expect(refusal(() => checkWorkbook(styledOnly))).toBeUndefined();
    expect(refusal(() => checkWorkbook(withValue))).toBe(LIMIT_MESSAGES.column('IW2'));
  });

  it('refuses a document type declaration (entities), before any is expanded', async () => {
    const file = await workbook(function* () {
      yield textRow(1, ['Name']);
    });
    const laughs = await workbook(
      function* () {
        yield textRow(1, ['Name']);
      },
      [
        {
          name: 'xl/sharedStrings.xml',
          pieces: () => ['<!DOCTYPE sst [<!ENTITY a "aaaaaaaa">]><sst><si><t>&a;</t></si></sst>'],
        },
      ],
    );
    expect(refusal(() => checkWorkbook(file))).toBeUndefined();
    expect(refusal(() => checkWorkbook(laughs))).toBe(LIMIT_MESSAGES.doctype);
  });

  it('refuses a part that inflates past 32 MB, and counts every part, read or not', async () => {
    const megabyte = '\u0000'.repeat(1024 * 1024);
    const file = await workbook(
      function* () {
        yield textRow(1, ['Name']);
      },
      [{ name: 'xl/media/image1.png', pieces: () => Array.from({ length: 33 }, () => megabyte) }],
    );
    expect(file.length).toBeLessThan(100 * 1024);
    expect(refusal(() => checkWorkbook(file))).toBe(LIMIT_MESSAGES.part('xl/media/image1.png'));
  });

  it('takes a zip it cannot read for no workbook', () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect(refusal(() => checkWorkbook(broken))).toBe(
      'The file must be a CSV file or an Excel workbook (.xlsx).',
    );
  });
});
