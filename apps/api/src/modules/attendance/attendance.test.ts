import {
  type AttendanceDto,
  EXPORT_MESSAGES,
  ATTENDANCE_MESSAGES as M,
  type StaffDto,
} from '@stockyard/shared';
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
  timeOf,
} from '../../../test/spreadsheets';
import { activityLogs, attendance } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
/** A field manager with Manage Attendance, and one without View Attendance, at the actors' location. */
let clerk: { headers: Record<string, string> };
let blind: { headers: Record<string, string> };
let other: { id: number; name: string };
let asha: StaffDto;
let ben: StaffDto;
let southern: StaffDto;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/attendance${url}`, headers, payload });
const admin = () => actors.admin.headers;

let sequence = 0;
const staffPayload = (name: string, locationId: number, email: string) => ({
  name,
  email,
  phone: '07700900123',
  position: 'Scaffolder',
  locationId,
  department: 'Erection',
  hireDate: '2024-01-08',
  salary: 30000,
  status: 'ACTIVE',
  address: '1 Quay Street',
  emergencyContact: 'Kin Person',
  emergencyPhone: '07700900999',
});

async function staffMember(name: string, locationId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/staff',
    headers: admin(),
    payload: staffPayload(name, locationId, `member${++sequence}.${Date.now()}@site.test`),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as StaffDto;
}

const record = (change: Record<string, unknown> = {}) => ({
  staffId: asha.id,
  locationId: actors.location.id,
  date: '2026-02-02',
  checkIn: '08:00',
  checkOut: '16:30',
  status: 'PRESENT',
  notes: 'Tower crane base',
  ...change,
});

async function mark(payload: object, headers = clerk.headers) {
  const response = await call('POST', '', headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as AttendanceDto;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { name: 'East Field', type: 'FIELD' });
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
  asha = await staffMember('Asha Rigger', actors.location.id);
  ben = await staffMember('Ben Fixer', actors.location.id);
  southern = await staffMember('Sol Southern', other.id);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/attendance', () => {
  it('marks attendance with times as HH:MM, the names, and an activity entry', async () => {
    const data = await mark(record({ date: '2026-01-05', checkIn: '07:45:00' }));
    expect(data).toMatchObject({
      staffId: asha.id,
      staffName: 'Asha Rigger',
      locationId: actors.location.id,
      location: actors.location.name,
      date: '2026-01-05',
      checkIn: '07:45',
      checkOut: '16:30',
      status: 'PRESENT',
      notes: 'Tower crane base',
    });
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.action, 'MARK_ATTENDANCE'), eq(activityLogs.entityId, String(data.id))),
      );
    expect(entries).toHaveLength(1);
  });

  it('answers "Attendance for {name} has been recorded."', async () => {
    const response = await call('POST', '', clerk.headers, record({ date: '2026-01-06' }));
    expect(response.json().message).toBe('Attendance for Asha Rigger has been recorded.');
  });

  it('defaults the status to PRESENT and takes no times', async () => {
    const data = await mark({
      staffId: ben.id,
      locationId: actors.location.id,
      date: '2026-01-07',
    });
    expect(data).toMatchObject({ status: 'PRESENT', checkIn: null, checkOut: null, notes: null });
  });

  it('answers every validation message of the attendance form', async () => {
    const response = await call('POST', '', clerk.headers, {
      staffId: '',
      locationId: null,
      date: '',
      status: 'ASLEEP',
    });
    expect(response.statusCode).toBe(400);
    const errors = Object.fromEntries(
      (response.json().errors as { path: string; message: string }[]).map((e) => [
        e.path,
        e.message,
      ]),
    );
    expect(errors).toEqual({
      staffId: 'Staff member is required',
      locationId: 'Location is required',
      date: 'Date is required',
      status: M.statusInvalid,
    });
  });

  it('refuses a check-out before the check-in, and a time that is not HH:MM', async () => {
    const backwards = await call(
      'POST',
      '',
      clerk.headers,
      record({ checkIn: '12:00', checkOut: '09:00' }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { path: 'checkOut', message: 'Check out must be after check in' },
    ]);
    const bad = await call('POST', '', clerk.headers, record({ checkIn: '25:00' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'checkIn', message: M.timeInvalid }]);
  });

  it('is 401, 403 without Manage Attendance or at another location, 404 for another location’s staff', async () => {
    expect((await call('POST', '', undefined, record())).statusCode).toBe(401);
    expect((await call('POST', '', actors.manager.headers, record())).statusCode).toBe(403);
    expect(
      (await call('POST', '', clerk.headers, record({ locationId: other.id, date: '2026-01-09' })))
        .statusCode,
    ).toBe(403);
    const theirs = await call(
      'POST',
      '',
      clerk.headers,
      record({ staffId: southern.id, date: '2026-01-09' }),
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(M.staffNotFound);
  });
});

describe('overlapping attendance', () => {
  const day = '2026-03-10';
  let morning: AttendanceDto;
  beforeAll(async () => {
    morning = await mark(record({ date: day, checkIn: '09:00', checkOut: '12:00' }), admin());
  });

  const tryMark = (checkIn: string | null, checkOut: string | null) =>
    call('POST', '', admin(), record({ date: day, checkIn, checkOut }));

  it.each([
    ['a check-in inside the existing interval', '10:00', '13:00'],
    ['a check-out inside the existing interval', '08:00', '11:00'],
    ['an interval inside the existing one', '10:00', '11:00'],
    ['an interval containing the existing one (the spec misses it)', '08:00', '13:00'],
    ['the same interval', '09:00', '12:00'],
    ['a check-in alone inside it', '09:30', null],
    ['a check-out alone inside it', null, '11:30'],
  ])(
    'refuses %s with 409, naming where and when the other record is',
    async (_, checkIn, checkOut) => {
      const response = await tryMark(checkIn, checkOut);
      expect(response.statusCode).toBe(409);
      // The other record is at the same site: the message says so, not "a different location".
      expect(response.json()).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message: `Staff member has overlapping attendance at ${actors.location.name} on 10/03/2026 (09:00 to 12:00).`,
      });
    },
  );

  it("names the other record's location when it is another site, and its one time", async () => {
    const rover = await staffMember('Ro Rover', actors.location.id);
    const date = '2026-03-12';
    await mark(record({ staffId: rover.id, date, checkIn: '10:00', checkOut: null }), admin());
    const relocated = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/${rover.id}`,
      headers: admin(),
      payload: staffPayload(rover.name, other.id, rover.email),
    });
    expect(relocated.statusCode, relocated.body).toBe(200);
    const there = record({
      staffId: rover.id,
      locationId: other.id,
      date,
      checkIn: '08:00',
      checkOut: '12:00',
    });
    const clash = await call('POST', '', admin(), there);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      M.overlapWith({ location: actors.location.name, date, checkIn: '10:00', checkOut: null }),
    );
    expect(clash.json().message).toBe(
      `Staff member has overlapping attendance at ${actors.location.name} on 12/03/2026 (in at 10:00).`,
    );
    // Nothing was written at the other site.
    const rows = await t.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.staffId, rover.id), eq(attendance.date, date)));
    expect(rows.map((row) => row.locationId)).toEqual([actors.location.id]);
  });

  it('takes an interval that begins as the other ends, another day, and another staff member', async () => {
    expect((await tryMark('12:00', '17:00')).statusCode).toBe(201);
    expect((await tryMark('06:00', '09:00')).statusCode).toBe(201);
    expect(
      (await call('POST', '', admin(), record({ date: '2026-03-11', checkIn: '10:00' })))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '', admin(), record({ staffId: ben.id, date: day, checkIn: '10:00' })))
        .statusCode,
    ).toBe(201);
  });

  it('lets an update keep its own interval, and refuses one that reaches another record', async () => {
    const own = await call('PUT', `/${morning.id}`, admin(), {
      date: day,
      locationId: actors.location.id,
      checkIn: '09:15',
      checkOut: '11:45',
      status: 'LATE',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ checkIn: '09:15', checkOut: '11:45', status: 'LATE' });
    const clash = await call('PUT', `/${morning.id}`, admin(), {
      date: day,
      locationId: actors.location.id,
      checkIn: '09:15',
      checkOut: '12:30',
    });
    expect(clash.statusCode).toBe(409);
    // The other record is the afternoon one taken above, not the record being changed.
    expect(clash.json().message).toBe(
      `Staff member has overlapping attendance at ${actors.location.name} on 10/03/2026 (12:00 to 17:00).`,
    );
  });

  it('stores exactly one of 20 overlapping records sent at once', async () => {
    const date = '2026-03-20';
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call(
          'POST',
          '',
          clerk.headers,
          record({ date, checkIn: `08:${String(n).padStart(2, '0')}`, checkOut: '15:00' }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.staffId, asha.id), eq(attendance.date, date)));
    expect(rows).toHaveLength(1);
  });
});

describe("the staff member's own location (PRODUCT-DECISIONS.md)", () => {
  const month = '2026-09';
  const recordsOn = (staffId: number, date: string) =>
    t.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.staffId, staffId), eq(attendance.date, date)));
  const refused = (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: M.notStaffLocation,
      errors: [{ path: 'locationId', message: M.notStaffLocation }],
    });
  };

  it("refuses an admin marking another location's staff member here, or ours there: 400, nothing written", async () => {
    const activityBefore = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'MARK_ATTENDANCE'));
    refused(
      await call(
        'POST',
        '',
        admin(),
        record({ staffId: southern.id, locationId: actors.location.id, date: `${month}-01` }),
      ),
    );
    refused(await call('POST', '', admin(), record({ locationId: other.id, date: `${month}-01` })));
    expect(await recordsOn(southern.id, `${month}-01`)).toEqual([]);
    expect(await recordsOn(asha.id, `${month}-01`)).toEqual([]);
    const activityAfter = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'MARK_ATTENDANCE'));
    expect(activityAfter).toHaveLength(activityBefore.length);
    // At their own location, the same admin's records are taken.
    await mark(
      record({ staffId: southern.id, locationId: other.id, date: `${month}-01` }),
      admin(),
    );
    await mark(record({ date: `${month}-01` }), admin());
  });

  it('refuses an update that moves a record to a location not the staff member’s, the record unchanged', async () => {
    const mine = await mark(record({ date: `${month}-02` }));
    const moved = await call('PUT', `/${mine.id}`, admin(), {
      date: `${month}-02`,
      locationId: other.id,
      status: 'LATE',
    });
    refused(moved);
    const [row] = await recordsOn(asha.id, `${month}-02`);
    expect(row).toMatchObject({ locationId: actors.location.id, status: 'PRESENT' });
  });

  it('keeps a moved staff member’s records where they were, and moves one only to their new location', async () => {
    const mover = await staffMember('Mo Mover', actors.location.id);
    const before = await mark(record({ staffId: mover.id, date: `${month}-03` }));
    const relocated = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/${mover.id}`,
      headers: admin(),
      payload: staffPayload(mover.name, other.id, mover.email),
    });
    expect(relocated.statusCode, relocated.body).toBe(200);
    const edit = (locationId: number, status: string) =>
      call('PUT', `/${before.id}`, admin(), { date: `${month}-03`, locationId, status });
    // The old location's record stays there and can be corrected.
    const kept = await edit(actors.location.id, 'LATE');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ locationId: actors.location.id, status: 'LATE' });
    // Marked anew: at the new location only.
    refused(await call('POST', '', admin(), record({ staffId: mover.id, date: `${month}-04` })));
    // Moved: to the new location; and then not back.
    const there = await edit(other.id, 'LATE');
    expect(there.statusCode, there.body).toBe(200);
    expect(there.json().data).toMatchObject({ locationId: other.id });
    refused(await edit(actors.location.id, 'LATE'));
  });

  it("never shows another location's staff in this location's list and export", async () => {
    const listed = await call('GET', `?month=${month}&limit=100`, actors.manager.headers);
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().data as AttendanceDto[];
    expect(rows.map((a) => a.staffName)).toContain('Asha Rigger');
    expect(rows.every((a) => a.locationId === actors.location.id)).toBe(true);
    const staffIds = new Set(rows.map((a) => a.staffId));
    expect(staffIds.has(southern.id)).toBe(false);
    // Every staff member listed here is one the location may open.
    for (const staffId of staffIds) {
      const member = await t.app.inject({
        method: 'GET',
        url: `/api/staff/${staffId}`,
        headers: actors.manager.headers,
      });
      expect(member.statusCode, `staff ${staffId}`).toBe(200);
    }
    const exported = await call('GET', `/export?month=${month}`, actors.manager.headers);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const exportedNames: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) exportedNames.push(row.getCell(1).value);
    });
    expect(exportedNames).toContain('Asha Rigger');
    expect(exportedNames).not.toContain('Sol Southern');
    expect(exportedNames).toHaveLength(rows.length);
  });
});

describe('PUT /api/attendance/{id}', () => {
  it('changes a record and records the change', async () => {
    const created = await mark(record({ date: '2026-04-01' }));
    const response = await call('PUT', `/${created.id}`, clerk.headers, {
      date: '2026-04-02',
      locationId: actors.location.id,
      checkIn: '',
      checkOut: '',
      status: 'ABSENT',
      notes: 'Sick',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: created.id,
      staffId: asha.id,
      date: '2026-04-02',
      checkIn: null,
      checkOut: null,
      status: 'ABSENT',
      notes: 'Sick',
    });
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'UPDATE_ATTENDANCE'),
          eq(activityLogs.entityId, String(created.id)),
        ),
      );
    expect(entries).toHaveLength(1);
  });

  it('answers the validation messages, 401, 403, 404', async () => {
    const created = await mark(record({ date: '2026-04-03' }));
    const bad = await call('PUT', `/${created.id}`, clerk.headers, { date: '', locationId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'date', message: 'Date is required' },
      { path: 'locationId', message: 'Location is required' },
    ]);
    const body = { date: '2026-04-03', locationId: actors.location.id };
    expect((await call('PUT', `/${created.id}`, undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', `/${created.id}`, actors.manager.headers, body)).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/${created.id}`, clerk.headers, { ...body, locationId: other.id }))
        .statusCode,
    ).toBe(403);
    expect((await call('PUT', '/999999', clerk.headers, body)).statusCode).toBe(404);
    const theirs = await mark(
      record({ staffId: southern.id, locationId: other.id, date: '2026-04-03' }),
      admin(),
    );
    expect((await call('PUT', `/${theirs.id}`, clerk.headers, body)).statusCode).toBe(404);
  });
});

describe('GET /api/attendance', () => {
  const may = '2026-05';
  beforeAll(async () => {
    const days = ['04', '05', '06', '07', '08', '11', '12'];
    for (const [n, d] of days.entries()) {
      await mark(record({ date: `${may}-${d}`, status: n === 2 ? 'LATE' : 'PRESENT' }));
      await mark(
        record({ staffId: ben.id, date: `${may}-${d}`, status: n === 0 ? 'HALF_DAY' : 'PRESENT' }),
      );
    }
    await mark(record({ staffId: southern.id, locationId: other.id, date: `${may}-04` }), admin());
  });

  const list = async (query: string, headers = actors.manager.headers) => {
    const response = await call('GET', query, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: AttendanceDto[];
      pagination: { total: number; totalPages: number; page: number; limit: number };
    };
  };

  it('pages a month of the location, newest day first, with its total', async () => {
    const first = await list(`?month=${may}&page=1&limit=10`);
    expect(first.pagination).toMatchObject({ total: 14, totalPages: 2, page: 1, limit: 10 });
    expect(first.data).toHaveLength(10);
    const dates = first.data.map((a) => a.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await list(`?month=${may}&page=2&limit=10`);
    expect(second.data).toHaveLength(4);
    const past = await list(`?month=${may}&page=9&limit=10`);
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(14);
  });

  it('filters by status, staff member and staff name, each total counted right', async () => {
    expect((await list(`?month=${may}&status=LATE`)).pagination.total).toBe(1);
    expect((await list(`?month=${may}&status=HALF_DAY`)).data.map((a) => a.staffName)).toEqual([
      'Ben Fixer',
    ]);
    const bens = await list(`?month=${may}&staffId=${ben.id}`);
    expect(bens.pagination.total).toBe(7);
    expect(bens.data.every((a) => a.staffId === ben.id)).toBe(true);
    const search = await list(`?month=${may}&search=asha`);
    expect(search.pagination.total).toBe(7);
    expect(search.data.every((a) => a.staffName === 'Asha Rigger')).toBe(true);
    expect((await list(`?month=${may}&status=ALL`)).pagination.total).toBe(14);
  });

  it('counts every record of every month when no month is given', async () => {
    const rows = await t.db
      .select()
      .from(attendance)
      .where(eq(attendance.locationId, actors.location.id));
    expect((await list('')).pagination.total).toBe(rows.length);
  });

  it('keeps a field manager to their location (another is 404); an admin sees all', async () => {
    expect((await call('GET', `?locationId=${other.id}`, actors.manager.headers)).statusCode).toBe(
      404,
    );
    expect((await list(`?month=${may}`, admin())).pagination.total).toBe(15);
    expect((await list(`?month=${may}&locationId=${other.id}`, admin())).pagination.total).toBe(1);
    expect((await list(`?month=${may}&locationId=0`, admin())).pagination.total).toBe(15);
  });

  it('is 401, 403 without View Attendance, 400 for a month not yyyy-MM', async () => {
    expect((await call('GET', '')).statusCode).toBe(401);
    expect((await call('GET', '', blind.headers)).statusCode).toBe(403);
    expect((await call('GET', '?month=2026-13', actors.manager.headers)).statusCode).toBe(400);
  });
});

describe('GET /api/attendance/staff/{staffId} and its overview', () => {
  it('lists a staff member’s records, or one day’s', async () => {
    const all = await call('GET', `/staff/${ben.id}`, actors.manager.headers);
    expect(all.statusCode).toBe(200);
    const records = all.json().data as AttendanceDto[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((a) => a.staffId === ben.id)).toBe(true);
    const oneDay = (
      await call('GET', `/staff/${ben.id}?date=2026-05-04`, actors.manager.headers)
    ).json().data as AttendanceDto[];
    expect(oneDay.map((a) => [a.date, a.status])).toEqual([['2026-05-04', 'HALF_DAY']]);
  });

  it('counts a staff member’s records by status', async () => {
    const rows = await t.db.select().from(attendance).where(eq(attendance.staffId, ben.id));
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    const response = await call('GET', `/staff/${ben.id}/overview`, actors.manager.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      PRESENT: count('PRESENT'),
      ABSENT: count('ABSENT'),
      LATE: count('LATE'),
      HALF_DAY: count('HALF_DAY'),
    });
    const fresh = await staffMember('New Starter', actors.location.id);
    expect(
      (await call('GET', `/staff/${fresh.id}/overview`, actors.manager.headers)).json().data,
    ).toEqual({ PRESENT: 0, ABSENT: 0, LATE: 0, HALF_DAY: 0 });
  });

  it('is 401, 403 without View Attendance, 404 for another location’s or an unknown staff member', async () => {
    for (const path of [`/staff/${ben.id}`, `/staff/${ben.id}/overview`]) {
      expect((await call('GET', path)).statusCode).toBe(401);
      expect((await call('GET', path, blind.headers)).statusCode).toBe(403);
    }
    for (const path of [
      `/staff/${southern.id}`,
      `/staff/${southern.id}/overview`,
      '/staff/999999',
    ]) {
      expect((await call('GET', path, actors.manager.headers)).statusCode).toBe(404);
    }
    expect((await call('GET', `/staff/${southern.id}/overview`, admin())).statusCode).toBe(200);
  });

  it('keeps a deleted staff member’s records in the attendance list', async () => {
    const leaver = await staffMember('Lee Leaver', actors.location.id);
    await mark(record({ staffId: leaver.id, date: '2026-06-01' }));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/${leaver.id}`,
      headers: admin(),
    });
    expect(removed.statusCode).toBe(200);
    const listed = (
      await call('GET', `?month=2026-06&search=Leaver`, actors.manager.headers)
    ).json().data as AttendanceDto[];
    expect(listed.map((a) => a.staffName)).toEqual(['Lee Leaver']);
    expect((await call('GET', `/staff/${leaver.id}/overview`, admin())).statusCode).toBe(404);
  });
});

describe('GET /api/attendance/export', () => {
  async function sheetOf(query: string, headers = actors.manager.headers) {
    const response = await call('GET', `/export${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('attendance-list.xlsx');
    return openSheet(response.rawPayload);
  }

  it('writes every record the filters select, every page, as the list has them', async () => {
    const sheet = await sheetOf('?month=2026-05');
    const list = (await call('GET', '?month=2026-05&limit=100', actors.manager.headers)).json()
      .data as AttendanceDto[];
    expect(list.length).toBeGreaterThan(10);
    expect(sheet.rowCount).toBe(list.length + 1);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Staff',
      'Location',
      'Date',
      'Check In',
      'Check Out',
      'Status',
      'Notes',
    ]);
    list.forEach((a, index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toBe(a.staffName);
      expect(row.getCell(2).value).toBe(a.location);
      expect(dayOf(row.getCell(3), 'dd/mm/yyyy')).toBe(a.date);
      expect(timeOf(row.getCell(4))).toBe(a.checkIn);
      expect(timeOf(row.getCell(5))).toBe(a.checkOut);
      expect(row.getCell(6).value).toBe(a.status);
      expect(row.getCell(7).value ?? null).toBe(a.notes);
    });
  });

  it('streams a large export, chunk after chunk, every record once', async () => {
    const veteran = await staffMember('Vera Veteran', actors.location.id);
    // 2,500 days, one record each: more than one chunk of the read and than the rows read ahead.
    await t.db.$client.query(
      `insert into attendance (staff_id, location_id, date, status)
       select $1, $2, date '2010-01-01' + n, 'PRESENT' from generate_series(0, 2499) n`,
      [veteran.id, actors.location.id],
    );
    const sheet = await sheetOf(`?staffId=${veteran.id}`);
    expect(sheet.rowCount).toBe(2501);
    const dates = new Set<string>();
    sheet.eachRow((row, number) => {
      if (number > 1) dates.add((row.getCell(3).value as Date).toISOString().slice(0, 10));
    });
    expect(dates.size).toBe(2500);
    expect((sheet.getRow(2).getCell(3).value as Date).toISOString().slice(0, 10)).toBe(
      '2016-11-04',
    );
    // Streamed, it is still sized from its first rows and set up for printing.
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Vera Veteran'.length);
    expectPrintSetup(sheet, 1, 'portrait');
  });

  it('reads as a spreadsheet program shows it: days, times of day, text whole, A4 one page wide', async () => {
    const long =
      'Scaffold inspection with the site engineer, then handover of the east tower to the client before lunch.';
    await mark(record({ date: '2026-10-05', checkIn: '07:45', checkOut: '16:15', notes: long }));
    await mark(
      record({
        staffId: ben.id,
        date: '2026-10-06',
        checkIn: '13:05',
        checkOut: '23:59',
        notes: 'Two\nlines',
      }),
    );
    await mark(
      record({ date: '2026-10-07', checkIn: undefined, checkOut: undefined, status: 'ABSENT' }),
    );
    const sheet = await sheetOf('?month=2026-10');
    // Newest first, as the list.
    const [absent, late, early] = [2, 3, 4].map((n) => sheet.getRow(n)) as ExcelJS.Row[];
    expect([early, late, absent].map((row) => row!.getCell(1).value)).toEqual([
      'Asha Rigger',
      'Ben Fixer',
      'Asha Rigger',
    ]);
    expect([early, late, absent].map((row) => dayOf(row!.getCell(3), 'dd/mm/yyyy'))).toEqual([
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
    ]);
    // Check-in and check-out are time values (a fraction of a day, hh:mm), not text; none is empty.
    expect(
      [early, late, absent].map((row) => [timeOf(row!.getCell(4)), timeOf(row!.getCell(5))]),
    ).toEqual([
      ['07:45', '16:15'],
      ['13:05', '23:59'],
      [null, null],
    ]);
    expect(early!.getCell(4).value).toEqual(new Date(Date.UTC(1899, 11, 30, 7, 45)));

    // The long note and the two-line one wrap in rows tall enough; nothing else is cut.
    expect(early!.getCell(7).value).toBe(long);
    expect(early!.getCell(7).alignment?.wrapText).toBe(true);
    expect(late!.getCell(7).alignment?.wrapText).toBe(true);
    expect(late!.height).toBeGreaterThanOrEqual(2 * 15);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Asha Rigger'.length);
    expect(expectTextShownWhole(sheet)).toBe(7 + 3 * 4);

    // The notes' width makes it landscape.
    expectPrintSetup(sheet, 1, 'landscape');
  });

  it('writes notes that begin with = + - @ as text', async () => {
    await mark(record({ date: '2026-07-01', notes: '=cmd|"/c calc"!A1' }));
    const sheet = await sheetOf('?month=2026-07');
    expect(sheet.getRow(2).getCell(7).value).toBe('=cmd|"/c calc"!A1');
    expect(sheet.getRow(2).getCell(7).type).toBe(ExcelJS.ValueType.String);
  });

  it('writes the same records as CSV: days dd/mm/yyyy, times HH:mm, formulas as text', async () => {
    await mark(record({ date: '2026-08-03', checkIn: '06:30', checkOut: '14:05', notes: '@risk' }));
    await mark(
      record({
        staffId: ben.id,
        date: '2026-08-04',
        checkIn: undefined,
        checkOut: undefined,
        status: 'ABSENT',
        notes: undefined,
      }),
    );
    const response = await call('GET', '/export?month=2026-08&format=CSV', actors.manager.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="attendance-list.csv"');
    expect(readCsv(response.rawPayload)).toEqual([
      ['Staff', 'Location', 'Date', 'Check In', 'Check Out', 'Status', 'Notes'],
      ['Ben Fixer', actors.location.name, '04/08/2026', '', '', 'ABSENT', ''],
      ['Asha Rigger', actors.location.name, '03/08/2026', '06:30', '14:05', 'PRESENT', "'@risk"],
    ]);
  });

  it('refuses an export of more than 100,000 rows with 400, before the file starts', async () => {
    const many = await staffMember('Max Many', actors.location.id);
    await t.db.$client.query(
      `insert into attendance (staff_id, location_id, date, status)
       select $1, $2, date '1800-01-01' + n, 'PRESENT' from generate_series(0, 100000) n`,
      [many.id, actors.location.id],
    );
    const response = await call('GET', `/export?staffId=${many.id}`, clerk.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(EXPORT_MESSAGES.tooManyRows(100_001));
    expect(response.json().message).toContain('100,001 rows, more than 100,000');
    await t.db.$client.query('delete from attendance where staff_id = $1', [many.id]);
  });

  it('is 401, 403 without View Attendance, 404 for another location', async () => {
    expect((await call('GET', '/export')).statusCode).toBe(401);
    expect((await call('GET', '/export', blind.headers)).statusCode).toBe(403);
    expect(
      (await call('GET', `/export?locationId=${other.id}`, actors.manager.headers)).statusCode,
    ).toBe(404);
  });
});
