import {
  DEFAULT_PERMISSIONS,
  isoToDisplayDate,
  localToday,
  type StockTakePreview,
  type StockTakeResult,
} from '@stockyard/shared';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { expectPrintSetup, openSheet, readCsv, sheetValues } from '../../../test/spreadsheets';
import { activityLogs, materials, materialTypes, stockMovements } from '../../db/schema';

let t: TestApp;
type Headers = Record<string, string>;
let admin: Headers;
let counter: Headers;
let counterElsewhere: Headers;
let withoutFlag: Headers;
let yard: { id: number; name: string };
let other: { id: number; name: string };

const TODAY = localToday();

beforeAll(async () => {
  t = await createTestApp();
  yard = await createLocation(t.db, { name: 'North Yard' });
  other = await createLocation(t.db, { name: 'South Site' });
  const manage = { ...DEFAULT_PERMISSIONS, manageInventory: true };
  const users = {
    admin: await createUser(t.db, { role: 'ADMIN' }),
    counter: await createUser(t.db, { locationId: yard.id, permissions: manage }),
    elsewhere: await createUser(t.db, { locationId: other.id, permissions: manage }),
    flagless: await createUser(t.db, { locationId: yard.id }),
  };
  admin = (await loginAs(t.app, users.admin.email)).headers;
  counter = (await loginAs(t.app, users.counter.email)).headers;
  counterElsewhere = (await loginAs(t.app, users.elsewhere.email)).headers;
  withoutFlag = (await loginAs(t.app, users.flagless.email)).headers;
});
afterAll(async () => {
  await t.close();
});

let typeSequence = 0;

/** A material at a location, its catalogue type (one per name) carrying an item number; its id. */
async function material(locationId: number, name: string, quantity: number, itemNumber?: string) {
  typeSequence += 1;
  await t.db
    .insert(materialTypes)
    .values({ name, unit: 'EACH', itemNumber: itemNumber ?? `IT-${typeSequence}-${Date.now()}` })
    .onConflictDoNothing();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: admin,
    payload: { name, locationId, quantity, unit: 'EACH' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function download(locationId: number, headers: Headers, format = 'xlsx') {
  return t.app.inject({
    method: 'GET',
    url: `/api/stock-takes/${locationId}/sheet?format=${format}`,
    headers,
  });
}

/** The count sheet, filled in as a person would: `counts` by Ref, written in the Counted column. */
async function filledSheet(
  locationId: number,
  counts: Record<string, string | number>,
  edit?: (sheet: ExcelJS.Worksheet) => void,
): Promise<Buffer> {
  const response = await download(locationId, admin);
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  sheet.eachRow((row, number) => {
    const ref = String(row.getCell(1).value ?? '');
    if (number > 4 && ref in counts) row.getCell(6).value = counts[ref]!;
  });
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const ref = (id: number) => `MAT-${String(id).padStart(3, '0')}`;

function upload(
  path: 'preview' | 'confirm',
  locationId: number,
  body: Buffer,
  headers: Headers,
  query = `fileName=count.xlsx&countDate=${TODAY}`,
) {
  const url =
    path === 'preview'
      ? `/api/stock-takes/${locationId}/preview?${query}`
      : `/api/stock-takes/${locationId}?${query}`;
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
  });
}

async function quantityOf(id: number) {
  const [row] = await t.db
    .select({ quantity: materials.quantity })
    .from(materials)
    .where(eq(materials.id, id));
  return row!.quantity;
}

async function movementsOf(ids: number[]) {
  return t.db
    .select()
    .from(stockMovements)
    .where(inArray(stockMovements.materialId, ids))
    .orderBy(stockMovements.id);
}

describe('GET /api/stock-takes/:locationId/sheet', () => {
  it('writes a printable count sheet: the location and the day, then every material by name with its Ref, Item No., unit and expected quantity, Counted empty', async () => {
    const location = await createLocation(t.db, { name: 'Sheet Yard' });
    const tube = await material(location.id, 'Tube 3m', 120, 'TUB-300');
    const clamp = await material(location.id, 'Clamp', 1500, 'CLP-01');
    await material(other.id, 'Elsewhere board', 5);

    const response = await download(location.id, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="stock-take-Sheet Yard-${TODAY}.xlsx"; filename*=UTF-8''stock-take-Sheet%20Yard-${TODAY}.xlsx`,
    );
    const sheet = await openSheet(response.rawPayload);
    expect(sheet.getCell('A1').value).toBe('Stock-take: Sheet Yard');
    expect(String(sheet.getCell('A2').value)).toMatch(
      new RegExp(`^Printed ${isoToDisplayDate(TODAY).replaceAll('/', '\\/')}\\.`),
    );
    expect(sheetValues(sheet).slice(1)).toEqual([
      expect.arrayContaining([expect.stringContaining('Printed')]),
      ['Ref', 'Item No.', 'Material', 'Unit', 'Expected', 'Counted'],
      [ref(clamp), 'CLP-01', 'Clamp', 'Each', 1500],
      [ref(tube), 'TUB-300', 'Tube 3m', 'Each', 120],
    ]);
    expect(sheet.getCell('E5').numFmt).toBe('#,##0');
    expect(sheet.getCell('E5').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('F5').value).toBeNull();
    expectPrintSetup(sheet, 4, 'portrait');
  });

  it('writes the table alone as CSV with format=csv', async () => {
    const location = await createLocation(t.db, { name: 'Csv Yard' });
    const board = await material(location.id, 'Board', 7, 'BRD-1');
    const response = await download(location.id, admin, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(readCsv(response.rawPayload)).toEqual([
      ['Ref', 'Item No.', 'Material', 'Unit', 'Expected', 'Counted'],
      [ref(board), 'BRD-1', 'Board', 'Each', '7', ''],
    ]);
  });

  it("is a field manager's with Manage Inventory at their own location only; another's is 404, and without the flag 403", async () => {
    expect((await download(yard.id, counter)).statusCode).toBe(200);
    const elsewhere = await download(yard.id, counterElsewhere);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Location not found');
    expect((await download(yard.id, withoutFlag)).statusCode).toBe(403);
    expect((await download(999_999, admin)).statusCode).toBe(404);
  });
});

describe('POST /api/stock-takes/:locationId/preview', () => {
  it('shows each counted difference against the stock now, beside what the sheet expected, and leaves empty counts uncounted', async () => {
    const location = await createLocation(t.db, { name: 'Preview Yard' });
    const tube = await material(location.id, 'Tube', 100);
    const clamp = await material(location.id, 'Clamp', 50);
    const board = await material(location.id, 'Board', 10);
    const spare = await material(location.id, 'Spare', 3);
    const file = await filledSheet(location.id, {
      [ref(tube)]: 95,
      [ref(clamp)]: 50,
      [ref(spare)]: 4,
    });
    // Stock moves after the sheet was printed: the count is written over the quantity now.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/materials/${spare}/stock`,
      headers: admin,
      payload: { quantity: 1, operation: 'add' },
    });

    const response = await upload('preview', location.id, file, admin);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data as StockTakePreview;
    const byName = Object.fromEntries(preview.rows.map((row) => [row.name, row]));
    expect(byName.Tube).toMatchObject({
      materialId: tube,
      sheetExpected: 100,
      currentQuantity: 100,
      counted: 95,
      difference: -5,
      status: 'CHANGE',
      errors: [],
    });
    expect(byName.Clamp).toMatchObject({ counted: 50, difference: 0, status: 'SAME' });
    expect(byName.Board).toMatchObject({ materialId: board, counted: null, status: 'NOT_COUNTED' });
    expect(byName.Spare).toMatchObject({
      sheetExpected: 3,
      currentQuantity: 4,
      counted: 4,
      difference: 0,
      status: 'SAME',
    });
    expect(preview.rows.map((row) => row.rowNumber)).toEqual([5, 6, 7, 8]);
    expect(preview.counts).toEqual({
      rows: 4,
      changed: 1,
      unchanged: 2,
      notCounted: 1,
      errors: 0,
      notOnSheet: 0,
    });
    expect(await quantityOf(tube)).toBe(100);
  });

  it('names the cell of each wrong row: not a number, a fraction, negative, a material elsewhere, one counted twice', async () => {
    const location = await createLocation(t.db, { name: 'Errors Yard' });
    const a = await material(location.id, 'Alpha', 10);
    const b = await material(location.id, 'Bravo', 10);
    const c = await material(location.id, 'Charlie', 10);
    const d = await material(location.id, 'Delta', 10);
    const elsewhere = await material(other.id, 'Echo elsewhere', 10);
    const file = await filledSheet(
      location.id,
      { [ref(a)]: 'twelve', [ref(b)]: 2.5, [ref(c)]: -1, [ref(d)]: 9 },
      (sheet) => {
        sheet.getRow(9).values = [ref(elsewhere), '', 'Echo elsewhere', 'Each', 10, 3];
        sheet.getRow(10).values = [ref(d), '', 'Delta', 'Each', 10, 8];
      },
    );
    const response = await upload('preview', location.id, file, admin);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data as StockTakePreview;
    expect(preview.rows.map((row) => [row.rowNumber, row.status, row.errors])).toEqual([
      [5, 'ERROR', [{ cell: 'F5', message: 'Counted must be a number, not "twelve"' }]],
      [6, 'ERROR', [{ cell: 'F6', message: 'Counted must be a whole number, not 2.5' }]],
      [7, 'ERROR', [{ cell: 'F7', message: 'Counted cannot be negative' }]],
      [8, 'CHANGE', []],
      [
        9,
        'ERROR',
        [{ cell: 'A9', message: `Ref ${ref(elsewhere)} is not a material at Errors Yard` }],
      ],
      [10, 'ERROR', [{ cell: 'A10', message: 'Delta is counted twice: also on row 8' }]],
    ]);
    expect(preview.counts).toMatchObject({ rows: 6, errors: 5, changed: 1 });
  });

  it('reads a semicolon CSV with a decimal comma, and refuses 12,5 as no whole number', async () => {
    const location = await createLocation(t.db, { name: 'Comma Yard' });
    const a = await material(location.id, 'Alpha', 1000);
    const b = await material(location.id, 'Bravo', 10);
    const csv = Buffer.from(
      `Ref;Item No.;Material;Unit;Expected;Counted\r\n${ref(a)};;Alpha;Each;1.000;1.200\r\n${ref(b)};;Bravo;Each;10;12,5\r\n`,
      'utf8',
    );
    const response = await upload(
      'preview',
      location.id,
      csv,
      admin,
      `fileName=count.csv&countDate=${TODAY}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json().data as StockTakePreview).rows;
    expect(rows[0]).toMatchObject({ sheetExpected: 1000, counted: 1200, difference: 200 });
    expect(rows[1]).toMatchObject({
      status: 'ERROR',
      errors: [{ cell: 'F3', message: 'Counted must be a whole number, not 12,5' }],
    });
  });

  it('needs a count date, not in the future, and a file', async () => {
    const file = await filledSheet(yard.id, {});
    const missing = await upload('preview', yard.id, file, admin, 'fileName=count.xlsx');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'countDate', message: 'Count date is required' },
    ]);
    const future = await upload(
      'preview',
      yard.id,
      file,
      admin,
      'fileName=count.xlsx&countDate=2999-01-01',
    );
    expect(future.json().errors).toEqual([
      { path: 'countDate', message: 'Count date cannot be in the future' },
    ]);
    const notADay = await upload(
      'preview',
      yard.id,
      file,
      admin,
      'fileName=count.xlsx&countDate=2026-02-30',
    );
    expect(notADay.json().errors).toEqual([
      { path: 'countDate', message: 'Count date must be a date, yyyy-mm-dd' },
    ]);
    const empty = await upload('preview', yard.id, Buffer.alloc(0), admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose a file to upload.');
  });

  it('refuses a file without the Counted column, and an upload at another location (403)', async () => {
    const noCounted = Buffer.from('Ref,Material\r\nMAT-001,Tube\r\n');
    const refused = await upload(
      'preview',
      yard.id,
      noCounted,
      admin,
      `fileName=x.csv&countDate=${TODAY}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The file has no "Counted" column.');
    const file = await filledSheet(yard.id, {});
    expect((await upload('preview', yard.id, file, counterElsewhere)).statusCode).toBe(403);
    expect((await upload('preview', yard.id, file, withoutFlag)).statusCode).toBe(403);
  });
});

describe('POST /api/stock-takes/:locationId', () => {
  it('writes each difference as one Stock-take movement on the count date, and nothing more when the sheet comes again', async () => {
    const location = await createLocation(t.db, { name: 'Confirm Yard' });
    const user = await createUser(t.db, {
      locationId: location.id,
      permissions: { ...DEFAULT_PERMISSIONS, manageInventory: true },
    });
    const headers = (await loginAs(t.app, user.email)).headers;
    const tube = await material(location.id, 'Tube', 100);
    const clamp = await material(location.id, 'Clamp', 50);
    const board = await material(location.id, 'Board', 10);
    const file = await filledSheet(location.id, {
      [ref(tube)]: 97,
      [ref(clamp)]: 50,
      [ref(board)]: 14,
    });
    const countDate = '2026-01-05';
    const query = `fileName=count.xlsx&countDate=${countDate}`;

    const response = await upload('confirm', location.id, file, headers, query);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Stock-take confirmed: 2 quantities changed.');
    const result = response.json().data as StockTakeResult;
    expect(result.movements).toEqual([
      { materialId: tube, name: 'Tube', delta: -3, quantityAfter: 97 },
      { materialId: board, name: 'Board', delta: 4, quantityAfter: 14 },
    ]);
    const taken = (await movementsOf([tube, clamp, board])).filter(
      (movement) => movement.reason === 'STOCK_TAKE',
    );
    expect(
      taken.map((m) => [m.materialId, m.delta, m.quantityAfter, m.reference, m.userId]),
    ).toEqual([
      [tube, -3, 97, 'stock-take:2026-01-05', user.id],
      [board, 4, 14, 'stock-take:2026-01-05', user.id],
    ]);
    expect([await quantityOf(tube), await quantityOf(clamp), await quantityOf(board)]).toEqual([
      97, 50, 14,
    ]);
    // The ledger: every quantity is the sum of its movements.
    const ledger = await movementsOf([tube, clamp, board]);
    for (const id of [tube, clamp, board]) {
      const sum = ledger
        .filter((m) => m.materialId === id)
        .reduce((total, m) => total + m.delta, 0);
      expect(sum, `material ${id}`).toBe(await quantityOf(id));
    }

    const logged = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'STOCK_TAKE'));
    const mine = logged.filter((entry) => entry.locationId === location.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.description).toBe(
      'Stock-take at Confirm Yard counted 05/01/2026: 2 quantities changed',
    );

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/materials/${tube}/movements`,
      headers,
    });
    expect(history.json().data[0]).toMatchObject({ reason: 'STOCK_TAKE', delta: -3 });

    const again = await upload('confirm', location.id, file, headers, query);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.movements).toEqual([]);
    expect(again.json().message).toBe('Stock-take confirmed: every count matched the stock.');
    expect(await movementsOf([tube, clamp, board])).toHaveLength(taken.length + 3);
  });

  it('writes nothing when a row is wrong, and names each cell', async () => {
    const location = await createLocation(t.db, { name: 'Refused Yard' });
    const a = await material(location.id, 'Alpha', 10);
    const b = await material(location.id, 'Bravo', 10);
    const file = await filledSheet(location.id, { [ref(a)]: 3, [ref(b)]: -2 });
    const response = await upload('confirm', location.id, file, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The count sheet has 1 error: correct it and upload the sheet again.',
      errors: [{ path: 'F6', message: 'Counted cannot be negative' }],
    });
    expect(await quantityOf(a)).toBe(10);
    expect((await movementsOf([a, b])).map((m) => m.reason)).toEqual(['CREATE', 'CREATE']);
  });

  it("refuses a field manager at another location's stock (403) and one without Manage Inventory", async () => {
    const tube = await material(yard.id, 'Yard tube', 10);
    const file = await filledSheet(yard.id, { [ref(tube)]: 1 });
    expect((await upload('confirm', yard.id, file, counterElsewhere)).statusCode).toBe(403);
    expect((await upload('confirm', yard.id, file, withoutFlag)).statusCode).toBe(403);
    expect(await quantityOf(tube)).toBe(10);
    const own = await upload('confirm', yard.id, file, counter);
    expect(own.statusCode, own.body).toBe(200);
    expect(await quantityOf(tube)).toBe(1);
  });
});

/** A count made in the app, sent as the phone sends it. */
function countInApp(
  path: 'preview' | 'confirm',
  locationId: number,
  payload: object,
  headers: Headers,
) {
  const url =
    path === 'preview'
      ? `/api/stock-takes/${locationId}/counts/preview`
      : `/api/stock-takes/${locationId}/counts`;
  return t.app.inject({ method: 'POST', url, payload, headers });
}

describe('GET /api/stock-takes/:locationId/materials', () => {
  it("lists the count sheet's materials as JSON, with each one's catalogue type and item number", async () => {
    const location = await createLocation(t.db, { name: 'Json Yard' });
    const tube = await material(location.id, 'Json tube', 12, 'JT-1');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/stock-takes/${location.id}/materials`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [type] = await t.db
      .select({ id: materialTypes.id })
      .from(materialTypes)
      .where(eq(materialTypes.name, 'Json tube'));
    expect(response.json().data).toEqual({
      location: { id: location.id, name: 'Json Yard' },
      materials: [
        {
          id: tube,
          materialTypeId: type!.id,
          itemNumber: 'JT-1',
          name: 'Json tube',
          unit: 'EACH',
          quantity: 12,
        },
      ],
    });
  });

  it("is a field manager's with Manage Inventory at their own location only", async () => {
    const at = (headers: Headers) =>
      t.app.inject({ method: 'GET', url: `/api/stock-takes/${yard.id}/materials`, headers });
    expect((await at(counter)).statusCode).toBe(200);
    expect((await at(counterElsewhere)).statusCode).toBe(404);
    expect((await at(withoutFlag)).statusCode).toBe(403);
  });
});

describe('POST /api/stock-takes/:locationId/counts/preview', () => {
  it('reads a count made in the app as a sheet is read: each difference, the same, and what was not counted', async () => {
    const location = await createLocation(t.db, { name: 'App Preview Yard' });
    const tube = await material(location.id, 'App tube', 100);
    const clamp = await material(location.id, 'App clamp', 50);
    await material(location.id, 'App board', 10);
    const response = await countInApp(
      'preview',
      location.id,
      {
        countDate: TODAY,
        counts: [
          { materialId: tube, counted: 96 },
          { materialId: clamp, counted: 50 },
        ],
      },
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data as StockTakePreview;
    expect(preview.fileName).toBeNull();
    expect(
      preview.rows.map((row) => [row.rowNumber, row.name, row.difference, row.status]),
    ).toEqual([
      [1, 'App tube', -4, 'CHANGE'],
      [2, 'App clamp', 0, 'SAME'],
    ]);
    expect(preview.counts).toEqual({
      rows: 2,
      changed: 1,
      unchanged: 1,
      notCounted: 0,
      errors: 0,
      notOnSheet: 1,
    });
    expect(await quantityOf(tube)).toBe(100);
  });

  it("names a material that is not at the location and one counted twice by the body's path", async () => {
    const location = await createLocation(t.db, { name: 'App Errors Yard' });
    const tube = await material(location.id, 'App errors tube', 5);
    const elsewhere = await material(other.id, 'App elsewhere', 5);
    const response = await countInApp(
      'preview',
      location.id,
      {
        countDate: TODAY,
        counts: [
          { materialId: tube, counted: 4 },
          { materialId: elsewhere, counted: 1 },
          { materialId: tube, counted: 3 },
        ],
      },
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json().data as StockTakePreview).rows;
    expect(rows.map((row) => row.errors)).toEqual([
      [],
      [
        {
          cell: 'counts.1.materialId',
          message: `Ref ${ref(elsewhere)} is not a material at App Errors Yard`,
        },
      ],
      [{ cell: 'counts.2.materialId', message: 'App errors tube is counted twice: also on row 1' }],
    ]);
  });

  it('refuses a count date in the future, a negative or fractional count, and no counts, with their messages', async () => {
    const tube = await material(yard.id, 'App invalid tube', 5);
    const refused = async (payload: object) => {
      const response = await countInApp('preview', yard.id, payload, admin);
      expect(response.statusCode).toBe(400);
      return response.json().errors;
    };
    expect(
      await refused({ countDate: '2999-01-01', counts: [{ materialId: tube, counted: 1 }] }),
    ).toEqual([{ path: 'countDate', message: 'Count date cannot be in the future' }]);
    expect(
      await refused({
        countDate: TODAY,
        counts: [
          { materialId: tube, counted: -1 },
          { materialId: tube, counted: 1.5 },
        ],
      }),
    ).toEqual([
      { path: 'counts.0.counted', message: 'Counted cannot be negative' },
      { path: 'counts.1.counted', message: 'Counted must be a whole number' },
    ]);
    expect(await refused({ countDate: TODAY, counts: [] })).toEqual([
      { path: 'counts', message: 'Count at least one material' },
    ]);
    expect(await refused({ countDate: TODAY })).toEqual([
      { path: 'counts', message: 'Count at least one material' },
    ]);
  });
});

describe('POST /api/stock-takes/:locationId/counts', () => {
  it('writes each difference as one Stock-take movement on the count date; sent again it changes nothing', async () => {
    const location = await createLocation(t.db, { name: 'App Confirm Yard' });
    const user = await createUser(t.db, {
      locationId: location.id,
      permissions: { ...DEFAULT_PERMISSIONS, manageInventory: true },
    });
    const headers = (await loginAs(t.app, user.email)).headers;
    const tube = await material(location.id, 'App confirm tube', 100);
    const clamp = await material(location.id, 'App confirm clamp', 50);
    const board = await material(location.id, 'App confirm board', 10);
    const body = {
      countDate: '2026-01-06',
      counts: [
        { materialId: tube, counted: 98 },
        { materialId: clamp, counted: 50 },
        { materialId: board, counted: 13 },
      ],
    };
    const response = await countInApp('confirm', location.id, body, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Stock-take confirmed: 2 quantities changed.');
    expect((response.json().data as StockTakeResult).movements).toEqual([
      { materialId: tube, name: 'App confirm tube', delta: -2, quantityAfter: 98 },
      { materialId: board, name: 'App confirm board', delta: 3, quantityAfter: 13 },
    ]);
    const taken = (await movementsOf([tube, clamp, board])).filter(
      (movement) => movement.reason === 'STOCK_TAKE',
    );
    expect(taken.map((m) => [m.materialId, m.delta, m.reference, m.userId])).toEqual([
      [tube, -2, 'stock-take:2026-01-06', user.id],
      [board, 3, 'stock-take:2026-01-06', user.id],
    ]);
    const logged = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'STOCK_TAKE'));
    const mine = logged.filter((entry) => entry.locationId === location.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.details).toMatchObject({ countDate: '2026-01-06', fileName: null });

    const before = await movementsOf([tube, clamp, board]);
    const again = await countInApp('confirm', location.id, body, headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.movements).toEqual([]);
    expect(again.json().message).toBe('Stock-take confirmed: every count matched the stock.');
    expect(await movementsOf([tube, clamp, board])).toEqual(before);
    expect([await quantityOf(tube), await quantityOf(clamp), await quantityOf(board)]).toEqual([
      98, 50, 13,
    ]);
  });

  it('writes nothing when a row is wrong, and names its path', async () => {
    const location = await createLocation(t.db, { name: 'App Refused Yard' });
    const tube = await material(location.id, 'App refused tube', 10);
    const elsewhere = await material(other.id, 'App refused elsewhere', 10);
    const response = await countInApp(
      'confirm',
      location.id,
      {
        countDate: TODAY,
        counts: [
          { materialId: tube, counted: 3 },
          { materialId: elsewhere, counted: 2 },
        ],
      },
      admin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The count sheet has 1 error: correct it and upload the sheet again.',
      errors: [
        {
          path: 'counts.1.materialId',
          message: `Ref ${ref(elsewhere)} is not a material at App Refused Yard`,
        },
      ],
    });
    expect(await quantityOf(tube)).toBe(10);
    expect(await quantityOf(elsewhere)).toBe(10);
  });

  it("refuses a field manager at another location's stock (403) and one without Manage Inventory", async () => {
    const tube = await material(yard.id, 'App yard tube', 10);
    const body = { countDate: TODAY, counts: [{ materialId: tube, counted: 7 }] };
    expect((await countInApp('confirm', yard.id, body, counterElsewhere)).statusCode).toBe(403);
    expect((await countInApp('confirm', yard.id, body, withoutFlag)).statusCode).toBe(403);
    expect((await countInApp('confirm', 999_999, body, admin)).statusCode).toBe(404);
    expect(await quantityOf(tube)).toBe(10);
    const own = await countInApp('confirm', yard.id, body, counter);
    expect(own.statusCode, own.body).toBe(200);
    expect(await quantityOf(tube)).toBe(7);
  });
});
