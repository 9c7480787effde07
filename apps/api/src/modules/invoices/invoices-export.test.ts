import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { dayOf, downloadBoth, sheetValues } from '../../../test/spreadsheets';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let other: { id: number; name: string };
/** A field manager of the actors' location with View Invoices, and one without. */
let viewer: { headers: Record<string, string> };
let blind: { headers: Record<string, string> };

/** Invoices written as rows: 2,100 of May 2026 at the actors' location (more than a chunk). */
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { name: 'Invoice Field' });
  await t.db.$client.query(
    `insert into invoices (invoice_id, location_id, client_name, client_address, issue_date, due_date,
       status, grand_total_calculated_volume_qty)
     select 'INV-' || lpad(n::text, 6, '0'), $1, 'Client ' || n, '1 Road', date '2026-05-01' + (n % 31),
       date '2026-06-30', case when n % 2 = 0 then 'FINALIZED' else 'DRAFT' end, n * 1.25
     from generate_series(1, 2100) n`,
    [actors.location.id],
  );
  await t.db.$client.query(
    `insert into invoices (invoice_id, location_id, client_name, client_address, issue_date, due_date,
       grand_total_calculated_volume_qty, number, kind, currency, gross_cents)
     values ('INV-900001', $1, '=SUM(A1:A9)', '2 Road', '2026-05-20', '2026-06-19', 1234.5,
               'INV-2026-09001', 'WORK', 'GBP', 123450),
            ('INV-900002', $2, 'Elsewhere Ltd', '3 Road', '2026-05-20', '2026-06-19', 7,
               null, 'WORK', 'EUR', 700)`,
    [actors.location.id, other.id],
  );
  const withFlag = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { viewInvoices: true },
  });
  viewer = await loginAs(t.app, withFlag.email);
  const without = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { viewInvoices: false },
  });
  blind = await loginAs(t.app, without.email);
});
afterAll(async () => {
  await t.close();
});

const HEADER = [
  'Invoice ID',
  'Client Name',
  'Location',
  'Issue Date',
  'Due Date',
  'Status',
  'Number',
  'Kind',
  'Gross',
];

describe('GET /api/invoices/export', () => {
  it("writes every invoice the list's filters select, chunk after chunk, in the list's order", async () => {
    const url = `/api/invoices/export?month=2026-05&locationId=${actors.location.id}`;
    const { sheet, csv } = await downloadBoth(t.app, url, actors.admin.headers, 'invoices');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/invoices?month=2026-05&locationId=${actors.location.id}&limit=100`,
      headers: actors.admin.headers,
    });
    const { invoices, totalInvoices } = list.json().data;
    expect(totalInvoices).toBe(2101);
    expect(sheet.rowCount).toBe(2102);
    expect(csv).toHaveLength(2102);
    expect(sheetValues(sheet)[0]).toEqual(HEADER);
    expect(csv[0]).toEqual(HEADER);
    const ids = sheetValues(sheet)
      .slice(1)
      .map((row) => row[0]);
    expect(ids.slice(0, 100)).toEqual(invoices.map((i: { invoiceId: string }) => i.invoiceId));
    expect(new Set(ids).size).toBe(2101);
    const drafts = await downloadBoth(
      t.app,
      `${url}&status=DRAFT`,
      actors.admin.headers,
      'invoices',
    );
    expect(drafts.csv).toHaveLength(1052);
    expect(new Set(drafts.csv.slice(1).map((row) => row[5]))).toEqual(new Set(['DRAFT']));
  });

  it('writes days as date cells, money as numbers in its currency and formula-like text as text; the CSV the same values', async () => {
    const { sheet, csv } = await downloadBoth(
      t.app,
      '/api/invoices/export?search=INV-900001',
      actors.admin.headers,
      'invoices',
    );
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toBe('=SUM(A1:A9)');
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(dayOf(row.getCell(4), 'dd/mm/yyyy')).toBe('2026-05-20');
    expect(row.getCell(7).value).toBe('INV-2026-09001');
    expect(row.getCell(8).value).toBe('Work');
    expect(row.getCell(9).value).toBe(1234.5);
    expect(row.getCell(9).numFmt).toBe('"GBP "#,##0.00');
    expect(csv[1]).toEqual([
      'INV-900001',
      "'=SUM(A1:A9)",
      actors.location.name,
      '20/05/2026',
      '19/06/2026',
      'DRAFT',
      'INV-2026-09001',
      'Work',
      '1234.50',
    ]);
  });

  it("gives a field manager with View Invoices their location's alone; another is 404, no flag 403", async () => {
    const { csv } = await downloadBoth(
      t.app,
      '/api/invoices/export?search=INV-9000',
      viewer.headers,
      'invoices',
    );
    expect(csv.slice(1).map((row) => row[0])).toEqual(['INV-900001']);
    const another = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/export?locationId=${other.id}`,
      headers: viewer.headers,
    });
    expect(another.statusCode).toBe(404);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/invoices/export',
      headers: blind.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
