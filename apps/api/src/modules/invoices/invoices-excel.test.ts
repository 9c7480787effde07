import { INVOICE_MESSAGES, summarizeByJobType } from '@stockyard/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  dayOf,
  expectPrintSetup,
  expectTextShownWhole,
  openSheet,
} from '../../../test/spreadsheets';
import { attachmentHeader } from '../../lib/spreadsheet';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let tube: number;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: actors.admin.headers,
    payload: { name: '=cmd|calc', locationId: actors.location.id, quantity: 30, unit: 'EACH' },
  });
  tube = response.json().data.id;
});
afterAll(async () => {
  await t.close();
});

const FORMULA_LIKE = ['=HYPERLINK("http://evil.example","Click")', '+1', '-x', '@x'];

async function createInvoice(change: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: actors.admin.headers,
    payload: {
      invoiceId: `INV-X${Math.random().toString().slice(2, 10)}`,
      locationId: actors.location.id,
      clientName: FORMULA_LIKE[0],
      clientAddress: '+1 Formula Road',
      issueDate: '2025-04-01',
      dueDate: '2025-04-16',
      department: '-x',
      job_period: '@x',
      signature: '+1',
      notes: '=1+1',
      items: [
        {
          job_type: 'Erection',
          uom: 'SQM (M2)',
          quantity: 3,
          length: 2.5,
          width: 1.2,
          job_description: '=SUM(A1:A9)',
          remark: '@remark',
          materialUsages: [{ materialId: tube, usageType: 'QTY', quantity: 12, notes: '+notes' }],
        },
        { job_type: 'Erection', uom: 'Running MTR', quantity: 4, length: 1.255 },
        {
          job_type: 'Dismantling',
          uom: 'CUM (M3)',
          quantity: 1,
          length: 2,
          width: 2,
          height: 2.5,
          materialUsages: [
            { materialId: tube, usageType: 'SIZE', length: 1, width: 2, height: 0.5 },
          ],
        },
      ],
      ...change,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function download(id: number, headers = actors.admin.headers) {
  return t.app.inject({ method: 'GET', url: `/api/invoices/${id}/excel`, headers });
}

const open = openSheet;

/** Every cell of the sheet, row by row (a merged cell once, as its first cell). */
function cellsOf(sheet: ExcelJS.Worksheet) {
  const cells: ExcelJS.Cell[] = [];
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (!cell.isMerged || cell.master.address === cell.address) cells.push(cell);
    }),
  );
  return cells;
}

/** The row whose cell in `column` reads `text`. */
function rowWith(sheet: ExcelJS.Worksheet, column: number, text: string) {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (!found && row.getCell(column).value === text) found = row;
  });
  expect(found, text).toBeDefined();
  return found!;
}

describe('GET /api/invoices/:id/excel', () => {
  it('answers <invoiceId>.xlsx with the numbers of the invoice as numeric cells', async () => {
    const invoice = await createInvoice();
    const response = await download(invoice.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.invoiceId}.xlsx"; filename*=UTF-8''${invoice.invoiceId}.xlsx`,
    );
    const sheet = await open(response.rawPayload);

    const header = rowWith(sheet, 1, '#');
    expect(header.getCell(11).value).toBe('Calculated Qty');
    const itemRows: ExcelJS.Row[] = [];
    sheet.eachRow((row) => {
      if (row.number > header.number && typeof row.getCell(1).value === 'number')
        itemRows.push(row);
    });
    expect(itemRows.map((row) => row.getCell(11).value)).toEqual(
      invoice.items.map(
        (item: { itemTotalCalculatedQuantity: number }) => item.itemTotalCalculatedQuantity,
      ),
    );
    expect(itemRows.map((row) => row.getCell(11).value)).toEqual([9, 5.02, 10]);
    for (const row of itemRows) {
      expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Number);
      // Pieces are counted, whole; the calculated quantity is measured, to the hundredth.
      expect(row.getCell(7).numFmt).toBe('#,##0');
      expect(row.getCell(11).numFmt).toBe('#,##0.00');
    }
    expect(itemRows[0]!.getCell(5).value).toBe('Erection');
    expect(itemRows[0]!.getCell(6).value).toBe('SQM (M2)');

    // Usage rows sit beneath their item.
    const usage = sheet.getRow(itemRows[0]!.number + 1);
    expect(usage.getCell(2).value).toBe('Material usage');
    expect(usage.getCell(4).value).toBe('=cmd|calc');
    expect(usage.getCell(5).value).toBe('Quantity');
    expect(usage.getCell(7).value).toBe(12);
    expect(usage.getCell(7).numFmt).toBe('#,##0');
    const sizeUsage = sheet.getRow(itemRows[2]!.number + 1);
    expect(sizeUsage.getCell(5).value).toBe('Size (L/W/H)');
    expect([8, 9, 10].map((c) => sizeUsage.getCell(c).value)).toEqual([1, 2, 0.5]);

    // One volume total a unit: never one number across units.
    expect(invoice.volumeTotals.length).toBeGreaterThan(0);
    for (const { uom, quantity } of invoice.volumeTotals) {
      const total = rowWith(sheet, 10, `Total ${uom}`);
      expect(total.getCell(11).value).toBe(quantity);
      expect(total.getCell(11).numFmt).toBe('#,##0.00');
    }

    // The job type summary, as the shared function makes it: a row a job type and unit, and no
    // total of a job type across its units.
    const summaryHeader = rowWith(sheet, 1, 'Job Type Summary');
    const expected = summarizeByJobType(invoice.items).flatMap((group) =>
      group.uoms.map((u) => [group.jobType, u.uom, u.totalItemQuantity, u.totalCalculatedQuantity]),
    );
    const summary: unknown[][] = [];
    for (let n = summaryHeader.number + 2; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      summary.push([1, 2, 3, 4].map((c) => row.getCell(c).value));
    }
    expect(summary).toEqual(expected);
    expect(summary).toEqual([
      ['Erection', 'SQM (M2)', 3, 9],
      ['Erection', 'Running MTR', 4, 5.02],
      ['Dismantling', 'CUM (M3)', 1, 10],
    ]);

    expect(rowWith(sheet, 1, 'Bill To').getCell(2).value).toBe(FORMULA_LIKE[0]);
    expect(rowWith(sheet, 1, 'From').getCell(2).value).toBe(actors.location.name);
    expect(dayOf(rowWith(sheet, 1, 'Issue Date').getCell(2), 'dd/mm/yyyy')).toBe('2025-04-01');
  });

  it('reads as a spreadsheet program shows it: day cells, whole and measured numbers, text whole, A4 one page wide', async () => {
    const address = '12 Quay Street\nBristol BS1 4QA';
    const remark =
      'Paid by bank transfer to the account on file, quoting the invoice number, within fifteen days of the issue date.';
    const invoice = await createInvoice({
      clientName: 'Harbour Scaffolding Holdings Ltd',
      clientAddress: address,
      issueDate: '2026-11-01',
      dueDate: '2026-11-16',
      invoice_remark: remark,
      items: [
        {
          item_date: '2026-11-02',
          job_type: 'Erection',
          uom: 'SQM (M2)',
          quantity: 2,
          length: 2.5,
          width: 1.2,
        },
        {
          item_date: '2026-11-03',
          job_type: 'Erection',
          uom: 'Running MTR',
          quantity: 4,
          length: 1.255,
        },
        {
          item_date: '2026-11-04',
          job_type: 'Dismantling',
          uom: 'CUM (M3)',
          quantity: 1,
          length: 2,
          width: 2,
          height: 2.5,
        },
        {
          item_date: '2026-11-30',
          job_type: 'Rental',
          uom: 'SQM (M2)',
          quantity: 3,
          length: 4,
          width: 2,
        },
      ],
    });
    const sheet = await open((await download(invoice.id)).rawPayload);

    // Days are date cells shown dd/mm/yyyy, on the day entered (not a day off by a time zone).
    expect(dayOf(rowWith(sheet, 1, 'Issue Date').getCell(2), 'dd/mm/yyyy')).toBe('2026-11-01');
    expect(dayOf(rowWith(sheet, 1, 'Due Date').getCell(2), 'dd/mm/yyyy')).toBe('2026-11-16');
    const header = rowWith(sheet, 1, '#');
    expect(header.getCell(3).value).toBe('Item Date');
    const items = invoice.items.map((_: unknown, index: number) =>
      sheet.getRow(header.number + 1 + index),
    );
    expect(items.map((row: ExcelJS.Row) => dayOf(row.getCell(3), 'dd/mm/yyyy'))).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-30',
    ]);

    // Pieces whole, measured quantities with 2 decimals.
    expect(items[0]!.getCell(7).value).toBe(2);
    expect(items[0]!.getCell(7).numFmt).toBe('#,##0');
    expect(items[0]!.getCell(11).value).toBe(6);
    expect(items[0]!.getCell(11).numFmt).toBe('#,##0.00');
    const summaryHeader = rowWith(sheet, 1, 'Job Type Summary');
    const firstSummary = sheet.getRow(summaryHeader.number + 2);
    expect([1, 2, 3, 4].map((c) => firstSummary.getCell(c).value)).toEqual([
      'Erection',
      'SQM (M2)',
      2,
      6,
    ]);
    expect(firstSummary.getCell(3).numFmt).toBe('#,##0');
    expect(firstSummary.getCell(4).numFmt).toBe('#,##0.00');

    // Labels fit column A; the two-line address wraps in a row tall enough for both lines.
    for (const label of [
      'Invoice ID',
      'Status',
      'Bill To',
      'Location Address',
      'Invoice Remarks',
    ]) {
      expect(sheet.getColumn(1).width, label).toBeGreaterThanOrEqual(label.length);
    }
    const addressRow = rowWith(sheet, 1, 'Client Address');
    expect(addressRow.getCell(2).value).toBe(address);
    expect(addressRow.getCell(2).alignment?.wrapText).toBe(true);
    expect(addressRow.height).toBeGreaterThanOrEqual(2 * 15);
    expect(rowWith(sheet, 1, 'Invoice Remarks').getCell(2).value).toBe(remark);
    // 2 x 2.5 x 1.2 and 3 x 4 x 2 square metres: one total of the unit.
    expect(rowWith(sheet, 1, 'Total SQM (M2)').getCell(11).value).toBe(30);
    // No text cut: not the labels, the address, the remark, the grand total's label, the headings.
    expect(expectTextShownWhole(sheet)).toBeGreaterThan(40);

    // Printed on A4 landscape (12 columns), one page wide, the item headings on every page.
    expectPrintSetup(sheet, header.number, 'landscape');
  });

  it('writes text beginning with = + - @ as text, never as a formula', async () => {
    const invoice = await createInvoice();
    const sheet = await open((await download(invoice.id)).rawPayload);
    const cells = cellsOf(sheet);
    expect(cells.every((cell) => cell.formula === undefined)).toBe(true);
    expect(cells.some((cell) => cell.type === ExcelJS.ValueType.Formula)).toBe(false);
    const formulaLike = cells.filter(
      (cell) => typeof cell.value === 'string' && /^[=+\-@]/.test(cell.value),
    );
    expect(formulaLike.map((cell) => cell.value)).toEqual(
      expect.arrayContaining([
        ...FORMULA_LIKE,
        '+1 Formula Road',
        '=1+1',
        '=SUM(A1:A9)',
        '@remark',
        '=cmd|calc',
        '+notes',
      ]),
    );
    for (const cell of formulaLike) {
      expect(cell.type, String(cell.value)).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
  });

  it('names a file of any Invoice ID safely in the header', () => {
    expect(attachmentHeader('INV-"ä"/1.xlsx')).toBe(
      `attachment; filename="INV-___/1.xlsx"; filename*=UTF-8''INV-%22%C3%A4%22%2F1.xlsx`,
    );
  });

  it('is 404 to a field manager of another location, 401 without a session', async () => {
    const elsewhere = await createLocation(t.db);
    const invoice = await createInvoice({
      locationId: elsewhere.id,
      items: [{ job_type: 'Rental', uom: 'SQM (M2)' }],
    });
    const hidden = await download(invoice.id, actors.manager.headers);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(INVOICE_MESSAGES.notFound);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/excel`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await download(999_999)).statusCode).toBe(404);
  });
});
