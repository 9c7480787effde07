import {
  CATALOGUE_MESSAGES,
  IMPORT_ROW_MESSAGES,
  type ImportPreview,
  MONEY_MESSAGES,
} from '@stockyard/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { csvFile, upload, xlsxFile } from '../../../test/import-files';
import { activityLogs, materialTypes } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const HEADER = [
  'Item number',
  'Name',
  'Category',
  'Unit',
  'Weight (kg)',
  'Replacement value',
  'Notes',
];

const preview = (file: Buffer, name = 'catalogue.csv') =>
  upload(t.app, '/api/imports/material-types/preview', file, name, actors.admin.headers);
const importTypes = (file: Buffer, name = 'catalogue.csv') =>
  upload(t.app, '/api/imports/material-types', file, name, actors.admin.headers);

async function addType(values: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/catalogue/create',
    headers: actors.admin.headers,
    payload: { unit: 'EACH', ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

const typeNamed = async (name: string) =>
  (
    await t.db
      .select()
      .from(materialTypes)
      .where(sql`lower(${materialTypes.name}) = lower(${name})`)
  )[0];

const importEntries = async () =>
  (
    await t.db.select({ n: count() }).from(activityLogs).where(eq(activityLogs.action, 'IMPORT'))
  )[0]!.n;

describe('POST /api/imports/material-types', () => {
  it('adds new types and changes those found by item number, else by name, in the fields given', async () => {
    const byNumber = await addType({
      itemNumber: 'MT-1',
      name: 'Tube 1m',
      category: 'Tubes',
      weightKg: 4,
    });
    const byName = await addType({ name: 'Coupler', category: 'Fittings', notes: 'Keep me' });
    const file = csvFile([
      HEADER,
      ['MT-1', 'Tube 1 m', '', '', '4,5', '', ''],
      ['CP-9', 'coupler', '', '', '', '3.20', ''],
      ['BD-2', 'Board 2m', 'Boards', 'each', '', '', 'New'],
    ]);
    const data = (await preview(file)).json().data as ImportPreview;
    expect(data.rows.map((r) => r.status)).toEqual(['update', 'update', 'new']);

    const response = await importTypes(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.counts).toMatchObject({ new: 1, update: 2, unchanged: 0 });
    const tube = (
      await t.db.select().from(materialTypes).where(eq(materialTypes.id, byNumber.id))
    )[0]!;
    expect(tube).toMatchObject({
      name: 'Tube 1 m',
      category: 'Tubes',
      weightKg: 4.5,
      itemNumber: 'MT-1',
    });
    const coupler = (
      await t.db.select().from(materialTypes).where(eq(materialTypes.id, byName.id))
    )[0]!;
    expect(coupler).toMatchObject({
      name: 'Coupler',
      itemNumber: 'CP-9',
      replacementValue: 3.2,
      notes: 'Keep me',
      category: 'Fittings',
    });
    expect(await typeNamed('Board 2m')).toMatchObject({
      category: 'Boards',
      unit: 'EACH',
      notes: 'New',
    });
  });

  it('changes nothing and records nothing when the same file is imported again', async () => {
    const file = csvFile([HEADER, ['AG-1', 'Again type', 'Misc', 'EACH', '1.25', '10', '']]);
    expect((await importTypes(file)).statusCode).toBe(200);
    const entries = await importEntries();
    const updatedAt = (await typeNamed('Again type'))!.updatedAt;
    const again = await importTypes(file);
    expect(again.json().data.counts).toMatchObject({ new: 0, update: 0, unchanged: 1 });
    expect(await importEntries()).toBe(entries);
    expect((await typeNamed('Again type'))!.updatedAt).toEqual(updatedAt);
  });

  it('says what is wrong with each row, with its cell', async () => {
    await addType({ itemNumber: 'TK-1', name: 'Taken name' });
    await addType({ itemNumber: 'TK-2', name: 'Other taken' });
    const file = csvFile([
      HEADER,
      ['', 'X', '', '', '', '', ''],
      ['', 'Weighty', '', '', 'heavy', '', ''],
      ['', 'Negative value', '', '', '', '-3', ''],
      ['', 'Wrong unit', '', 'BOX', '', '', ''],
      ['TK-1', 'Other taken', '', '', '', '', ''],
      ['ZZ-1', 'Taken name', '', '', '', '', ''],
      ['', 'Twice', '', '', '', '', ''],
      ['', 'twice ', '', '', '', '', ''],
    ]);
    const data = (await preview(file)).json().data as ImportPreview;
    const errors = Object.fromEntries(data.rows.map((r) => [r.rowNumber, r.errors]));
    expect(errors).toEqual({
      2: [{ column: 'name', cell: 'B2', message: 'Name must be at least 2 characters' }],
      3: [{ column: 'weightKg', cell: 'E3', message: 'Weight per unit must be a number' }],
      4: [
        {
          column: 'replacementValue',
          cell: 'F4',
          message: 'Replacement value must be a number of at least 0',
        },
      ],
      5: [{ column: 'unit', cell: 'D5', message: 'Please select a unit' }],
      6: [{ column: 'name', cell: 'B6', message: CATALOGUE_MESSAGES.nameTaken('Other taken') }],
      7: [
        {
          column: 'itemNumber',
          cell: 'A7',
          message: IMPORT_ROW_MESSAGES.itemNumberDiffers('Taken name', 'TK-1'),
        },
      ],
      8: [],
      9: [{ column: 'name', cell: 'B9', message: IMPORT_ROW_MESSAGES.duplicate(8) }],
    });
    expect((await importTypes(file)).statusCode).toBe(400);
    expect(await typeNamed('Weighty')).toBeUndefined();
  });

  it('reads an Excel workbook and a semicolon CSV with decimal commas', async () => {
    const workbook = await xlsxFile([
      HEADER,
      ['XL-1', 'Workbook type', 'Sheets', 'EACH', 2.125, 99.5, '=not a formula'],
    ]);
    expect((await importTypes(workbook, 'types.xlsx')).statusCode).toBe(200);
    expect(await typeNamed('Workbook type')).toMatchObject({
      weightKg: 2.125,
      replacementValue: 99.5,
      notes: '=not a formula',
    });
    const semicolons = csvFile(
      [HEADER, ['SC-1', 'Semicolon type', '', '', '12,5', '1.234,50', '']],
      {
        separator: ';',
        encoding: 'win1252',
      },
    );
    expect((await importTypes(semicolons, 'types.csv')).statusCode).toBe(200);
    expect(await typeNamed('Semicolon type')).toMatchObject({
      weightKg: 12.5,
      replacementValue: 1234.5,
    });
  });
});

describe('POST /api/imports/material-types: hire rates (issue 33)', () => {
  const RATE_HEADER = ['Name', 'Hire rate per day', 'Hire rate per week', 'Minimum hire (days)'];

  it('reads the rates as money into cents, and leaves them as they are where a cell is blank', async () => {
    await addType({
      name: 'Rated frame',
      hireDayCents: 100,
      hireWeekCents: 500,
      minimumHireDays: 3,
    });
    const file = csvFile([
      RATE_HEADER,
      ['Rated frame', '1.25', '', ''],
      ['New rated board', '0,5', '3', '7'],
    ]);
    const response = await importTypes(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(await typeNamed('Rated frame')).toMatchObject({
      hireDayCents: 125,
      hireWeekCents: 500,
      minimumHireDays: 3,
    });
    expect(await typeNamed('New rated board')).toMatchObject({
      hireDayCents: 50,
      hireWeekCents: 300,
      minimumHireDays: 7,
    });
  });

  it('refuses a rate with 3 decimals and a week rate without a day rate, on their cells', async () => {
    const file = csvFile([RATE_HEADER, ['Bad rate', '1.234', '', ''], ['Week only', '', '10', '']]);
    const data = (await preview(file)).json().data as ImportPreview;
    expect(data.rows.map((r) => r.errors.map((e) => [e.column, e.message]))).toEqual([
      [['hireDayCents', MONEY_MESSAGES.rate('Hire rate per day')]],
      [['hireWeekCents', MONEY_MESSAGES.weekNeedsDay]],
    ]);
  });
});
