import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { downloadBoth, sheetValues } from '../../../test/spreadsheets';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
/**
 * The catalogue: four types, one retired, one named like a formula, with stock of the tube at two
 * locations (30 and 12 units).
 */
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  const site = await createLocation(t.db, { type: 'FIELD' });
  await addType({
    itemNumber: 'TB-600',
    name: 'Tube 6m',
    category: 'Tubes',
    weightKg: '25.5',
    replacementValue: '48.20',
    hireDayCents: 250,
    hireWeekCents: 1000,
    minimumHireDays: 7,
  });
  await addType({ itemNumber: '-CL-1', name: '=SUM(A1:A9)', category: 'Clamps' });
  await addType({ name: 'board 3.9m', category: 'Boards', replacementValue: '1250' });
  const retired = await addType({ itemNumber: 'TB-300', name: 'Tube 3m', category: 'Tubes' });
  await call('PATCH', `/catalogue/${retired.id}/status`, { status: 'retired' });
  await addStock('Tube 6m', actors.location.id, 30);
  await addStock('Tube 6m', site.id, 12);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: object, headers = actors.admin.headers) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

async function addType(values: Record<string, unknown>) {
  const response = await call('POST', '/catalogue/create', { unit: 'EACH', ...values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string };
}

async function addStock(name: string, locationId: number, quantity: number) {
  const response = await call('POST', '/materials/create', {
    name,
    locationId,
    quantity,
    unit: 'EACH',
  });
  expect(response.statusCode, response.body).toBe(201);
}

const HEADER = [
  'Item No.',
  'Name',
  'Category',
  'Unit',
  'Weight per unit (kg)',
  'Replacement value',
  'In stock',
  'Total weight (kg)',
  'Total value',
  'Hire rate per day',
  'Hire rate per week',
  'Minimum hire (days)',
  'Status',
];

describe('GET /api/catalogue/export', () => {
  it("writes every type the list's filters select, by name, with its stock everywhere", async () => {
    const { sheet, csv } = await downloadBoth(
      t.app,
      '/api/catalogue/export',
      actors.admin.headers,
      'catalogue',
    );
    const list = (await call('GET', '/catalogue/list?limit=100')).json().data as Array<{
      name: string;
    }>;
    expect(sheetValues(sheet)[0]).toEqual(HEADER);
    // No status: all of them, as the list without one.
    expect(csv.slice(1).map((row) => row[1])).toEqual(
      list.map((type) => (type.name.startsWith('=') ? `'${type.name}` : type.name)),
    );
    expect(csv.slice(1).map((row) => row[1])).toEqual([
      "'=SUM(A1:A9)",
      'board 3.9m',
      'Tube 3m',
      'Tube 6m',
    ]);

    // A name that looks like a formula stays text in the workbook, and is marked in the CSV.
    const formula = sheet.getRow(2);
    expect(formula.getCell(1).value).toBe('-CL-1');
    expect(formula.getCell(2).value).toBe('=SUM(A1:A9)');
    expect(formula.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(csv[1]).toEqual([
      "'-CL-1",
      "'=SUM(A1:A9)",
      'Clamps',
      'Each',
      '',
      '',
      '0',
      '',
      '',
      '',
      '',
      '0',
      'Active',
    ]);

    const tube = sheet.getRow(5);
    expect(tube.getCell(1).value).toBe('TB-600');
    expect(tube.getCell(5).value).toBe(25.5);
    expect(tube.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    expect(tube.getCell(6).value).toBe(48.2);
    // Money in the company's currency (EUR until billing settings say otherwise), 2 decimals.
    expect(tube.getCell(6).numFmt).toBe('"EUR "#,##0.00');
    expect(tube.getCell(7).value).toBe(42);
    expect(tube.getCell(8).value).toBe(1071);
    expect(tube.getCell(9).value).toBe(2024.4);
    expect(csv[4]).toEqual([
      'TB-600',
      'Tube 6m',
      'Tubes',
      'Each',
      '25.5',
      '48.20',
      '42',
      '1071',
      '2024.40',
      '2.50',
      '10.00',
      '7',
      'Active',
    ]);
    expect(tube.getCell(10).value).toBe(2.5);
    expect(tube.getCell(10).numFmt).toBe('"EUR "#,##0.00');
    expect(csv[3]![12]).toBe('Retired');
  });

  it("follows the list's search, category and status", async () => {
    const shown = async (query: string) =>
      (
        await downloadBoth(
          t.app,
          `/api/catalogue/export?${query}`,
          actors.admin.headers,
          'catalogue',
        )
      ).csv
        .slice(1)
        .map((row) => row[1]);
    expect(await shown('status=active')).toEqual(["'=SUM(A1:A9)", 'board 3.9m', 'Tube 6m']);
    expect(await shown('status=retired')).toEqual(['Tube 3m']);
    expect(await shown('category=tubes')).toEqual(['Tube 3m', 'Tube 6m']);
    expect(await shown('category=Tubes&status=active')).toEqual(['Tube 6m']);
    expect(await shown('search=tb-')).toEqual(['Tube 3m', 'Tube 6m']);
    expect(await shown('search=nothing like it')).toEqual([]);
  });

  it("is an admin's: a field manager is refused, whatever their flags", async () => {
    const flagged = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewInventory: true, manageInventory: true },
    });
    for (const headers of [actors.manager.headers, (await loginAs(t.app, flagged.email)).headers]) {
      expect((await call('GET', '/catalogue/export', undefined, headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/catalogue/export' })).statusCode).toBe(
      401,
    );
  });
});
