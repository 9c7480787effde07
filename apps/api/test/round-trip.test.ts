import { IMPORT_COLUMNS, type ImportKind } from '@stockyard/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActors } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { upload } from './import-files';

/**
 * A list exported and imported again comes back unchanged (issue 51, decision 052), as CSV and as
 * .xlsx, for every list that imports: the catalogue, the stock, the locations and the staff; with
 * names that look like formulas ("=HYPERLINK(...)", "-2+3 Bohle", "@Clamp", "+Plus") and
 * international phone numbers ("+49 89 5551234"), which the CSV export guards with an apostrophe.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
const admin = () => actors.admin.headers;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: admin(), payload });

const FORMULA_NAMES = ['=HYPERLINK("http://x.test","y")', '-2+3 Bohle', '@Clamp', '+Plus coupler'];
const EXPORTS: Record<ImportKind, string> = {
  'material-types': '/catalogue/export',
  stock: '/materials/export',
  locations: '/locations/export',
  staff: '/staff/export',
};

async function exported(kind: ImportKind, format: 'csv' | 'xlsx') {
  const response = await call('GET', `${EXPORTS[kind]}?format=${format}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The file's rows as text (a CSV's fields; an .xlsx's cells as exceljs reads their values). */
async function rowsOf(file: Buffer, format: 'csv' | 'xlsx'): Promise<unknown[][]> {
  if (format === 'csv') {
    return file
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => [line]);
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : v)),
    );
  });
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  const yard = await call('POST', '/locations/create', {
    name: '-North Yard',
    address: '+1 Quarry Road, Leeds',
    type: 'BMR_YARD',
    status: 'ACTIVE',
  });
  expect(yard.statusCode, yard.body).toBe(201);
  const yardId = yard.json().data.id as number;
  for (const [index, name] of FORMULA_NAMES.entries()) {
    const made = await call('POST', '/materials/create', {
      name,
      locationId: yardId,
      quantity: 10 + index,
      unit: 'EACH',
    });
    expect(made.statusCode, made.body).toBe(201);
  }
  const person = (name: string, phone: string, email: string) => ({
    name,
    email,
    phone,
    position: '=Rigger',
    locationId: actors.location.id,
    department: '-Night',
    hireDate: '2024-03-01',
    salary: 41500.5,
    status: 'ACTIVE',
    address: '2 Mill Lane, Leeds',
    emergencyContact: '@Alex Rigger',
    emergencyPhone: '+44 20 7946 0958',
  });
  for (const [name, phone, email] of [
    ['Anna Schmidt', '+49 89 5551234', 'anna.schmidt@example.test'],
    ['=HYPERLINK("http://x.test","Jo")', '+33 1 23 45 67 89', 'jo@example.test'],
  ] as const) {
    const made = await call('POST', '/staff', person(name, phone, email));
    expect(made.statusCode, made.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe.each(['csv', 'xlsx'] as const)('an export imported again, as %s', (format) => {
  it.each(Object.keys(EXPORTS) as ImportKind[])('%s: every row unchanged', async (kind) => {
    const before = await exported(kind, format);
    const fileName = `${kind}.${format}`;
    const url = `/api/imports/${kind}`;
    const preview = await upload(t.app, `${url}/preview`, before, fileName, admin());
    expect(preview.statusCode, preview.body).toBe(200);
    const { rows, counts, columns } = preview.json().data as {
      rows: { rowNumber: number; status: string; messages?: unknown }[];
      counts: Record<string, number>;
      columns: { key: string }[];
    };
    // The export's columns are the import's (the catalogue's notes are not on its list).
    const skipped = kind === 'material-types' ? ['notes'] : [];
    expect(columns.map((c) => c.key).sort()).toEqual(
      IMPORT_COLUMNS[kind]
        .map((c) => c.key as string)
        .filter((key) => !skipped.includes(key))
        .sort(),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.filter((row) => row.status !== 'unchanged'),
      JSON.stringify(rows.filter((row) => row.status !== 'unchanged').slice(0, 3)),
    ).toEqual([]);
    expect(counts).toMatchObject({ new: 0, update: 0, error: 0, unchanged: rows.length });

    const imported = await upload(t.app, url, before, fileName, admin());
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.counts).toMatchObject({
      new: 0,
      update: 0,
      unchanged: rows.length,
    });
    // And the list exports as it did.
    expect(await rowsOf(await exported(kind, format), format)).toEqual(
      await rowsOf(before, format),
    );
  });

  it('keeps the formula-like names and the international phone numbers as they were', async () => {
    const catalogue = (await rowsOf(await exported('material-types', format), format)).flat();
    const staff = (await rowsOf(await exported('staff', format), format)).flat().join('\n');
    const text = catalogue.join('\n');
    for (const name of FORMULA_NAMES) {
      expect(text).toContain(format === 'csv' ? `'${name.replaceAll('"', '""')}` : name);
    }
    expect(staff).toContain(format === 'csv' ? "'+49 89 5551234" : '+49 89 5551234');
    const types = (await call('GET', '/catalogue/list?limit=100')).json().data as {
      name: string;
    }[];
    for (const name of FORMULA_NAMES) expect(types.map((type) => type.name)).toContain(name);
    expect(types.map((type) => type.name).filter((name) => name.startsWith("'"))).toEqual([]);
  });
});

describe("the import templates' sample rows (issue 51)", () => {
  /** The template's header and sample row, by header. */
  async function sampleOf(kind: ImportKind) {
    const response = await call('GET', `/imports/${kind}/template`);
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    return Object.fromEntries(
      headers.map((header, index) => [header, sheet.getRow(2).getCell(index + 1)]),
    );
  }

  it('hold numbers as numeric cells and days as date cells, and import as they are', async () => {
    const staff = await sampleOf('staff');
    expect(staff['Hire date']!.value).toBeInstanceOf(Date);
    expect((staff['Hire date']!.value as Date).toISOString().slice(0, 10)).toBe('2025-01-06');
    expect(staff.Salary!.value).toBe(32000);
    expect(staff.Phone!.type).toBe(ExcelJS.ValueType.String);
    const types = await sampleOf('material-types');
    expect(types['Weight per unit (kg)']!.value).toBe(13.5);
    expect(types['Replacement value']!.value).toBe(42.5);
    expect(types['Hire rate per day']!.value).toBe(0.35);
    expect(types['Minimum hire (days)']!.value).toBe(7);
    expect(types['Item number']!.value).toBe('TUB-300');
    expect((await sampleOf('stock')).Quantity!.value).toBe(120);

    // The catalogue's template, filled in as it is, previews as one new type.
    const template = await call('GET', '/imports/material-types/template');
    const preview = await upload(
      t.app,
      '/api/imports/material-types/preview',
      template.rawPayload,
      'template.xlsx',
      admin(),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.counts).toMatchObject({ new: 1, error: 0 });
  });
});
