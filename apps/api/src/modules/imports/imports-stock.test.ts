import {
  CATALOGUE_MESSAGES,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_ROW_MESSAGES,
  type ImportPreview,
} from '@stockyard/shared';
import { parse } from 'csv-parse/sync';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { csvFile, upload, xlsxFile } from '../../../test/import-files';
import { activityLogs, materials, materialTypes, stockMovements } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let north: Awaited<ReturnType<typeof createLocation>>;
let south: Awaited<ReturnType<typeof createLocation>>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  north = await createLocation(t.db, { name: 'North Yard' });
  south = await createLocation(t.db, { name: 'Südhafen Site', type: 'FIELD' });
});
afterAll(async () => {
  await t.close();
});

const HEADER = ['Location', 'Item number', 'Material', 'Quantity'];

const preview = (file: Buffer, name = 'stock.csv', headers = actors.admin.headers) =>
  upload(t.app, '/api/imports/stock/preview', file, name, headers);
const importStock = (file: Buffer, name = 'stock.csv', headers = actors.admin.headers) =>
  upload(t.app, '/api/imports/stock', file, name, headers);

async function addType(values: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/catalogue/create',
    headers: actors.admin.headers,
    payload: { unit: 'EACH', ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string };
}

async function setStock(name: string, locationId: number, quantity: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: actors.admin.headers,
    payload: { name, locationId, quantity, unit: 'EACH' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

async function quantityOf(name: string, locationId: number) {
  const [row] = await t.db
    .select({ quantity: materials.quantity })
    .from(materials)
    .where(
      sql`${materials.locationId} = ${locationId} and lower(${materials.name}) = lower(${name}) and ${materials.deletedAt} is null`,
    );
  return row?.quantity;
}

const movementCount = async () => (await t.db.select({ n: count() }).from(stockMovements))[0]!.n;
const activityCount = async () =>
  (
    await t.db.select({ n: count() }).from(activityLogs).where(eq(activityLogs.action, 'IMPORT'))
  )[0]!.n;

describe('GET /api/imports/stock/template', () => {
  it('answers the CSV template: its header row and an example row', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/imports/stock/template?format=csv',
      headers: actors.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('stock-import-template.csv');
    const rows = parse(response.rawPayload, { bom: true }) as string[][];
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(2);
  });

  it('answers the Excel template, which reads back with the same header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/imports/stock/template',
      headers: actors.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet.getCell('D2').value).toBe(120);
  });

  it('refuses a kind it does not know', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/imports/widgets/template',
      headers: actors.admin.headers,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/imports/stock/preview', () => {
  it('marks each row new, update, unchanged or error, with the cell of each error, and writes nothing', async () => {
    await setStock('Preview board', north.id, 10);
    await setStock('Preview clamp', north.id, 7);
    const before = await movementCount();
    const file = csvFile([
      HEADER,
      ['North Yard', '', 'Preview board', '15'],
      ['North Yard', '', 'Preview clamp', '7'],
      ['North Yard', '', 'Preview brand new', '3'],
      ['Nowhere Yard', '', 'Preview board', '1'],
      ['North Yard', '', 'Preview board', 'lots'],
    ]);
    const response = await preview(file);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as ImportPreview;
    expect(data.counts).toEqual({ total: 5, new: 1, update: 1, unchanged: 1, error: 2 });
    expect(data.rows.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'update'],
      [3, 'unchanged'],
      [4, 'new'],
      [5, 'error'],
      [6, 'error'],
    ]);
    expect(data.rows[3]!.errors).toEqual([
      {
        column: 'location',
        cell: 'A5',
        message: IMPORT_ROW_MESSAGES.locationUnknown('Nowhere Yard'),
      },
    ]);
    expect(data.rows[4]!.errors).toEqual([
      { column: 'quantity', cell: 'D6', message: 'Quantity must be a number' },
    ]);
    expect(data.rows[0]!.values).toMatchObject({ location: 'North Yard', name: 'Preview board' });
    expect(data.columns.map((c) => c.header)).toEqual(HEADER);
    expect(await movementCount()).toBe(before);
    expect(await quantityOf('Preview board', north.id)).toBe(10);
  });

  it('says each kind of error with its message and cell', async () => {
    await addType({ name: 'Old putlog', itemNumber: 'OLD-1' });
    const retired = await addType({ name: 'Retired ledger', itemNumber: 'RET-1' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/catalogue/${retired.id}/status`,
      headers: actors.admin.headers,
      payload: { status: 'retired' },
    });
    const file = csvFile([
      HEADER,
      ['North Yard', '', 'Errors tube', '-5'],
      ['North Yard', '', 'Errors tube', '12.5'],
      ['North Yard', '', '', '4'],
      ['North Yard', 'NOPE-9', '', '4'],
      ['North Yard', 'RET-1', '', '4'],
      ['', '', 'Errors tube', '4'],
      ['North Yard', '', 'Errors board', ''],
      ['North Yard', 'OTHER-1', 'Old putlog', '4'],
      ['North Yard', '', 'Errors clamp', '4'],
      ['north yard ', '', 'errors CLAMP', '5'],
      ['North Yard', '', 'X', '4'],
    ]);
    const data = (await preview(file)).json().data as ImportPreview;
    const errors = Object.fromEntries(
      data.rows.filter((r) => r.status === 'error').map((r) => [r.rowNumber, r.errors]),
    );
    expect(errors).toEqual({
      2: [{ column: 'quantity', cell: 'D2', message: 'Quantity cannot be negative' }],
      3: [{ column: 'quantity', cell: 'D3', message: 'Quantity must be a whole number' }],
      4: [{ column: 'name', cell: 'C4', message: IMPORT_ROW_MESSAGES.materialRequired }],
      5: [
        {
          column: 'itemNumber',
          cell: 'B5',
          message: IMPORT_ROW_MESSAGES.itemNumberUnknown('NOPE-9'),
        },
      ],
      6: [
        { column: 'itemNumber', cell: 'B6', message: CATALOGUE_MESSAGES.retired('Retired ledger') },
      ],
      7: [{ column: 'location', cell: 'A7', message: 'Location is required' }],
      8: [{ column: 'quantity', cell: 'D8', message: 'Quantity is required' }],
      9: [
        {
          column: 'itemNumber',
          cell: 'B9',
          message: IMPORT_ROW_MESSAGES.itemNumberDiffers('Old putlog', 'OLD-1'),
        },
      ],
      11: [{ column: 'name', cell: 'C11', message: IMPORT_ROW_MESSAGES.duplicate(10) }],
      12: [{ column: 'name', cell: 'C12', message: 'Name must be at least 2 characters' }],
    });
  });

  it('reads a cell that begins with = + - @ as text, never a formula', async () => {
    const file = csvFile([
      HEADER,
      ['North Yard', '', '=1+1', '2'],
      ['North Yard', '', '@SUM(A1)', '3'],
    ]);
    const data = (await preview(file)).json().data as ImportPreview;
    expect(data.rows.map((r) => [r.status, r.values.name])).toEqual([
      ['new', '=1+1'],
      ['new', '@SUM(A1)'],
    ]);
  });

  it('refuses a file over the upload limit with the limit’s message (413)', async () => {
    const response = await preview(Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, message: IMPORT_MESSAGES.tooLarge });
  });

  it('refuses a file of 10,001 rows with the row limit’s message', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => ['North Yard', '', `Row ${i}`, '1']);
    const response = await preview(csvFile([HEADER, ...rows]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The file has 10,001 rows; at most 10,000 can be imported at once.',
    );
  });

  it('refuses a file without the required columns, naming the column', async () => {
    const response = await preview(
      csvFile([
        ['Location', 'Material'],
        ['North Yard', 'Tube'],
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file has no "Quantity" column.');
  });

  it('is refused to a field manager (403), as are the template and the import', async () => {
    const file = csvFile([HEADER, ['North Yard', '', 'Tube', '1']]);
    expect((await preview(file, 'a.csv', actors.manager.headers)).statusCode).toBe(403);
    expect((await importStock(file, 'a.csv', actors.manager.headers)).statusCode).toBe(403);
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/imports/stock/template',
      headers: actors.manager.headers,
    });
    expect(template.statusCode).toBe(403);
  });
});

describe('POST /api/imports/stock', () => {
  it('sets each quantity through the ledger (Imported, the file as reference), adds new names to the catalogue, and logs one entry', async () => {
    await setStock('Ledger board', north.id, 10);
    const activityBefore = await activityCount();
    const file = csvFile([
      HEADER,
      ['North Yard', '', 'Ledger board', '25'],
      ['Südhafen Site', '', 'Ledger board', '4'],
      ['North Yard', '', 'Ledger coupler', '60'],
    ]);
    const response = await importStock(file, 'yard-count.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.counts).toEqual({
      total: 3,
      new: 2,
      update: 1,
      unchanged: 0,
      error: 0,
    });
    expect(await quantityOf('Ledger board', north.id)).toBe(25);
    expect(await quantityOf('Ledger board', south.id)).toBe(4);
    expect(await quantityOf('Ledger coupler', north.id)).toBe(60);
    const movements = await t.db
      .select({
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        reference: stockMovements.reference,
      })
      .from(stockMovements)
      .where(eq(stockMovements.reference, 'yard-count.csv'));
    expect(movements.map((m) => m.delta).sort((a, b) => a - b)).toEqual([4, 15, 60]);
    expect(new Set(movements.map((m) => m.reason))).toEqual(new Set(['IMPORT']));
    const [type] = await t.db
      .select()
      .from(materialTypes)
      .where(eq(materialTypes.name, 'Ledger coupler'));
    expect(type).toBeDefined();
    expect(await activityCount()).toBe(activityBefore + 1);
    // A material's quantity is the sum of its movements.
    const sums = await t.db.execute(sql`
      select m.id from materials m left join stock_movements s on s.material_id = m.id
      group by m.id, m.quantity having m.quantity <> coalesce(sum(s.delta), 0)`);
    expect(sums.rows).toEqual([]);
  });

  it('changes nothing when the same file is imported again: no movement, no activity', async () => {
    const file = csvFile([
      HEADER,
      ['North Yard', '', 'Again board', '8'],
      ['North Yard', '', 'Again clamp', '0'],
    ]);
    expect((await importStock(file, 'again.csv')).statusCode).toBe(200);
    const movements = await movementCount();
    const activity = await activityCount();
    const again = await importStock(file, 'again.csv');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.counts).toEqual({
      total: 2,
      new: 0,
      update: 0,
      unchanged: 2,
      error: 0,
    });
    expect(await movementCount()).toBe(movements);
    expect(await activityCount()).toBe(activity);
  });

  it('refuses a file with an error row (400, each error with its cell) and writes nothing', async () => {
    const movements = await movementCount();
    const file = csvFile([
      HEADER,
      ['North Yard', '', 'Refused board', '5'],
      ['North Yard', '', 'Refused clamp', 'x'],
    ]);
    const response = await importStock(file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: IMPORT_ROW_MESSAGES.hasErrors(1),
      errors: [{ path: 'D3', message: 'Row 3: Quantity must be a number' }],
    });
    expect(await movementCount()).toBe(movements);
    expect(await quantityOf('Refused board', north.id)).toBeUndefined();
    const [type] = await t.db
      .select()
      .from(materialTypes)
      .where(eq(materialTypes.name, 'Refused board'));
    expect(type).toBeUndefined();
  });

  it('reads Excel’s Windows-1252 CSV with semicolons and decimal commas', async () => {
    const file = csvFile(
      [
        ['Location', 'Material', 'Quantity'],
        ['Südhafen Site', 'Échafaudage 2 m', '1.200'],
        ['Südhafen Site', 'Planche façade', '12,5'],
      ],
      { separator: ';', encoding: 'win1252' },
    );
    const data = (await preview(file, 'stock-fr.csv')).json().data as ImportPreview;
    expect(data.rows[0]).toMatchObject({
      status: 'new',
      values: { name: 'Échafaudage 2 m', quantity: '1.200' },
    });
    expect(data.rows[1]!.errors).toEqual([
      { column: 'quantity', cell: 'C3', message: 'Quantity must be a whole number' },
    ]);
    const fixed = csvFile(
      [
        ['Location', 'Material', 'Quantity'],
        ['Südhafen Site', 'Échafaudage 2 m', '1.200'],
      ],
      { separator: ';', encoding: 'win1252' },
    );
    expect((await importStock(fixed, 'stock-fr.csv')).statusCode).toBe(200);
    expect(await quantityOf('Échafaudage 2 m', south.id)).toBe(1200);
  });

  it('reads UTF-8 with a byte order mark, and UTF-16', async () => {
    for (const encoding of ['utf8-bom', 'utf16le'] as const) {
      const file = csvFile([HEADER, ['Südhafen Site', '', `Gerüst ${encoding}`, '9']], {
        encoding,
      });
      const response = await importStock(file, `${encoding}.csv`);
      expect(response.statusCode, response.body).toBe(200);
      expect(await quantityOf(`Gerüst ${encoding}`, south.id)).toBe(9);
    }
  });

  it('reads an Excel workbook, its numbers numeric cells, finding materials by item number', async () => {
    await addType({ name: 'Workbook tube', itemNumber: 'WB-100' });
    const file = await xlsxFile([
      HEADER,
      ['North Yard', 'WB-100', null, 42],
      ['North Yard', 'wb-100 ', 'Ignored name', 43],
    ]);
    const data = (await preview(file, 'stock.xlsx')).json().data as ImportPreview;
    expect(data.rows[1]!.errors).toEqual([
      { column: 'itemNumber', cell: 'B3', message: IMPORT_ROW_MESSAGES.duplicate(2) },
    ]);
    const fixed = await xlsxFile([HEADER, ['North Yard', 'WB-100', null, 42]]);
    const response = await importStock(fixed, 'stock.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(await quantityOf('Workbook tube', north.id)).toBe(42);
  });

  it('writes nothing when a row fails as it is written (one transaction)', async () => {
    // A constraint the plan cannot see: the last row's stock row is refused by the database.
    await t.db.execute(sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.name = 'Boom plank' then raise exception 'refused' using errcode = '23514'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_boom before insert on materials for each row
      when (new.location_id is not null) execute function refuse_boom()`);
    try {
      await setStock('Boom first', north.id, 1);
      const movements = await movementCount();
      const file = csvFile([
        HEADER,
        ['North Yard', '', 'Boom first', '50'],
        ['North Yard', '', 'Boom second', '5'],
        ['North Yard', '', 'Boom plank', '5'],
      ]);
      const response = await importStock(file, 'boom.csv');
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await movementCount()).toBe(movements);
      expect(await quantityOf('Boom first', north.id)).toBe(1);
      const made = await t.db
        .select()
        .from(materialTypes)
        .where(sql`${materialTypes.name} in ('Boom second', 'Boom plank')`);
      expect(made).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_boom on materials`);
      await t.db.execute(sql`drop function refuse_boom()`);
    }
  });
});
