import { IMPORT_ROW_MESSAGES, type ImportPreview, STAFF_MESSAGES } from '@stockyard/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { csvFile, upload, xlsxFile } from '../../../test/import-files';
import { activityLogs, locations, staff } from '../../db/schema';

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

const locationNamed = async (name: string) =>
  (await t.db.select().from(locations).where(sql`lower(${locations.name}) = lower(${name})`))[0];
const staffOf = async (email: string) =>
  (await t.db.select().from(staff).where(sql`lower(${staff.email}) = lower(${email})`))[0];
const importEntries = async () =>
  (
    await t.db.select({ n: count() }).from(activityLogs).where(eq(activityLogs.action, 'IMPORT'))
  )[0]!.n;

const LOCATION_HEADER = ['Name', 'Address', 'Type', 'Status'];

describe('POST /api/imports/locations', () => {
  it('adds locations and changes those of the same name, whatever its case; the same file again changes nothing', async () => {
    await createLocation(t.db, { name: 'East Yard', address: '1 Old Road', type: 'BMR_YARD' });
    const file = csvFile([
      LOCATION_HEADER,
      ['east yard', '2 New Road', '', 'Inactive'],
      ['West Site', '9 Field Lane', 'Field', ''],
      ['Harbour Yard', '3 Dock Street', 'BMR_YARD', 'ACTIVE'],
    ]);
    const data = (await call('locations', 'preview', file)).json().data as ImportPreview;
    expect(data.rows.map((r) => r.status)).toEqual(['update', 'new', 'new']);
    const response = await call('locations', 'import', file);
    expect(response.statusCode, response.body).toBe(200);
    expect(await locationNamed('East Yard')).toMatchObject({
      name: 'East Yard',
      address: '2 New Road',
      type: 'BMR_YARD',
      status: 'INACTIVE',
    });
    expect(await locationNamed('West Site')).toMatchObject({ type: 'FIELD', status: 'ACTIVE' });
    const entries = await importEntries();
    const again = await call('locations', 'import', file);
    expect(again.json().data.counts).toMatchObject({ new: 0, update: 0, unchanged: 3 });
    expect(await importEntries()).toBe(entries);
  });

  it('says what is wrong with each row, with its cell, and imports none of a file in error', async () => {
    const file = csvFile([
      LOCATION_HEADER,
      ['Ok Yard', '5 Fine Road', 'Field', ''],
      ['No', '5 Fine Road', 'Field', ''],
      ['Short Address Yard', 'x', 'Field', ''],
      ['Typeless Yard', '5 Fine Road', '', ''],
      ['Odd Yard', '5 Fine Road', 'Warehouse', ''],
      ['ok yard', '6 Fine Road', 'Field', ''],
    ]);
    const data = (await call('locations', 'preview', file)).json().data as ImportPreview;
    expect(Object.fromEntries(data.rows.map((r) => [r.rowNumber, r.errors]))).toEqual({
      2: [],
      3: [{ column: 'name', cell: 'A3', message: 'Location name must be at least 3 characters' }],
      4: [{ column: 'address', cell: 'B4', message: 'Address must be at least 5 characters' }],
      5: [{ column: 'type', cell: 'C5', message: 'Please select a location type' }],
      6: [{ column: 'type', cell: 'C6', message: 'Please select a location type' }],
      7: [{ column: 'name', cell: 'A7', message: IMPORT_ROW_MESSAGES.duplicate(2) }],
    });
    expect((await call('locations', 'import', file)).statusCode).toBe(400);
    expect(await locationNamed('Ok Yard')).toBeUndefined();
  });

  it('refuses the second of two imports of the same new locations at once, and writes none of it', async () => {
    const file = csvFile([
      LOCATION_HEADER,
      ['Race Yard 1', '1 Race Road', 'Field', ''],
      ['Race Yard 2', '2 Race Road', 'Field', ''],
    ]);
    const answers = await Promise.all([
      call('locations', 'import', file),
      call('locations', 'import', file),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // Both planned the rows as new: the later one meets the unique name and writes nothing; or it
    // waited for the first and found them unchanged.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const refused = answers.find((a) => a.statusCode === 409);
    if (refused) expect(refused.json().message).toBe(IMPORT_ROW_MESSAGES.changedMeanwhile);
    const rows = await t.db
      .select({ n: count() })
      .from(locations)
      .where(sql`${locations.name} like 'Race Yard %'`);
    expect(rows[0]!.n).toBe(2);
  });
});

const STAFF_HEADER = [
  'Name',
  'Email',
  'Phone',
  'Position',
  'Location',
  'Department',
  'Hire date',
  'Salary',
  'Status',
  'Address',
  'Emergency contact',
  'Emergency phone',
];

const person = (email: string, overrides: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    Name: 'Sam Rigger',
    Email: email,
    Phone: '0113 496 0000',
    Position: 'Rigger',
    Location: 'Staff Yard',
    Department: 'Field',
    'Hire date': '06/01/2025',
    Salary: '32000',
    Status: 'Active',
    Address: '2 Mill Lane, Leeds',
    'Emergency contact': 'Alex Rigger',
    'Emergency phone': '0113 496 0001',
    ...overrides,
  };
  return STAFF_HEADER.map((header) => values[header]!);
};

describe('POST /api/imports/staff', () => {
  it('adds staff and changes those of the same e-mail, at the location named; dates dd/mm/yyyy, salaries with decimal commas', async () => {
    await createLocation(t.db, { name: 'Staff Yard' });
    await createLocation(t.db, { name: 'Other Staff Yard' });
    const first = csvFile([
      STAFF_HEADER,
      person('sam@example.com'),
      person('kim@example.com', { Name: 'Kim Fixer' }),
    ]);
    expect((await call('staff', 'import', first)).statusCode).toBe(200);
    expect(await staffOf('sam@example.com')).toMatchObject({
      name: 'Sam Rigger',
      hireDate: '2025-01-06',
      salary: 32000,
      status: 'ACTIVE',
    });
    const changes = csvFile(
      [
        STAFF_HEADER,
        person('SAM@example.com', {
          Location: 'Other Staff Yard',
          Salary: '33.500,50',
          Status: 'On Leave',
        }),
        person('kim@example.com', { Name: 'Kim Fixer' }),
      ],
      { separator: ';', encoding: 'win1252' },
    );
    const data = (await call('staff', 'preview', changes)).json().data as ImportPreview;
    expect(data.rows.map((r) => r.status)).toEqual(['update', 'unchanged']);
    expect((await call('staff', 'import', changes)).statusCode).toBe(200);
    const other = await locationNamed('Other Staff Yard');
    expect(await staffOf('sam@example.com')).toMatchObject({
      locationId: other!.id,
      salary: 33500.5,
      status: 'ON_LEAVE',
    });
    const entries = await importEntries();
    const again = await call('staff', 'import', changes);
    expect(again.json().data.counts).toMatchObject({ update: 0, unchanged: 2 });
    expect(await importEntries()).toBe(entries);
  });

  it('leaves a field as it is when its cell is blank', async () => {
    const file = await xlsxFile([
      ['Email', 'Position'],
      ['kim@example.com', 'Foreman'],
    ]);
    expect((await call('staff', 'import', file, 'staff.xlsx')).statusCode).toBe(200);
    expect(await staffOf('kim@example.com')).toMatchObject({
      name: 'Kim Fixer',
      position: 'Foreman',
    });
  });

  it('says what is wrong with each row, with its cell', async () => {
    const file = csvFile([
      STAFF_HEADER,
      person('not-an-email'),
      person('a@example.com', { Location: 'Nowhere' }),
      person('b@example.com', { 'Hire date': '31/02/2025' }),
      person('c@example.com', { Phone: '12' }),
      person('d@example.com', { Salary: 'lots' }),
      person('e@example.com', { Location: '' }),
      person('A@example.com'),
    ]);
    const data = (await call('staff', 'preview', file)).json().data as ImportPreview;
    expect(Object.fromEntries(data.rows.map((r) => [r.rowNumber, r.errors]))).toEqual({
      2: [{ column: 'email', cell: 'B2', message: STAFF_MESSAGES.emailInvalid }],
      3: [
        { column: 'location', cell: 'E3', message: IMPORT_ROW_MESSAGES.locationUnknown('Nowhere') },
      ],
      4: [{ column: 'hireDate', cell: 'G4', message: 'Hire date must be a date, dd/mm/yyyy' }],
      5: [{ column: 'phone', cell: 'C5', message: STAFF_MESSAGES.phoneMin }],
      6: [{ column: 'salary', cell: 'H6', message: 'Salary must be a number' }],
      7: [{ column: 'location', cell: 'E7', message: STAFF_MESSAGES.locationRequired }],
      8: [{ column: 'email', cell: 'B8', message: IMPORT_ROW_MESSAGES.duplicate(3) }],
    });
  });
});
