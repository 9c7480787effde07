import {
  EXPORT_ONLY_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_ROW_MESSAGES,
  type ImportKind,
  type ImportPreview,
} from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { csvFile, upload } from '../../../test/import-files';
import { locations, materialTypes } from '../../db/schema';
import { CATALOGUE_COLUMNS } from '../catalogue/catalogue.export';
import { LOCATION_COLUMNS } from '../locations/locations.export';
import { INVENTORY_COLUMNS } from '../materials/materials.export';
import { STAFF_COLUMNS } from '../staff/staff.export';

/**
 * One table of columns per list (an exported file edited and imported again is read whole, and a
 * column the import does not take is named), and the company's own words for units and location
 * types, every error naming its cell or the column to add.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const call = (kind: string, step: 'preview' | 'import', file: Buffer, name = `${kind}.csv`) =>
  upload(
    t.app,
    step === 'preview' ? `/api/imports/${kind}/preview` : `/api/imports/${kind}`,
    file,
    name,
    actors.admin.headers,
  );

const plain = (header: string) => header.toLowerCase().replace(/[\s_.-]/g, '');

describe('one table of columns per list', () => {
  it("reads every column a list's export writes, or names it as not imported", () => {
    const exports: Record<ImportKind, readonly { header: string }[]> = {
      'material-types': CATALOGUE_COLUMNS,
      stock: INVENTORY_COLUMNS,
      locations: LOCATION_COLUMNS,
      staff: STAFF_COLUMNS,
    };
    for (const [kind, columns] of Object.entries(exports) as [ImportKind, { header: string }[]][]) {
      const read = IMPORT_COLUMNS[kind].flatMap((c) => [
        c.header,
        ...(('aliases' in c ? c.aliases : []) as string[]),
      ]);
      for (const { header } of columns) {
        const taken = read.some((name) => plain(name) === plain(header));
        const named = EXPORT_ONLY_COLUMNS[kind].includes(header);
        expect(taken !== named, `${kind}: ${header}`).toBe(true);
      }
    }
  });

  it('takes an edited catalogue export back whole, its weight too, and names what it does not import', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/create',
      headers: actors.admin.headers,
      payload: {
        itemNumber: 'GR-300',
        name: 'Gerüst Stahlrohr 3,0 m',
        unit: 'EACH',
        weightKg: '24.5',
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/catalogue/export?format=csv',
      headers: actors.admin.headers,
    });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    const weight = header.indexOf('Weight per unit (kg)');
    expect(weight).toBeGreaterThan(-1);
    const row = lines.find((line) => line.startsWith('GR-300'))!;
    // The name holds a comma: it is quoted; split the rest of the row after it.
    const [before, after] = row.split('"Gerüst Stahlrohr 3,0 m"');
    const cells = [
      ...before!.split(',').slice(0, -1),
      'Gerüst Stahlrohr 3,0 m',
      ...after!.split(',').slice(1),
    ];
    expect(cells[weight]).toBe('24.5');
    cells[weight] = '26';
    const file = csvFile([header, cells]);

    const preview = (await call('material-types', 'preview', file)).json().data as ImportPreview;
    expect(preview.rows[0]).toMatchObject({ status: 'update', errors: [] });
    expect(preview.columns.map((c) => c.header)).toContain('Weight per unit (kg)');
    expect(preview.ignoredColumns.map((c) => c.message)).toEqual(
      ['In stock', 'Total weight (kg)', 'Total value', 'Status'].map((h) =>
        IMPORT_ROW_MESSAGES.columnNotImported(h),
      ),
    );
    expect(preview.ignoredColumns[0]!.cell).toBe(
      `${String.fromCharCode(65 + header.indexOf('In stock'))}1`,
    );
    expect((await call('material-types', 'import', file)).statusCode).toBe(200);
    const [type] = await t.db
      .select({ weightKg: materialTypes.weightKg })
      .from(materialTypes)
      .where(sql`${materialTypes.itemNumber} = 'GR-300'`);
    expect(Number(type!.weightKg)).toBe(26);
  });
});

describe("the company's own words", () => {
  it('takes pcs, Stk, Stück and ea for Each, and hire rates with a decimal comma', async () => {
    const file = csvFile([
      ['Item number', 'Name', 'Unit', 'Hire rate per day', 'Hire rate per week'],
      ['W-1', 'Word tube 1', 'pcs', '1,20', '6,00'],
      ['W-2', 'Word tube 2', 'STK.', '0,30', ''],
      ['W-3', 'Word tube 3', 'Stück', '', ''],
      ['W-4', 'Word tube 4', 'Ea', '', ''],
      ['W-5', 'Word tube 5', 'Bundle', '', ''],
    ]);
    const preview = (await call('material-types', 'preview', file)).json().data as ImportPreview;
    expect(preview.rows.map((r) => r.status)).toEqual(['new', 'new', 'new', 'new', 'error']);
    expect(preview.rows[4]!.errors).toEqual([
      { column: 'unit', cell: 'C6', message: 'Please select a unit' },
    ]);
    const fixed = csvFile([
      ['Item number', 'Name', 'Unit', 'Hire rate per day', 'Hire rate per week'],
      ['W-1', 'Word tube 1', 'pcs', '1,20', '6,00'],
      ['W-2', 'Word tube 2', 'STK.', '0,30', ''],
      ['W-3', 'Word tube 3', 'Stück', '', ''],
    ]);
    expect((await call('material-types', 'import', fixed)).statusCode).toBe(200);
    const types = await t.db
      .select({ unit: materialTypes.unit, day: materialTypes.hireDayCents })
      .from(materialTypes)
      .where(sql`${materialTypes.itemNumber} like 'W-%'`)
      .orderBy(materialTypes.itemNumber);
    expect(types).toEqual([
      { unit: 'EACH', day: 120 },
      { unit: 'EACH', day: 30 },
      { unit: 'EACH', day: null },
    ]);
  });

  it('takes Yard, Depot and Lager for BMR Yard, Site and Baustelle for Field, whatever their case', async () => {
    const file = csvFile([
      ['Name', 'Address', 'Type', 'Status'],
      ['Words Yard', '1 Word Road', 'yard', ''],
      ['Words Depot', '2 Word Road', 'DEPOT', 'aktiv'],
      ['Words Lager', '3 Word Road', 'Lager', ''],
      ['Words Site', '4 Word Road', 'Site', 'inactive'],
      ['Words Baustelle', '5 Word Road', 'baustelle', ''],
    ]);
    const response = await call('locations', 'import', file);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.db
      .select({ name: locations.name, type: locations.type, status: locations.status })
      .from(locations)
      .where(sql`${locations.name} like 'Words %'`)
      .orderBy(locations.id);
    expect(rows.map((r) => [r.type, r.status])).toEqual([
      ['BMR_YARD', 'ACTIVE'],
      ['BMR_YARD', 'ACTIVE'],
      ['BMR_YARD', 'ACTIVE'],
      ['FIELD', 'INACTIVE'],
      ['FIELD', 'ACTIVE'],
    ]);
  });

  it('names the column a staff row needs and the file lacks, and a phone written with spaces is taken', async () => {
    await createLocation(t.db, { name: 'Staff Words Yard' });
    const file = csvFile([
      ['Name', 'Email', 'Phone', 'Position', 'Location', 'Department', 'Hire date'],
      [
        'Pia Words',
        'pia@example.com',
        '+49 89 5551234',
        'Rigger',
        'Staff Words Yard',
        'Field',
        '01/02/2025',
      ],
    ]);
    const preview = (await call('staff', 'preview', file)).json().data as ImportPreview;
    const errors = preview.rows[0]!.errors;
    expect(errors.map((e) => e.column)).toEqual(['address', 'emergencyContact', 'emergencyPhone']);
    expect(errors.find((e) => e.column === 'address')!.message).toBe(
      `Address must be at least 5 characters: ${IMPORT_ROW_MESSAGES.columnMissing('Address')}`,
    );
    expect(errors.find((e) => e.column === 'emergencyContact')!.message).toContain(
      'the file has no "Emergency contact" column',
    );
    const refused = await call('staff', 'import', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toContain('the file has no "Address" column');
  });
});

describe('the templates', () => {
  it('list each column, whether it is required, and its accepted values', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/imports/locations/template',
      headers: actors.admin.headers,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Accepted values')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as string[]).slice(1)));
    expect(rows[0]).toEqual(['Column', 'Required', 'Accepted values']);
    expect(rows.find((r) => r[0] === 'Type')).toEqual([
      'Type',
      'For a new record',
      'BMR Yard (also Yard, Depot, Lager); Field (also Site, Job site, Baustelle)',
    ]);
    expect(rows.find((r) => r[0] === 'Name')![1]).toBe('Yes');
  });

  it('write no apostrophe before a phone number in the staff template', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/imports/staff/template?format=csv',
      headers: actors.admin.headers,
    });
    expect(response.body).not.toContain("'");
    expect(response.body).toContain('0113 496 0000');
  });
});
