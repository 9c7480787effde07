import { INVOICE_MESSAGES, invoiceTotals, workLineAmount } from '@stockyard/shared';
import { and, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { moneyFixtures, YEAR } from '../../../test/invoice-money-fixtures';
import { openSheet } from '../../../test/spreadsheets';
import { documentCounters, invoiceItems, invoices, locations } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let writer: Awaited<ReturnType<typeof loginAs>>;
/** A site whose customer is zero-rated. */
let zeroRated: Awaited<ReturnType<typeof createLocation>>;
const f = moneyFixtures(() => t);
const admin = () => actors.admin.headers;

type Item = { uom: string; rateCents: number | null; amountCents: number } & Record<
  string,
  unknown
>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  const writerUser = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { manageInvoices: true },
  });
  writer = await loginAs(t.app, writerUser.email);
  await t.db
    .update(locations)
    .set({ customerEmail: 'accounts@harbour.example', customerVatId: 'GB123456789' })
    .where(eq(locations.id, actors.location.id));
  zeroRated = await createLocation(t.db, {
    type: 'FIELD',
    customerName: 'Export Co',
    customerZeroRated: true,
  });
  await f.setTerms('GBP', 2000, [
    ['Erection', 'SQM (M2)', 1250],
    ['Dismantling', 'CUM (M3)', 333],
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('money on work invoices', () => {
  it('prices each line by the work rate of its job type and unit, rounded once, and totals Net, VAT and Gross', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id);
    expect(invoice.items.map((item: Item) => [item.rateCents, item.amountCents])).toEqual([
      [1250, 30000],
      [333, 43],
      [null, 0],
    ]);
    // The shared functions are the one rule: the server's figures are theirs.
    for (const item of invoice.items) {
      const expected =
        item.rateCents === null
          ? 0
          : workLineAmount(item.itemTotalCalculatedQuantity, item.rateCents);
      expect(item.amountCents).toBe(expected);
    }
    expect(invoice).toMatchObject({
      kind: 'WORK',
      number: null,
      finalizedAt: null,
      currency: 'GBP',
      vatRateBp: 2000,
      clientEmail: 'accounts@harbour.example',
      clientVatId: 'GB123456789',
      ...invoiceTotals([30000, 43, 0], 2000),
    });
    expect(invoice).toMatchObject({ netCents: 30043, vatCents: 6009, grossCents: 36052 });
    // Volumes of different units are never added together.
    expect(invoice.volumeTotals).toEqual([
      { uom: 'SQM (M2)', quantity: 24 },
      { uom: 'CUM (M3)', quantity: 0.13 },
      { uom: 'Running MTR', quantity: 5.02 },
    ]);
    expect(invoice.charges).toEqual([]);
    expect(invoice.creditNotes).toEqual([]);
    const stored = await t.db
      .select({ amountCents: invoiceItems.amountCents })
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoice.id))
      .orderBy(invoiceItems.position);
    expect(stored.map((row) => row.amountCents)).toEqual([30000, 43, 0]);
  });

  it('charges no VAT to a zero-rated customer', async () => {
    const invoice = await f.createWork(admin(), zeroRated.id);
    expect(invoice).toMatchObject({
      vatRateBp: 0,
      vatCents: 0,
      netCents: 30043,
      grossCents: 30043,
    });
  });

  it('prices a draft again at each save, with the rates of the day', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id);
    await f.setTerms('GBP', 2000, [['Erection', 'SQM (M2)', 1000]]);
    try {
      const body = f.invoiceBody(actors.location.id, { invoiceId: invoice.invoiceId });
      const saved = await f.call('PUT', `/invoices/${invoice.id}`, writer.headers, body);
      expect(saved.statusCode, saved.body).toBe(200);
      const data = saved.json().data;
      expect(data.items.map((item: Item) => item.amountCents)).toEqual([24000, 0, 0]);
      expect(data.items[1].rateCents).toBeNull();
      expect(data).toMatchObject({ netCents: 24000, vatCents: 4800, grossCents: 28800 });
    } finally {
      await f.setTerms('GBP', 2000, [
        ['Erection', 'SQM (M2)', 1250],
        ['Dismantling', 'CUM (M3)', 333],
      ]);
    }
  });

  it('lists each invoice with its kind, number, currency and gross', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id);
    const list = await f.call('GET', `/invoices?search=${invoice.invoiceId}`, admin());
    expect(list.json().data.invoices).toEqual([
      expect.objectContaining({ kind: 'WORK', number: null, currency: 'GBP', grossCents: 36052 }),
    ]);
  });
});

describe('numbers and finalizing', () => {
  it('numbers a finalized invoice INV-<year>-nnnnn from the counter and stamps when', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id);
    const finalized = await f.finalize(invoice.id, writer.headers);
    expect(finalized.number).toMatch(new RegExp(`^INV-${YEAR}-\\d{5}$`));
    expect(Date.parse(finalized.finalizedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [counter] = await t.db
      .select()
      .from(documentCounters)
      .where(and(eq(documentCounters.series, 'INVOICE'), eq(documentCounters.year, YEAR)));
    expect(counter!.next).toBe(Number(finalized.number.slice(-5)) + 1);
  });

  it('gives concurrent finalizations consecutive numbers, none shared, none skipped', async () => {
    const drafts = await Promise.all(
      Array.from({ length: 6 }, () => f.createWork(writer.headers, actors.location.id)),
    );
    const finalized = await Promise.all(drafts.map((draft) => f.finalize(draft.id, admin())));
    const numbers = finalized.map((row) => Number(row.number.slice(-5))).sort((a, b) => a - b);
    const first = numbers[0]!;
    expect(numbers).toEqual(numbers.map((_, index) => first + index));
    const [counter] = await t.db
      .select()
      .from(documentCounters)
      .where(and(eq(documentCounters.series, 'INVOICE'), eq(documentCounters.year, YEAR)));
    expect(counter!.next).toBe(numbers.at(-1)! + 1);
  });

  it('refuses any change to a finalized invoice (409) and leaves it as it was', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id);
    await f.finalize(invoice.id, writer.headers);
    const before = await f.get(invoice.id, admin());
    const body = f.invoiceBody(actors.location.id, { invoiceId: invoice.invoiceId, items: [] });
    body.items = f.invoiceBody(actors.location.id).items.slice(0, 1);
    const attempts = [
      await f.call('PUT', `/invoices/${invoice.id}`, admin(), body),
      await f.call('DELETE', `/invoices/${invoice.id}`, admin()),
      await f.call('PATCH', `/invoices/${invoice.id}/status`, admin(), { status: 'DRAFT' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(INVOICE_MESSAGES.finalizedCannotChange);
    }
    expect(await f.get(invoice.id, admin())).toEqual(before);
  });

  it('converts a finalized invoice to a new rental draft, priced, without a number', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id);
    await f.finalize(invoice.id, writer.headers);
    const converted = await f.call('POST', `/invoices/${invoice.id}/convert-to-rental`, admin());
    expect(converted.statusCode, converted.body).toBe(201);
    expect(converted.json().data).toMatchObject({ status: 'DRAFT', number: null, kind: 'WORK' });
  });
});

describe('hire invoices', () => {
  it('answers the charges of a hire invoice, refuses the work form on it (409), and numbers it when finalized', async () => {
    const hire = await f.insertHire(actors.location.id);
    const invoice = await f.get(hire.id, writer.headers);
    expect(invoice).toMatchObject({
      kind: 'HIRE',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      items: [],
      volumeTotals: [],
      netCents: 23500,
      grossCents: 28200,
    });
    expect(invoice.charges).toEqual([
      expect.objectContaining({
        kind: 'HIRE',
        description: 'Scaffold tube 6m',
        quantity: 40,
        fromDate: '2026-03-01',
        toDate: '2026-03-30',
        days: 30,
        dayCents: 10,
        weekCents: null,
        minimumDays: 7,
        amountCents: 12000,
        credited: false,
      }),
      expect.objectContaining({ kind: 'HIRE', weekCents: 100, amountCents: 3500 }),
      expect.objectContaining({ kind: 'WRITE_OFF', unitCents: 4000, amountCents: 8000 }),
    ]);
    const body = f.invoiceBody(actors.location.id, { invoiceId: 'Hire as work' });
    const edited = await f.call('PUT', `/invoices/${hire.id}`, admin(), body);
    expect(edited.statusCode).toBe(409);
    expect(edited.json().message).toBe(INVOICE_MESSAGES.hireNotEditable);
    expect(await f.get(hire.id, writer.headers)).toEqual(invoice);
    const finalized = await f.finalize(hire.id, admin());
    expect(finalized.number).toMatch(new RegExp(`^INV-${YEAR}-\\d{5}$`));
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, hire.id));
    expect(row!.grossCents).toBe(28200);
  });
});

describe('the Excel file shows the money', () => {
  const rowWith = (sheet: ExcelJS.Worksheet, column: number, text: string) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (!found && row.getCell(column).value === text) found = row;
    });
    expect(found, text).toBeDefined();
    return found!;
  };
  const download = async (id: number) => {
    const response = await f.call('GET', `/invoices/${id}/excel`, admin());
    expect(response.statusCode).toBe(200);
    return openSheet(response.rawPayload);
  };

  it('writes each line its rate and amount, the volume totals per unit, Net, VAT and Gross in the currency, and the number', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id);
    const finalized = await f.finalize(invoice.id, writer.headers);
    const sheet = await download(invoice.id);
    expect(rowWith(sheet, 1, 'Number').getCell(2).value).toBe(finalized.number);
    const header = rowWith(sheet, 1, '#');
    expect([13, 14].map((c) => header.getCell(c).value)).toEqual(['Rate', 'Amount']);
    const first = sheet.getRow(header.number + 1);
    expect([first.getCell(13).value, first.getCell(14).value]).toEqual([12.5, 300]);
    expect(first.getCell(14).numFmt).toBe('"GBP "#,##0.00');
    const second = sheet.getRow(header.number + 2);
    expect([second.getCell(13).value, second.getCell(14).value]).toEqual([3.33, 0.43]);
    const third = sheet.getRow(header.number + 3);
    expect([third.getCell(13).value, third.getCell(14).value]).toEqual([null, 0]);
    expect(rowWith(sheet, 1, 'Total SQM (M2)').getCell(11).value).toBe(24);
    expect(rowWith(sheet, 1, 'Total CUM (M3)').getCell(11).value).toBe(0.13);
    expect(rowWith(sheet, 1, 'Total Running MTR').getCell(11).value).toBe(5.02);
    const net = rowWith(sheet, 1, 'Net').getCell(2);
    expect([net.value, net.numFmt]).toEqual([300.43, '"GBP "#,##0.00']);
    expect(rowWith(sheet, 1, 'VAT (20%)').getCell(2).value).toBe(60.09);
    expect(rowWith(sheet, 1, 'Gross').getCell(2).value).toBe(360.52);
  });

  it('lists the charges of a hire invoice: Material, Quantity, From, To, Days, Rate, Amount', async () => {
    const hire = await f.insertHire(actors.location.id);
    const sheet = await download(hire.id);
    const header = rowWith(sheet, 1, 'Material');
    expect([1, 2, 3, 4, 5, 6, 7].map((c) => header.getCell(c).value)).toEqual([
      'Material',
      'Quantity',
      'From',
      'To',
      'Days',
      'Rate',
      'Amount',
    ]);
    const tube = sheet.getRow(header.number + 1);
    expect(tube.getCell(1).value).toBe('Scaffold tube 6m');
    expect([2, 5, 6, 7].map((c) => tube.getCell(c).value)).toEqual([40, 30, 0.1, 120]);
    const lost = sheet.getRow(header.number + 3);
    expect([lost.getCell(1).value, lost.getCell(6).value, lost.getCell(7).value]).toEqual([
      'Coupler (lost)',
      40,
      80,
    ]);
    expect(rowWith(sheet, 1, 'Number').getCell(2).value).toBe('DRAFT');
    expect(rowWith(sheet, 1, 'Gross').getCell(2).value).toBe(282);
  });
});
