import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { downloadBoth, sheetValues } from '../../../test/spreadsheets';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let formula: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  await createLocation(t.db, { name: 'Export Field North', type: 'FIELD', status: 'INACTIVE' });
  formula = await createLocation(t.db, {
    name: '=Export Field "South"',
    address: '+1 Dock Road, Bristol',
    type: 'FIELD',
    status: 'INACTIVE',
  });
});
afterAll(async () => {
  await t.close();
});

const id = (n: number) => `LOC-${String(n).padStart(3, '0')}`;

const HEADERS = [
  'ID',
  'Name',
  'Type',
  'Address',
  'Status',
  'Customer name',
  'Customer address',
  'Customer e-mail',
  'VAT ID',
  'Zero-rated (no VAT)',
];
/** A location without a customer: four empty cells, and not zero-rated. */
const NO_CUSTOMER_CELLS = [undefined, undefined, undefined, undefined, 'No'];
const NO_CUSTOMER_CSV = ['', '', '', '', 'No'];

describe('GET /api/locations/export', () => {
  it("writes the locations the list's filters select, every page, in its order, as xlsx and csv", async () => {
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/locations/list?type=FIELD&status=INACTIVE&limit=100',
        headers: actors.admin.headers,
      })
    ).json().data as Array<{ id: number; name: string }>;
    const { sheet, csv } = await downloadBoth(
      t.app,
      '/api/locations/export?type=FIELD&status=INACTIVE',
      actors.admin.headers,
      'locations',
    );
    expect(sheetValues(sheet)[0]).toEqual(HEADERS);
    expect(
      sheetValues(sheet)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(list.map((l) => l.name));
    expect(sheetValues(sheet)[1]).toEqual([
      id(formula.id),
      '=Export Field "South"',
      'Field',
      '+1 Dock Road, Bristol',
      'Inactive',
      ...NO_CUSTOMER_CELLS,
    ]);
    // Text that looks like a formula stays text in the workbook, and is marked so in the CSV.
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(csv).toEqual([
      HEADERS,
      [
        id(formula.id),
        `'=Export Field "South"`,
        'Field',
        "'+1 Dock Road, Bristol",
        'Inactive',
        ...NO_CUSTOMER_CSV,
      ],
      [
        id(formula.id - 1),
        'Export Field North',
        'Field',
        expect.any(String),
        'Inactive',
        ...NO_CUSTOMER_CSV,
      ],
    ]);
  });

  it('gives a field manager their own location alone, and refuses one without View Locations', async () => {
    const { csv } = await downloadBoth(
      t.app,
      '/api/locations/export',
      actors.manager.headers,
      'locations',
    );
    expect(csv.slice(1).map((row) => row[1])).toEqual([actors.location.name]);
    const blind = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewLocations: false },
    });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/locations/export',
      headers: (await loginAs(t.app, blind.email)).headers,
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/locations/export' })).statusCode).toBe(
      401,
    );
  });
});
