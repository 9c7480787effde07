import { STAFF_MESSAGES as M, type StaffDto } from '@stockyard/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  dayOf,
  expectPrintSetup,
  expectTextShownWhole,
  openSheet,
  readCsv,
} from '../../../test/spreadsheets';
import { activityLogs, billingSettings, staff } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
/** A field manager of the actors' location with Manage Attendance, and one without View Attendance. */
let clerk: { headers: Record<string, string> };
let blind: { headers: Record<string, string> };
let other: { id: number; name: string };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/staff${url}`, headers, payload });
const admin = () => actors.admin.headers;

let sequence = 0;
const person = (change: Record<string, unknown> = {}) => ({
  name: `Asha Rigger ${++sequence}`,
  email: `asha${sequence}.${Date.now()}@site.test`,
  phone: '+44 7700 900123',
  position: 'Scaffolder',
  locationId: actors.location.id,
  department: 'Erection',
  hireDate: '2024-03-18',
  salary: 38500,
  status: 'ACTIVE',
  address: '12 Harbour Lane',
  emergencyContact: 'Ravi Rigger',
  emergencyPhone: '07700 900456',
  ...change,
});

async function create(payload: object = person(), headers = clerk.headers) {
  const response = await call('POST', '', headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as StaffDto;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { name: 'South Field', type: 'FIELD' });
  const clerkUser = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { manageAttendance: true },
  });
  clerk = await loginAs(t.app, clerkUser.email);
  const blindUser = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { viewAttendance: false },
  });
  blind = await loginAs(t.app, blindUser.email);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/staff', () => {
  it('adds a staff member at the field manager’s location, with the location’s name', async () => {
    const payload = person();
    const data = await create(payload);
    expect(data).toMatchObject({
      ...payload,
      location: actors.location.name,
      locationId: actors.location.id,
    });
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.action, 'CREATE_STAFF'), eq(activityLogs.entityId, String(data.id))),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.locationId).toBe(actors.location.id);
  });

  it('defaults the salary to 0 and the status to ACTIVE', async () => {
    const data = await create(person({ salary: '', status: undefined }));
    expect(data.salary).toBe(0);
    expect(data.status).toBe('ACTIVE');
  });

  it('answers every validation message of the staff form', async () => {
    const response = await call('POST', '', clerk.headers, {
      name: 'A',
      email: 'not-an-email',
      phone: '12345',
      position: '',
      locationId: '',
      department: ' ',
      hireDate: '',
      salary: -1,
      status: 'RETIRED',
      address: 'Lane',
      emergencyContact: 'R',
      emergencyPhone: '555-1234',
    });
    expect(response.statusCode).toBe(400);
    const errors = Object.fromEntries(
      (response.json().errors as { path: string; message: string }[]).map((e) => [
        e.path,
        e.message,
      ]),
    );
    expect(errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email format',
      phone: 'Phone number must be at least 10 digits',
      position: 'Position is required',
      locationId: 'Location is required',
      department: 'Department is required',
      hireDate: 'Hire date is required',
      salary: 'Salary must be a positive number',
      status: M.statusInvalid,
      address: 'Address must be at least 5 characters',
      emergencyContact: 'Emergency contact name is required',
      emergencyPhone: 'Emergency phone must be at least 10 digits',
    });
  });

  it('refuses an email another live staff member has, whatever its case (409)', async () => {
    const first = await create();
    const response = await call(
      'POST',
      '',
      clerk.headers,
      person({ email: first.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.emailTaken);
  });

  it('is 401 without a session', async () => {
    expect((await call('POST', '', undefined, person())).statusCode).toBe(401);
  });

  it('is 403 without Manage Attendance, and at another location', async () => {
    expect((await call('POST', '', actors.manager.headers, person())).statusCode).toBe(403);
    expect(
      (await call('POST', '', clerk.headers, person({ locationId: other.id }))).statusCode,
    ).toBe(403);
  });

  it('lets an admin add staff at any location', async () => {
    const data = await create(person({ locationId: other.id }), admin());
    expect(data.location).toBe('South Field');
  });
});

describe('GET /api/staff', () => {
  let listed: StaffDto[];
  beforeAll(async () => {
    listed = [
      await create(person({ name: 'Zed Welder', position: 'Welder', department: 'Yard' })),
      await create(person({ name: 'Maya Lead', status: 'ON_LEAVE', email: 'maya.lead@crew.test' })),
      await create(person({ name: 'Otto Idle', status: 'INACTIVE' })),
    ];
  });

  it('pages the location’s staff by name with the pagination of the spec', async () => {
    const response = await call('GET', '?page=1&pageSize=2', actors.manager.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(2);
    const total = (await t.db.select().from(staff).where(eq(staff.locationId, actors.location.id)))
      .length;
    expect(body.pagination).toEqual({
      total,
      page: 1,
      limit: 2,
      totalPages: Math.ceil(total / 2),
    });
    const names = body.data.map((s: StaffDto) => s.name);
    expect([...names].sort()).toEqual(names);
    expect(body.data.every((s: StaffDto) => s.locationId === actors.location.id)).toBe(true);
  });

  it('searches the name, the email and the position, and filters status and department', async () => {
    const names = async (query: string) =>
      ((await call('GET', query, actors.manager.headers)).json().data as StaffDto[]).map(
        (s) => s.name,
      );
    expect(await names('?search=welder')).toEqual(['Zed Welder']);
    expect(await names('?search=crew.test')).toEqual(['Maya Lead']);
    expect(await names('?status=ON_LEAVE')).toEqual(['Maya Lead']);
    expect(await names('?status=INACTIVE')).toEqual(['Otto Idle']);
    expect(await names('?department=yard')).toEqual(['Zed Welder']);
    expect((await names('?status=ALL')).length).toBeGreaterThanOrEqual(listed.length);
    expect(await names('?search=nobody-here')).toEqual([]);
  });

  it('keeps a field manager to their location: another is 404', async () => {
    const response = await call('GET', `?locationId=${other.id}`, actors.manager.headers);
    expect(response.statusCode).toBe(404);
  });

  it('shows an admin every location, or the one asked for', async () => {
    const all = (await call('GET', '?pageSize=100', admin())).json().data as StaffDto[];
    expect(new Set(all.map((s) => s.locationId))).toEqual(new Set([actors.location.id, other.id]));
    const south = (await call('GET', `?locationId=${other.id}`, admin())).json().data as StaffDto[];
    expect(south.every((s) => s.location === 'South Field')).toBe(true);
  });

  it('is 401 without a session, 403 without View Attendance, 400 for a bad status', async () => {
    expect((await call('GET', '')).statusCode).toBe(401);
    expect((await call('GET', '', blind.headers)).statusCode).toBe(403);
    expect((await call('GET', '?status=GONE', actors.manager.headers)).statusCode).toBe(400);
  });
});

describe('GET /api/staff/all/active', () => {
  it('lists the ACTIVE staff of the location only', async () => {
    const response = await call('GET', '/all/active', actors.manager.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as StaffDto[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((s) => s.status === 'ACTIVE' && s.locationId === actors.location.id)).toBe(
      true,
    );
  });

  it('is 401 without a session and 403 without View Attendance', async () => {
    expect((await call('GET', '/all/active')).statusCode).toBe(401);
    expect((await call('GET', '/all/active', blind.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/staff/{id}', () => {
  it('reads one staff member; another location’s is 404 to a field manager', async () => {
    const own = await create();
    const theirs = await create(person({ locationId: other.id }), admin());
    expect((await call('GET', `/${own.id}`, actors.manager.headers)).json().data).toEqual(own);
    expect((await call('GET', `/${theirs.id}`, actors.manager.headers)).statusCode).toBe(404);
    expect((await call('GET', `/${theirs.id}`, admin())).statusCode).toBe(200);
    expect((await call('GET', '/999999', admin())).statusCode).toBe(404);
    expect((await call('GET', `/${own.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/staff/{id}', () => {
  it('changes a staff member and records the change', async () => {
    const member = await create();
    const response = await call(
      'PUT',
      `/${member.id}`,
      clerk.headers,
      person({ name: 'Renamed Person', email: member.email, status: 'ON_LEAVE', salary: 41000 }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: member.id,
      name: 'Renamed Person',
      status: 'ON_LEAVE',
      salary: 41000,
    });
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.action, 'UPDATE_STAFF'), eq(activityLogs.entityId, String(member.id))),
      );
    expect(entries).toHaveLength(1);
  });

  it('answers the validation messages, 404, 403 and 409', async () => {
    const member = await create();
    const taken = await create();
    const bad = await call('PUT', `/${member.id}`, clerk.headers, person({ phone: 'call me' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'phone', message: 'Phone number must be at least 10 digits' },
    ]);
    expect((await call('PUT', '/999999', clerk.headers, person())).statusCode).toBe(404);
    // Moving a staff member to another location is a write there.
    expect(
      (await call('PUT', `/${member.id}`, clerk.headers, person({ locationId: other.id })))
        .statusCode,
    ).toBe(403);
    expect((await call('PUT', `/${member.id}`, actors.manager.headers, person())).statusCode).toBe(
      403,
    );
    const theirs = await create(person({ locationId: other.id }), admin());
    expect(
      (
        await call(
          'PUT',
          `/${theirs.id}`,
          clerk.headers,
          person({ locationId: actors.location.id }),
        )
      ).statusCode,
    ).toBe(404);
    const clash = await call('PUT', `/${member.id}`, clerk.headers, person({ email: taken.email }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(M.emailTaken);
  });
});

describe('DELETE /api/staff/{id}', () => {
  it('takes the staff member off the lists, keeps the row, and frees the email', async () => {
    const member = await create();
    const response = await call('DELETE', `/${member.id}`, clerk.headers);
    expect(response.statusCode).toBe(200);
    expect((await call('GET', `/${member.id}`, clerk.headers)).statusCode).toBe(404);
    const listed = (await call('GET', '?pageSize=100', clerk.headers)).json().data as StaffDto[];
    expect(listed.map((s) => s.id)).not.toContain(member.id);
    const [row] = await t.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row!.deletedAt).not.toBeNull();
    await create(person({ email: member.email }));
    expect((await call('DELETE', `/${member.id}`, clerk.headers)).statusCode).toBe(404);
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.action, 'DELETE_STAFF'), eq(activityLogs.entityId, String(member.id))),
      );
    expect(entries).toHaveLength(1);
  });

  it('is 401, 403 without Manage Attendance, 404 at another location', async () => {
    const member = await create();
    const theirs = await create(person({ locationId: other.id }), admin());
    expect((await call('DELETE', `/${member.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/${member.id}`, actors.manager.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/${theirs.id}`, clerk.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/staff/export', () => {
  async function sheetOf(query: string, headers = actors.manager.headers) {
    const response = await call('GET', `/export${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('staff-list.xlsx');
    return openSheet(response.rawPayload);
  }

  it('writes every staff member the filters select, as the list has them, with date and money cells', async () => {
    const sheet = await sheetOf('?status=ACTIVE');
    const list = (
      await call('GET', '?status=ACTIVE&pageSize=100', actors.manager.headers)
    ).json() as { data: StaffDto[]; pagination: { total: number } };
    expect(sheet.rowCount).toBe(list.pagination.total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    list.data.forEach((member, index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toBe(member.name);
      expect(row.getCell(2).value).toBe(member.email);
      expect(row.getCell(5).value).toBe(member.location);
      const hired = row.getCell(7).value as Date;
      expect(hired).toBeInstanceOf(Date);
      expect(hired.toISOString().slice(0, 10)).toBe(member.hireDate);
      expect(row.getCell(8).value).toBe(member.salary);
      expect(row.getCell(8).numFmt).toContain('#,##0');
      expect(row.getCell(9).value).toBe('ACTIVE');
    });
  });

  it('reads as a spreadsheet program shows it: e-mails and addresses whole, A4 one page wide', async () => {
    // 43 characters: the old fixed column (28) cut it.
    const email = `c.abernethy.${Date.now() % 100_000}@harbour-scaffolding.co.uk`;
    const address = 'Flat 4, 12 Harbour Lane\nBristol BS1 4QA';
    await create(
      person({
        name: 'Christopher Abernethy',
        email,
        address,
        hireDate: '2023-12-31',
        salary: 1234567,
      }),
    );
    const sheet = await sheetOf('?search=Abernethy');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toBe(email);
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(email.length);
    expect(dayOf(row.getCell(7), 'dd/mm/yyyy')).toBe('2023-12-31');
    expect(row.getCell(8).value).toBe(1234567);
    // The company's currency (EUR until billing settings say otherwise) with its decimals.
    expect(row.getCell(8).numFmt).toBe('"EUR "#,##0.00');
    expect(sheet.getColumn(8).width).toBeGreaterThanOrEqual('EUR 1,234,567.00'.length);
    expect(row.getCell(10).value).toBe(address);
    expect(row.getCell(10).alignment?.wrapText).toBe(true);
    expect(row.height).toBeGreaterThanOrEqual(2 * 15);
    expect(expectTextShownWhole(sheet)).toBe(12 + 10);
    expectPrintSetup(sheet, 1, 'landscape');
  });

  it('writes text that begins with = + - @ as text, never a formula', async () => {
    await create(
      person({ name: '=HYPERLINK("http://x","y")', position: '@SUM(A1)', department: '+1-2' }),
    );
    const sheet = await sheetOf('?search=HYPERLINK');
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('=HYPERLINK("http://x","y")');
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(4).value).toBe('@SUM(A1)');
    expect(row.getCell(6).value).toBe('+1-2');
  });

  it('writes the same columns and values as CSV: BOM, CRLF, dd/mm/yyyy, plain numbers, formulas as text', async () => {
    await create(
      person({
        name: '=CSV Tester',
        department: '-Night',
        hireDate: '2022-02-01',
        salary: 41250.5,
        address: 'Unit 3, Quay Road\nBristol',
        emergencyContact: 'Zoë Ågren',
      }),
    );
    const response = await call('GET', '/export?search=CSV%20Tester&format=csv', admin());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="staff-list.csv"');
    const [header, row, ...rest] = readCsv(response.rawPayload);
    expect(rest).toEqual([]);
    const sheet = await sheetOf('?search=CSV%20Tester', admin());
    expect(header).toEqual((sheet.getRow(1).values as unknown[]).slice(1));
    expect(row).toEqual([
      "'=CSV Tester",
      expect.stringContaining('@site.test'),
      "'+44 7700 900123",
      'Scaffolder',
      actors.location.name,
      "'-Night",
      '01/02/2022',
      '41250.50',
      'ACTIVE',
      'Unit 3, Quay Road\nBristol',
      'Zoë Ågren',
      '07700 900456',
    ]);
  });

  it('refuses a format it does not write', async () => {
    const response = await call('GET', '/export?format=pdf', admin());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Format must be one of xlsx, csv');
  });

  it('is 401, 403 without View Attendance, 404 for another location', async () => {
    expect((await call('GET', '/export')).statusCode).toBe(401);
    expect((await call('GET', '/export', blind.headers)).statusCode).toBe(403);
    expect(
      (await call('GET', `/export?locationId=${other.id}`, actors.manager.headers)).statusCode,
    ).toBe(404);
  });
});

describe("the staff export's money (issue 51)", () => {
  it("shows salaries in the company's currency with its decimals, in both formats", async () => {
    await t.db
      .insert(billingSettings)
      .values({ id: 1, currency: 'CHF', vatRateBp: 810 })
      .onConflictDoUpdate({ target: billingSettings.id, set: { currency: 'CHF' } });
    try {
      await create(person({ name: 'Franziska Geldner', salary: 41500.5 }));
      const response = await call('GET', '/export?search=Geldner', admin());
      expect(response.statusCode, response.body).toBe(200);
      const sheet = await openSheet(response.rawPayload);
      const cell = sheet.getRow(2).getCell(8);
      expect(cell.value).toBe(41500.5);
      expect(cell.numFmt).toBe('"CHF "#,##0.00');
      // As a spreadsheet program shows it: the currency and both decimals, no dollar.
      expect(cell.type).toBe(ExcelJS.ValueType.Number);
      const csv = await call('GET', '/export?search=Geldner&format=csv', admin());
      const [header, row] = readCsv(csv.rawPayload);
      expect(row![header!.indexOf('Salary')]).toBe('41500.50');
      expect(csv.body).not.toContain('$');
    } finally {
      await t.db.delete(billingSettings);
    }
  });
});
