import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../../../packages/shared/src/import-limits';
import { cellRef, type KnownColumn, readDate, readNumber, readSheet } from './sheet-reader';

const COLUMNS = [
  { key: 'itemNumber', header: 'Item number', aliases: ['Item no', 'SKU'] },
  { key: 'name', header: 'Name', required: true },
  { key: 'quantity', header: 'Quantity' },
  { key: 'deliveredOn', header: 'Delivered on' },
] as const satisfies readonly KnownColumn<string>[];

const FORMAT_MESSAGE = 'The file must be a CSV file or an Excel workbook (.xlsx).';
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** What a caller looks at: each row's number and cells. */
const cellsOf = async (data: Uint8Array, fileName: string) =>
  (await readSheet(data, fileName, COLUMNS)).rows.map((row) => ({
    row: row.rowNumber,
    ...row.cells,
  }));

/** The message a file is refused with. */
const refusal = (data: Uint8Array, fileName: string, columns = COLUMNS) =>
  readSheet(data, fileName, columns).then(
    () => 'read',
    (error: Error) => `${error.name}: ${error.message}`,
  );

/** A workbook as Excel would hold it, its first sheet filled by `fill`, as the bytes uploaded. */
async function xlsx(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('Stock'));
  workbook.addWorksheet('Other').getCell('A1').value = 'not read';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading an Excel workbook', () => {
  it('reads the first sheet as the text its cells show, never evaluating anything', async () => {
    const file = await xlsx((sheet) => {
      sheet.getRow(1).values = ['  ITEM-NO. ', 'name', 'Notes', 'QUANTITY', 'Delivered On'];
      const row2 = sheet.getRow(2);
      row2.values = ['SC-100', '', 'ignored', 12.5, new Date(Date.UTC(2026, 1, 28))];
      row2.getCell(2).value = {
        richText: [{ text: 'Gerüst ' }, { text: 'Rahmen', font: { bold: true } }],
      };
      row2.getCell(5).numFmt = 'dd/mm/yyyy';
      sheet.getRow(4).values = ['   ', '', ' '];
      sheet.getRow(5).values = ['SC-200', '=SUM(A1)', '', 0.1 + 0.2];
      sheet.getCell('D5').value = { formula: 'D2*2', result: 25 };
      sheet.getRow(6).values = ['SC-300', '', '', 1234567, new Date(Date.UTC(2026, 0, 5, 8, 30))];
      sheet.getCell('B6').value = { text: 'Kupplung', hyperlink: 'https://example.com/k' };
      sheet.getCell('D6').value = { formula: 'D2*3' };
      sheet.getCell('E6').numFmt = 'dd/mm/yyyy hh:mm';
      sheet.getRow(7).values = ['', '', 'only a note'];
      sheet.getRow(8).values = [
        ' SC-400 ',
        ' +49 30 1234 ',
        '',
        0.1 + 0.2,
        new Date(Date.UTC(2026, 6, 1)),
      ];
    });

    const sheet = await readSheet(file, 'stock.xlsx', COLUMNS);

    expect(sheet.format).toBe('xlsx');
    expect(sheet.decimalSeparator).toBe('.');
    expect(sheet.columns).toEqual([
      { key: 'itemNumber', header: 'ITEM-NO.', index: 0 },
      { key: 'name', header: 'name', index: 1 },
      { key: 'quantity', header: 'QUANTITY', index: 3 },
      { key: 'deliveredOn', header: 'Delivered On', index: 4 },
    ]);
    expect(sheet.rows.map((row) => ({ row: row.rowNumber, ...row.cells }))).toEqual([
      {
        row: 2,
        itemNumber: 'SC-100',
        name: 'Gerüst Rahmen',
        quantity: '12.5',
        deliveredOn: '28/02/2026',
      },
      { row: 5, itemNumber: 'SC-200', name: '=SUM(A1)', quantity: '25', deliveredOn: '' },
      {
        row: 6,
        itemNumber: 'SC-300',
        name: 'Kupplung',
        quantity: '=D2*3',
        deliveredOn: '05/01/2026 08:30',
      },
      { row: 7, itemNumber: '', name: '', quantity: '', deliveredOn: '' },
      {
        row: 8,
        itemNumber: 'SC-400',
        name: '+49 30 1234',
        quantity: '0.3',
        deliveredOn: '01/07/2026',
      },
    ]);
    expect(sheet.rows[1]?.refs).toEqual({
      itemNumber: 'A5',
      name: 'B5',
      quantity: 'D5',
      deliveredOn: 'E5',
    });
    expect(readDate(sheet.rows[0]!.cells.deliveredOn)).toEqual({ ok: true, value: '2026-02-28' });
    expect(readNumber(sheet.rows[0]!.cells.quantity, sheet.decimalSeparator)).toEqual({
      ok: true,
      value: 12.5,
    });
  });

  it('gives a time cell its time and a large number without separators', async () => {
    const file = await xlsx((sheet) => {
      sheet.getRow(1).values = ['Name', 'Quantity', 'Delivered on'];
      sheet.getRow(2).values = ['Bohle', 1234567.25, new Date(Date.UTC(1899, 11, 30, 7, 45))];
      sheet.getCell('C2').numFmt = 'hh:mm';
    });
    expect(await cellsOf(file, 'bohle.xlsx')).toEqual([
      { row: 2, itemNumber: '', name: 'Bohle', quantity: '1234567.25', deliveredOn: '07:45' },
    ]);
  });

  it('takes the header from the first row that is not empty', async () => {
    const file = await xlsx((sheet) => {
      sheet.getRow(3).values = ['SKU', 'Name'];
      sheet.getRow(4).values = ['R-1', 'Rohr'];
    });
    const sheet = await readSheet(file, 'rohr.xlsx', COLUMNS);
    expect(sheet.rows).toEqual([
      {
        rowNumber: 4,
        cells: { itemNumber: 'R-1', name: 'Rohr', quantity: '', deliveredOn: '' },
        refs: { itemNumber: 'A4', name: 'B4' },
      },
    ]);
  });

  it('reads a workbook by its content whatever its name', async () => {
    const file = await xlsx((sheet) => {
      sheet.getRow(1).values = ['Name'];
      sheet.getRow(2).values = ['Rohr'];
    });
    expect((await readSheet(file, 'export.csv', COLUMNS)).format).toBe('xlsx');
  });
});

describe('reading a CSV file', () => {
  const text = 'Item no,Name,Quantity\r\nSC-1,Gerüst Ø48,3\r\n';

  it('reads UTF-8 with and without its byte order mark', async () => {
    const expected = [
      { row: 2, itemNumber: 'SC-1', name: 'Gerüst Ø48', quantity: '3', deliveredOn: '' },
    ];
    expect(await cellsOf(Buffer.concat([BOM, utf8(text)]), 'stock.csv')).toEqual(expected);
    expect(await cellsOf(utf8(text), 'stock.csv')).toEqual(expected);
  });

  it('reads Windows-1252 with semicolons and decimal commas, as a European Excel writes it', async () => {
    const file = iconv.encode(
      'Artikel;Item No;Name;Quantity;Delivered on\r\n' +
        'x;GR-48;Gerüstrohr Ø48,3 mm;1.234,5;01.02.2026\r\n' +
        'x;MT-1;Miete 5 € / Tag;1,250;2026-02-03\r\n',
      'win1252',
    );
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file)).toThrow();

    const sheet = await readSheet(file, 'Lager.csv', COLUMNS);

    expect(sheet.decimalSeparator).toBe(',');
    expect(sheet.rows.map((row) => row.cells)).toEqual([
      {
        itemNumber: 'GR-48',
        name: 'Gerüstrohr Ø48,3 mm',
        quantity: '1.234,5',
        deliveredOn: '01.02.2026',
      },
      { itemNumber: 'MT-1', name: 'Miete 5 € / Tag', quantity: '1,250', deliveredOn: '2026-02-03' },
    ]);
    const quantities = sheet.rows.map((row) =>
      readNumber(row.cells.quantity, sheet.decimalSeparator),
    );
    expect(quantities).toEqual([
      { ok: true, value: 1234.5 },
      { ok: true, value: 1.25 },
    ]);
    expect(sheet.rows[0]?.refs.quantity).toBe('D2');
  });

  it('reads quoted fields holding commas, quotes and line breaks as one row each', async () => {
    const file = utf8(
      'Name,Quantity,Item number\n' +
        '"Rohr, 6 m","1,234.5",R-6\n' +
        '"Bohle ""extra""\nzweite Zeile",2,B-1\n' +
        '\n' +
        'Kupplung,3,K-1\n',
    );
    expect(await cellsOf(file, 'stock.csv')).toEqual([
      { row: 2, name: 'Rohr, 6 m', quantity: '1,234.5', itemNumber: 'R-6', deliveredOn: '' },
      {
        row: 3,
        name: 'Bohle "extra"\nzweite Zeile',
        quantity: '2',
        itemNumber: 'B-1',
        deliveredOn: '',
      },
      { row: 5, name: 'Kupplung', quantity: '3', itemNumber: 'K-1', deliveredOn: '' },
    ]);
  });

  it('reads UTF-16 with tabs, as Excel saves "Unicode text"', async () => {
    const file = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tQuantity\r\nGerüst €\t12,5\r\n', 'utf16le'),
    ]);
    const sheet = await readSheet(file, 'stock.txt', COLUMNS);
    expect(sheet.decimalSeparator).toBeUndefined();
    expect(sheet.rows.map((row) => row.cells)).toEqual([
      { itemNumber: '', name: 'Gerüst €', quantity: '12,5', deliveredOn: '' },
    ]);
  });

  it('keeps text that begins with = + - @ as it is', async () => {
    const file = utf8('Name;Item number\n=1+1;+49 30\n-5;@SUM(A1)\n');
    expect((await readSheet(file, 'x.csv', COLUMNS)).rows.map((row) => row.cells)).toEqual([
      { name: '=1+1', itemNumber: '+49 30', quantity: '', deliveredOn: '' },
      { name: '-5', itemNumber: '@SUM(A1)', quantity: '', deliveredOn: '' },
    ]);
  });

  it('skips empty rows and keeps the number of every other row', async () => {
    const file = utf8('\r\n;;\r\nName;Quantity\r\nA;1\r\n\r\n ; \r\nB;2\r\n;;;\r\nC;3');
    const sheet = await readSheet(file, 'x.csv', COLUMNS);
    expect(sheet.rows.map((row) => [row.rowNumber, row.cells.name, row.refs.quantity])).toEqual([
      [4, 'A', 'B4'],
      [7, 'B', 'B7'],
      [9, 'C', 'B9'],
    ]);
  });

  it('takes the separator used most outside quotes in the header line', async () => {
    const semicolons = utf8('"Name, full";Name;Quantity\nx;Rohr;2,5\n');
    expect((await readSheet(semicolons, 'x.csv', COLUMNS)).rows[0]?.cells).toMatchObject({
      name: 'Rohr',
      quantity: '2,5',
    });
    const oneColumn = utf8('Name\nRohr\n');
    expect((await readSheet(oneColumn, 'x', COLUMNS)).rows[0]?.cells.name).toBe('Rohr');
  });

  it('follows a first "sep=" line, which Excel hides', async () => {
    const file = utf8('sep=;\r\nName;Quantity\r\nRohr, lang;2\r\n');
    const sheet = await readSheet(file, 'x.csv', COLUMNS);
    expect(sheet.rows).toEqual([
      {
        rowNumber: 2,
        cells: { itemNumber: '', name: 'Rohr, lang', quantity: '2', deliveredOn: '' },
        refs: { name: 'A2', quantity: 'B2' },
      },
    ]);
  });
});

describe('matching headers', () => {
  it.each([
    'Item number',
    'Item Number',
    'item_number',
    ' ITEMNUMBER ',
    'item-number',
    'Item no.',
    'ITEM NO',
    'sku',
    'S K U',
  ])('finds the item number under "%s"', async (header) => {
    const sheet = await readSheet(utf8(`Name;${header}\nRohr;R-1\n`), 'x.csv', COLUMNS);
    expect(sheet.columns[1]).toEqual({ key: 'itemNumber', header: header.trim(), index: 1 });
    expect(sheet.rows[0]?.cells.itemNumber).toBe('R-1');
  });

  it('refuses a file without a required column, naming it', async () => {
    expect(await refusal(utf8('Item number;Quantity\nR-1;2\n'), 'x.csv')).toBe(
      'SheetError: The file has no "Name" column.',
    );
  });

  it('refuses a file that has a column twice rather than guess', async () => {
    expect(await refusal(utf8('SKU;Name;Item no\nR-1;Rohr;R-2\n'), 'x.csv')).toBe(
      'SheetError: The file has two "Item number" columns (A1 and C1).',
    );
  });
});

describe('refusing a file', () => {
  const ole2 = Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(504),
  ]);

  it.each([
    ['a PDF', utf8('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'stock.pdf'],
    ['an old Excel workbook', ole2, 'stock.xls'],
    ['an old Excel workbook renamed', ole2, 'stock.csv'],
    [
      'a zip that is no workbook',
      Buffer.concat([utf8('PK\x03\x04'), Buffer.alloc(60, 7)]),
      'x.xlsx',
    ],
    ['binary data named .csv', Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 1]), 'x.csv'],
    ['a text file with another extension', utf8('Name\nRohr\n'), 'stock.docx'],
  ])('refuses %s', async (_, data, fileName) => {
    expect(await refusal(data, fileName)).toBe(`SheetError: ${FORMAT_MESSAGE}`);
  });

  it('says so when an .xlsx is protected by a password (an encrypted workbook is no zip)', async () => {
    expect(await refusal(ole2, 'stock.xlsx')).toBe(
      'SheetError: The workbook is protected by a password; save it without one.',
    );
  });

  it('refuses an empty file', async () => {
    expect(await refusal(Buffer.alloc(0), 'x.csv')).toBe('SheetError: The file is empty.');
    expect(await refusal(utf8('\r\n ; \r\n'), 'x.csv')).toBe('SheetError: The file is empty.');
  });

  it('refuses a quoted value that is never closed', async () => {
    expect(await refusal(utf8('Name;Quantity\nRohr;2\n"Bohle;3\nKupplung;4\n'), 'x.csv')).toBe(
      'SheetError: The CSV file has a quoted value that is never closed (row 3).',
    );
  });

  it('refuses a file larger than 5 MB', async () => {
    const file = Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a');
    expect(await refusal(file, 'x.csv')).toBe(
      'SheetError: The file is larger than 5 MB; split it into smaller files.',
    );
    expect(await refusal(Buffer.alloc(IMPORT_MAX_BYTES, 'a'), 'x.csv')).not.toMatch(/5 MB/);
  });

  it('refuses 10,001 rows and reads 10,000 with ten columns well under a second', async () => {
    const header = 'Item number;Name;Quantity;Delivered on;E;F;G;H;I;J\r\n';
    const line = (i: number) => `R-${i};Gerüstrohr ${i};${i},5;01/02/2026;e;f;"g;1";h;i;j\r\n`;
    const lines = Array.from({ length: 10_001 }, (_, i) => line(i + 1));
    expect(await refusal(utf8(header + lines.join('')), 'x.csv')).toBe(
      'SheetError: The file has 10,001 rows; at most 10,000 can be imported at once.',
    );

    const file = utf8(header + lines.slice(0, 10_000).join(''));
    const started = performance.now();
    const sheet = await readSheet(file, 'x.csv', COLUMNS);
    const elapsed = performance.now() - started;
    expect(sheet.rows).toHaveLength(10_000);
    expect(sheet.rows[9_999]).toMatchObject({ rowNumber: 10_001, refs: { quantity: 'C10001' } });
    expect(elapsed).toBeLessThan(1_000); // about 150 ms here: a margin for a busy CI machine
  });
});

describe('cellRef', () => {
  it.each([
    [0, 1, 'A1'],
    [2, 7, 'C7'],
    [25, 3, 'Z3'],
    [26, 3, 'AA3'],
    [27, 3, 'AB3'],
    [51, 3, 'AZ3'],
    [52, 3, 'BA3'],
    [701, 3, 'ZZ3'],
    [702, 3, 'AAA3'],
    [16_383, 1_048_576, 'XFD1048576'],
  ])('names column %i of row %i "%s"', (column, row, ref) => {
    expect(cellRef(column, row)).toBe(ref);
  });
});

describe('readNumber', () => {
  it.each([
    ['12', 12],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['-12,5', -12.5],
    [' 7 ', 7],
    ['0,125', 0.125],
    [',5', 0.5],
    ['1234,56', 1234.56],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['12.345.678,9', 12345678.9],
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    ['1 234', 1234],
    ['1 234,5', 1234.5],
    ['-1\u00a0234.5', -1234.5],
    ['1e-7', 1e-7],
    ['-0', 0],
  ])('reads "%s" as %d', (text, value) => {
    expect(readNumber(text)).toEqual({ ok: true, value });
  });

  it('reads a single separator with three digits after it the English way unless told', () => {
    expect(readNumber('1,234')).toEqual({ ok: true, value: 1234 });
    expect(readNumber('1.234')).toEqual({ ok: true, value: 1.234 });
    expect(readNumber('1,234', ',')).toEqual({ ok: true, value: 1.234 });
    expect(readNumber('1.234', ',')).toEqual({ ok: true, value: 1234 });
    expect(readNumber('-123,456', '.')).toEqual({ ok: true, value: -123456 });
    expect(readNumber('1234,567', '.')).toEqual({ ok: true, value: 1234.567 });
  });

  it.each([
    '',
    ' ',
    '-',
    'abc',
    '12a',
    '5,',
    '+5',
    '--5',
    '1,2,3',
    '1,234,56',
    '1.234.5',
    '1.234,567.8',
    '12 34',
    '1 234 5',
    '1,234 567',
    '€ 12',
    'Infinity',
    'NaN',
    '0x10',
  ])('refuses "%s"', (text) => {
    expect(readNumber(text)).toEqual({ ok: false, message: 'must be a number' });
  });
});

describe('readDate', () => {
  it.each([
    ['28/02/2026', '2026-02-28'],
    ['1/2/2026', '2026-02-01'],
    ['01.02.2026', '2026-02-01'],
    ['1-2-2026', '2026-02-01'],
    ['2026-02-01', '2026-02-01'],
    ['2026-2-1', '2026-02-01'],
    [' 29/02/2028 ', '2028-02-29'],
    ['31/12/1999', '1999-12-31'],
  ])('reads "%s" as %s', (text, value) => {
    expect(readDate(text)).toEqual({ ok: true, value });
  });

  it.each([
    '',
    '31/02/2026',
    '29/02/2026',
    '32/01/2026',
    '01/13/2026',
    '00/01/2026',
    '1/2/26',
    '01/02.2026',
    '2026/02/01',
    '01/02/0999',
    '2026-02-30',
    '28/02/2026 08:30',
    'tomorrow',
  ])('refuses "%s"', (text) => {
    expect(readDate(text)).toEqual({ ok: false, message: 'must be a date, dd/mm/yyyy' });
  });
});

describe('a titled table (a heading above it)', () => {
  it('takes the first row holding the required columns as the header, its rows numbered as shown', async () => {
    const file = await xlsx((sheet) => {
      sheet.getCell('A1').value = 'Stock-take: North Yard';
      sheet.getCell('A2').value = 'Printed 27/11/2026';
      sheet.getRow(4).values = ['Name', 'Quantity'];
      sheet.getRow(5).values = ['Rohr', 12];
    });
    const sheet = await readSheet(file, 'count.xlsx', COLUMNS, { titled: true });
    expect(sheet.rows).toEqual([
      {
        rowNumber: 5,
        cells: expect.objectContaining({ name: 'Rohr', quantity: '12' }),
        refs: { name: 'A5', quantity: 'B5' },
      },
    ]);
  });

  it('reads a table without a heading as before, and names a missing column', async () => {
    const plain = await readSheet(utf8('Name;Quantity\nRohr;3\n'), 'x.csv', COLUMNS, {
      titled: true,
    });
    expect(plain.rows.map((row) => row.rowNumber)).toEqual([2]);
    expect(
      await readSheet(utf8('Title\nQuantity\n3\n'), 'x.csv', COLUMNS, { titled: true }).then(
        () => 'read',
        (error: Error) => error.message,
      ),
    ).toBe('The file has no "Name" column.');
  });
});
