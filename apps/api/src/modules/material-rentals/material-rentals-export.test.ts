import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { dayOf, downloadBoth, sheetValues } from '../../../test/spreadsheets';
import { todayOf } from './material-rentals.service';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: { id: number; name: string };
let other: { id: number; name: string };
let partly: { id: number; items: Array<{ id: number }> };
let lost: { id: number; items: Array<{ id: number }> };

const admin = () => actors.admin.headers;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers = admin(), payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

function daysFromToday(days: number): string {
  const now = new Date();
  return todayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

async function material(name: string) {
  const response = await call('POST', '/materials/create', admin(), {
    name,
    locationId: yard.id,
    quantity: 500,
    unit: 'EACH',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const rental = (toLocationId: number, items: Array<[number, number]>, change: object = {}) => ({
  fromLocationId: yard.id,
  toLocationId,
  expectedReturnDate: daysFromToday(7),
  notes: '=Facade, east',
  items: items.map(([materialId, quantity]) => ({
    materialId,
    quantity,
    unit: 'EACH',
    materialName: 'ignored',
  })),
  ...change,
});

async function rent(toLocationId: number, items: Array<[number, number]>, change = {}) {
  const response = await call(
    'POST',
    '/material-rentals',
    admin(),
    rental(toLocationId, items, change),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; items: Array<{ id: number }> };
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: 'Export Yard' });
  other = await createLocation(t.db, { name: 'Export Field', type: 'FIELD' });
  const tube = await material('Export tube');
  const clamp = await material('Export clamp');
  await rent(other.id, [[tube, 3]]);
  partly = await rent(actors.location.id, [
    [tube, 10],
    [clamp, 4],
  ]);
  const returned = await call(
    'POST',
    `/material-rentals/${partly.id}/returns`,
    actors.manager.headers,
    {
      rentalItemId: partly.items[0]!.id,
      returnedQuantity: 4,
    },
  );
  expect(returned.statusCode, returned.body).toBe(201);
  // Every unit of it lost, recorded on its line in a return.
  lost = await rent(actors.location.id, [[clamp, 5]]);
  const marked = await call('POST', `/material-rentals/${lost.id}/returns`, admin(), {
    rentalItemId: lost.items[0]!.id,
    lostQuantity: 5,
  });
  expect(marked.statusCode, marked.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const HEADER = [
  'Rental',
  'Location',
  'Rented To',
  'Rental Date',
  'Expected Return',
  'Returned On',
  'Status',
  'Material',
  'Unit',
  'Quantity',
  'Returned',
  'Lost or Damaged',
  'Outstanding',
  'Notes',
];

describe('GET /api/material-rentals/export', () => {
  it("writes one row an item of the rentals the list's filters select, newest first, with their figures", async () => {
    const { sheet, csv } = await downloadBoth(
      t.app,
      `/api/material-rentals/export?locationId=${actors.location.id}`,
      admin(),
      'material-rentals',
    );
    expect(sheetValues(sheet)[0]).toEqual(HEADER);
    // The lost rental's one item, then the partly returned rental's two.
    const rows = sheet.getRows(2, 3)!;
    expect(rows.map((row) => row.getCell(1).value)).toEqual([
      `#${lost.id}`,
      `#${partly.id}`,
      `#${partly.id}`,
    ]);
    expect(sheet.rowCount).toBe(4);
    const [written, tube, clamp] = rows as [ExcelJS.Row, ExcelJS.Row, ExcelJS.Row];
    expect(written.getCell(7).value).toBe('Returned');
    expect([10, 11, 12, 13].map((c) => written.getCell(c).value)).toEqual([5, 0, 5, 0]);
    expect(tube.getCell(2).value).toBe('Export Yard');
    expect(tube.getCell(3).value).toBe(actors.location.name);
    expect(dayOf(tube.getCell(4), 'dd/mm/yyyy')).toBe(todayOf());
    expect(dayOf(tube.getCell(5), 'dd/mm/yyyy')).toBe(daysFromToday(7));
    expect(tube.getCell(7).value).toBe('Active');
    expect(tube.getCell(8).value).toBe('Export tube');
    expect(tube.getCell(9).value).toBe('Each');
    expect([10, 11, 12, 13].map((c) => tube.getCell(c).value)).toEqual([10, 4, 0, 6]);
    expect(clamp.getCell(8).value).toBe('Export clamp');
    expect([10, 11, 12, 13].map((c) => clamp.getCell(c).value)).toEqual([4, 0, 0, 4]);
    expect(tube.getCell(14).value).toBe('=Facade, east');
    expect(tube.getCell(14).type).toBe(ExcelJS.ValueType.String);

    const day = (iso: string) => iso.split('-').reverse().join('/');
    expect(csv[0]).toEqual(HEADER);
    expect(csv[2]).toEqual([
      `#${partly.id}`,
      'Export Yard',
      actors.location.name,
      day(todayOf()),
      day(daysFromToday(7)),
      '',
      'Active',
      'Export tube',
      'Each',
      '10',
      '4',
      '0',
      '6',
      "'=Facade, east",
    ]);
  });

  it("follows the list's status and search", async () => {
    const { csv } = await downloadBoth(
      t.app,
      '/api/material-rentals/export?status=ACTIVE&search=Export%20Field',
      admin(),
      'material-rentals',
    );
    expect(csv.slice(1).map((row) => [row[2], row[7], row[9]])).toEqual([
      ['Export Field', 'Export tube', '3'],
    ]);
  });

  it('gives a field manager the rentals to their location alone; another location is 404', async () => {
    const { csv } = await downloadBoth(
      t.app,
      '/api/material-rentals/export',
      actors.manager.headers,
      'material-rentals',
    );
    expect(new Set(csv.slice(1).map((row) => row[2]))).toEqual(new Set([actors.location.name]));
    expect(csv).toHaveLength(4);
    const refused = await call(
      'GET',
      `/material-rentals/export?locationId=${other.id}`,
      actors.manager.headers,
    );
    expect(refused.statusCode).toBe(404);
    const stranger = await createUser(t.db, { locationId: other.id });
    const theirs = await downloadBoth(
      t.app,
      '/api/material-rentals/export',
      (await loginAs(t.app, stranger.email)).headers,
      'material-rentals',
    );
    expect(theirs.csv).toHaveLength(2);
  });
});
