import { DASHBOARD_MESSAGES, localToday } from '@stockyard/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/eventually';
import { createLocation, createUser, loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  attendance,
  invoices,
  materialRentalItems,
  materialRentalReturns,
  materialRentals,
  materials,
  rentalRequests,
  staff,
  stockLevels,
} from '../../db/schema';

/**
 * A small known history, on the server's calendar: "now" is Wednesday 12 June 2030, noon. This
 * week is Monday 10 to Sunday 16 June; last month ended when 1 June began. Every expected value
 * below is counted by hand from the history written in `beforeAll`.
 */
const NOW = new Date(2030, 5, 12, 12, 0, 0);
/** Noon of a day of the server's calendar (month 1 to 12). */
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

let t: TestApp;
let yard: { id: number; name: string; address: string };
let site: { id: number; name: string; address: string };
let depot: { id: number; name: string; address: string };
let admin: Record<string, string>;
let manager: Record<string, string>;
let wedgeId: number;

type Period = 'today' | 'week' | 'month' | 'year';
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });
async function data(url: string, headers: Record<string, string>) {
  const response = await get(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function create(locationId: number, name: string, quantity: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: admin,
    payload: { name, locationId, quantity, unit: 'EACH' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function write(method: 'PATCH' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/api${url}`, headers: admin, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

/** A rental as it stands after its history (the rentals module's tests cover how): its line and
 * its returns, which every figure is read from. */
async function rental(values: {
  to: number;
  made: Date;
  quantity: number;
  status: 'ACTIVE' | 'RETURNED';
  changed?: Date;
  /** When, and how many came back good, damaged and lost. */
  returns?: Array<[Date, number, number?, number?]>;
}) {
  const [row] = await t.db
    .insert(materialRentals)
    .values({
      fromLocationId: yard.id === values.to ? depot.id : yard.id,
      toLocationId: values.to,
      rentalDate: values.made.toISOString().slice(0, 10),
      expectedReturnDate: '2030-12-31',
      status: values.status,
      createdAt: values.made,
      updatedAt: values.changed ?? values.made,
    })
    .returning();
  const [tube] = await t.db.select().from(materials).limit(1);
  const [item] = await t.db
    .insert(materialRentalItems)
    .values({
      rentalId: row!.id,
      materialId: tube!.id,
      materialName: 'Tube',
      unit: 'EACH',
      quantity: values.quantity,
    })
    .returning();
  for (const [when, quantity, damagedQuantity = 0, lostQuantity = 0] of values.returns ?? []) {
    await t.db.insert(materialRentalReturns).values({
      rentalId: row!.id,
      rentalItemId: item!.id,
      returnedQuantity: quantity,
      damagedQuantity,
      lostQuantity,
      // The day it happened on the server's calendar, entered at that instant.
      returnDate: localToday(when),
      recordedAt: when,
    });
  }
  // Written here without the rentals' repository: their summary recounted as it would.
  await t.db.execute(sql`select material_rental_totals_recount(array[${values.to}]::integer[])`);
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  yard = await createLocation(t.db, { name: 'North Yard', address: '1 Quarry Road' });
  site = await createLocation(t.db, {
    name: 'Harbour Site',
    address: '2 Pier Street',
    type: 'FIELD',
  });
  depot = await createLocation(t.db, { name: 'East Depot', address: '3 Mill Lane' });
  const adminUser = await createUser(t.db, { role: 'ADMIN' });
  const managerUser = await createUser(t.db, { role: 'USER', locationId: site.id });
  await createUser(t.db, { role: 'USER', locationId: yard.id, deletedAt: at(2030, 2, 1) });
  admin = (await loginAs(t.app, adminUser.email)).headers;
  manager = (await loginAs(t.app, managerUser.email)).headers;

  // Stock at the end of May: 100 Tube at the yard, 50 Clamp at the site (their level rows of the
  // month they were made are moved back to May, as if made then).
  const tube = await create(yard.id, 'Tube', 100);
  const clamp = await create(site.id, 'Clamp', 50);
  await t.db.execute(sql`update ${stockLevels} set month = '2030-05-01'`);
  // June, through the API: the yard counts 130 Tube (+30); 20 Clamp move from the site to the yard;
  // a Plank made and removed at the site; a Ladder made at the depot (10), then moved to the yard
  // as 12; a Wedge made at the depot (4).
  await write('PATCH', `/materials/${tube}/stock`, { quantity: 130 });
  await write('POST', `/materials/${clamp}/transfer`, {
    fromLocation: site.id,
    toLocation: yard.id,
    quantity: 20,
  });
  const plank = await create(site.id, 'Plank', 8);
  await write('DELETE', `/materials/remove/${plank}`);
  const ladder = await create(depot.id, 'Ladder', 10);
  await write('PUT', `/materials/update/${ladder}`, {
    name: 'Ladder',
    locationId: yard.id,
    quantity: 12,
    unit: 'EACH',
  });
  wedgeId = await create(depot.id, 'Wedge', 4);
  // Now: yard 130 + 20 + 12 = 162, site 50 - 20 = 30, depot 4; 196 in all against 150 in May.

  // Rentals (out = rented - returned):
  // R1 to the site, made 10 May, 10 out; 3 back on 20 May, 2 back on 3 June: 5 out now, 7 in May.
  await rental({
    to: site.id,
    made: at(2030, 5, 10),
    quantity: 10,
    status: 'ACTIVE',
    changed: at(2030, 6, 3),
    returns: [
      [at(2030, 5, 20), 3],
      [at(2030, 6, 3), 2],
    ],
  });
  // R2 to the site, made Tuesday 11 June, 4 out.
  await rental({ to: site.id, made: at(2030, 6, 11), quantity: 4, status: 'ACTIVE' });
  // R3 to the depot, made 1 April, 6 out until all 6 came back today: 6 out in May.
  await rental({
    to: depot.id,
    made: at(2030, 4, 1),
    quantity: 6,
    status: 'RETURNED',
    changed: at(2030, 6, 12, 9),
    returns: [[at(2030, 6, 12, 9), 6]],
  });
  // R4 to the depot, made 15 May, 5 out, 1 back on 16 May, the 4 left lost on 5 June.
  await rental({
    to: depot.id,
    made: at(2030, 5, 15),
    quantity: 5,
    status: 'RETURNED',
    changed: at(2030, 6, 5),
    returns: [
      [at(2030, 5, 16), 1],
      [at(2030, 6, 5), 0, 0, 4],
    ],
  });
  // R5 to the depot, made 1 December 2029, all 3 back on 15 January.
  await rental({
    to: depot.id,
    made: at(2029, 12, 1),
    quantity: 3,
    status: 'RETURNED',
    changed: at(2030, 1, 15),
    returns: [[at(2030, 1, 15), 3]],
  });

  // Invoices by issue date.
  const issued: Array<[number, string]> = [
    [site.id, '2030-06-12'],
    [yard.id, '2030-06-10'],
    [site.id, '2030-06-02'],
    [yard.id, '2030-02-01'],
    [site.id, '2029-12-31'],
    [site.id, '2030-06-16'],
  ];
  await t.db.insert(invoices).values(
    issued.map(([locationId, issueDate], i) => ({
      invoiceId: `INV-90000${i}`,
      locationId,
      clientName: 'Harbour Works',
      clientAddress: '9 Dock Road',
      issueDate,
      dueDate: '2030-12-31',
    })),
  );

  // Rental requests: two made in June (one just after it began), one just before, one in July.
  const requester = managerUser.id;
  await t.db.insert(rentalRequests).values(
    [at(2030, 6, 1, 0, 30), at(2030, 6, 12, 8), at(2030, 5, 31, 23, 30), at(2030, 7, 1, 0, 0)].map(
      (createdAt) => ({
        locationId: site.id,
        requestedById: requester,
        requestedDate: '2030-06-01',
        createdAt,
      }),
    ),
  );

  // Staff: at the site S1 active, S2 on leave, S3 removed; at the yard S4 on leave, S5 active.
  const person = (n: number, locationId: number, status: 'ACTIVE' | 'ON_LEAVE') => ({
    name: `Staff ${n}`,
    email: `staff${n}@example.com`,
    phone: '0123456789',
    position: 'Rigger',
    locationId,
    department: 'Site',
    hireDate: '2029-01-01',
    status,
    address: '4 Crane Street',
    emergencyContact: 'Kin',
    emergencyPhone: '0123456789',
  });
  const [s1, s2, s3, , s5] = await t.db
    .insert(staff)
    .values([
      person(1, site.id, 'ACTIVE'),
      person(2, site.id, 'ON_LEAVE'),
      { ...person(3, site.id, 'ACTIVE'), deletedAt: at(2030, 4, 1) },
      person(4, yard.id, 'ON_LEAVE'),
      person(5, yard.id, 'ACTIVE'),
    ])
    .returning();
  type Mark = 'PRESENT' | 'LATE' | 'ABSENT' | 'HALF_DAY';
  const marks: Array<[number, number, string, Mark]> = [
    [s1!.id, site.id, '2030-06-12', 'PRESENT'],
    [s1!.id, site.id, '2030-06-11', 'LATE'],
    [s1!.id, site.id, '2030-06-03', 'PRESENT'],
    [s1!.id, site.id, '2030-05-30', 'PRESENT'],
    [s1!.id, site.id, '2030-01-05', 'ABSENT'],
    // s2, on leave now, was only late this month: present this month and year.
    [s2!.id, site.id, '2030-06-04', 'LATE'],
    // s3 was there this week and in March, but is removed: on no list, present nowhere.
    [s3!.id, site.id, '2030-06-12', 'ABSENT'],
    [s3!.id, site.id, '2030-06-10', 'PRESENT'],
    [s3!.id, site.id, '2030-03-03', 'PRESENT'],
    [s5!.id, yard.id, '2030-06-12', 'PRESENT'],
    [s5!.id, yard.id, '2030-06-10', 'HALF_DAY'],
  ];
  await t.db
    .insert(attendance)
    .values(
      marks.map(([staffId, locationId, date, status]) => ({ staffId, locationId, date, status })),
    );
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

/** The chart's points that are not zero. */
const moving = (series: Array<{ date: string; rentedOut: number; returned: number }>) =>
  series.filter((point) => point.rentedOut !== 0 || point.returned !== 0);

describe('GET /api/users/dashboard-stats', () => {
  it("gives an admin every location's stock, its change since May, and the rentals'", async () => {
    const stats = await data('/users/dashboard-stats?filter=today', admin);
    expect(stats).toMatchObject({
      totalMaterialCount: 196,
      // (196 - 150) / 150
      percentageChangeFromLastMonth: 30.7,
      // R1 5 + R2 4 out now; R1 7 + R3 6 + R4 4 out when May ended: (9 - 17) / 17
      activeRentals: 9,
      activeRentalsPercentageChange: -47.1,
    });
    expect(stats.topLocations).toEqual([
      { location: { ...pick(yard) }, inventoryLevel: 82.7, inventoryCount: 162 },
      { location: { ...pick(site) }, inventoryLevel: 15.3, inventoryCount: 30 },
      { location: { ...pick(depot) }, inventoryLevel: 2, inventoryCount: 4 },
    ]);
  });

  it('counts units back good, damaged or lost as no longer out on rental (decision 043)', async () => {
    const out = async () =>
      (await data('/users/dashboard-stats?filter=today', admin)).activeRentals as number;
    const before = await out();
    const id = await rental({
      to: depot.id,
      made: at(2030, 6, 12),
      quantity: 10,
      status: 'ACTIVE',
      returns: [[at(2030, 6, 12, 9), 2, 3, 1]],
    });
    try {
      expect((await out()) - before).toBe(4);
    } finally {
      await t.db.delete(materialRentalReturns).where(eq(materialRentalReturns.rentalId, id));
      await t.db.delete(materialRentalItems).where(eq(materialRentalItems.rentalId, id));
      await t.db.delete(materialRentals).where(eq(materialRentals.id, id));
      await t.db.execute(sql`select material_rental_totals_recount(array[${depot.id}]::integer[])`);
    }
    expect(await out()).toBe(before);
  });

  it("gives a field manager their location's figures only", async () => {
    const stats = await data('/users/dashboard-stats?filter=today', manager);
    expect(stats).toMatchObject({
      totalMaterialCount: 30,
      // (30 - 50) / 50
      percentageChangeFromLastMonth: -40,
      // R1 5 + R2 4 now; R1 7 in May: (9 - 7) / 7
      activeRentals: 9,
      activeRentalsPercentageChange: 28.6,
      topLocations: [{ location: pick(site), inventoryLevel: 100, inventoryCount: 30 }],
    });
  });

  it('keeps the standing figures whatever the period', async () => {
    for (const period of ['week', 'month', 'year'] as const) {
      const stats = await data(`/users/dashboard-stats?filter=${period}`, admin);
      expect(stats.totalMaterialCount).toBe(196);
      expect(stats.activeRentals).toBe(9);
      expect(stats.percentageChangeFromLastMonth).toBe(30.7);
    }
  });

  it.each<[Period, number, object[], object[]]>([
    ['today', 1, [{ date: '2030-06-12', rentedOut: 0, returned: 6 }], []],
    [
      'week',
      7,
      [
        { date: '2030-06-11', rentedOut: 4, returned: 0 },
        { date: '2030-06-12', rentedOut: 0, returned: 6 },
      ],
      [{ date: '2030-06-11', rentedOut: 4, returned: 0 }],
    ],
    [
      'month',
      30,
      [
        { date: '2030-06-03', rentedOut: 0, returned: 2 },
        { date: '2030-06-11', rentedOut: 4, returned: 0 },
        { date: '2030-06-12', rentedOut: 0, returned: 6 },
      ],
      [
        { date: '2030-06-03', rentedOut: 0, returned: 2 },
        { date: '2030-06-11', rentedOut: 4, returned: 0 },
      ],
    ],
    [
      'year',
      12,
      [
        { date: '2030-01-01', rentedOut: 0, returned: 3 },
        { date: '2030-04-01', rentedOut: 6, returned: 0 },
        { date: '2030-05-01', rentedOut: 15, returned: 4 },
        { date: '2030-06-01', rentedOut: 4, returned: 8 },
      ],
      [
        { date: '2030-05-01', rentedOut: 10, returned: 3 },
        { date: '2030-06-01', rentedOut: 4, returned: 2 },
      ],
    ],
  ])(
    'charts units rented out and returned %s, per step, for each role',
    async (period, steps, all, own) => {
      const forAdmin = await data(`/users/dashboard-stats?filter=${period}`, admin);
      expect(forAdmin.series).toHaveLength(steps);
      expect(moving(forAdmin.series)).toEqual(all);
      const forManager = await data(`/users/dashboard-stats?filter=${period}`, manager);
      expect(forManager.series).toHaveLength(steps);
      expect(moving(forManager.series)).toEqual(own);
    },
  );

  it('answers today when no filter is sent, 400 for another filter, 401 without a session', async () => {
    expect(
      (await data('/users/dashboard-stats', admin)).series.map((p: { date: string }) => p.date),
    ).toEqual(['2030-06-12']);
    const bad = await get('/users/dashboard-stats?filter=decade', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'filter', message: DASHBOARD_MESSAGES.filterInvalid },
    ]);
    expect((await get('/users/dashboard-stats?filter=today', {})).statusCode).toBe(401);
  });
});

describe('GET /api/users/admin-stats', () => {
  it.each<[Period, number]>([
    ['today', 1],
    ['week', 3],
    ['month', 4],
    ['year', 5],
  ])('counts the invoices issued %s (%i), and the standing totals', async (period, issued) => {
    const stats = await data(`/users/admin-stats?filter=${period}`, admin);
    expect(stats).toMatchObject({
      totalInvoices: issued,
      // The admin and the manager; the removed user is not counted.
      totalUsers: 2,
      // Tube, Clamp at the site, Clamp at the yard, Ladder, Wedge; the removed Plank is not.
      totalMaterials: 5,
      // 1 June 00:30 and 12 June; not 31 May 23:30 nor 1 July, whatever the period.
      totalRentalRequestsThisMonth: 2,
    });
    expect(stats.lowStock.map((m: { id: number; quantity: number }) => [m.id, m.quantity])).toEqual(
      [[wedgeId, 4]],
    );
  });

  it('is the admin’s: 403 for a field manager, 400 for a bad filter', async () => {
    expect((await get('/users/admin-stats?filter=today', manager)).statusCode).toBe(403);
    expect((await get('/users/admin-stats?filter=weekly', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/dashboard/user-stats', () => {
  it.each<[Period, number, number]>([
    // s1 in every period, s2 (late) this month; never s3, removed.
    ['today', 1, 1],
    ['week', 1, 2],
    ['month', 2, 3],
    ['year', 2, 3],
  ])(
    "gives a field manager their location's staff, the staff present in the period and invoices %s",
    async (period, present, issued) => {
      expect(await data(`/dashboard/user-stats?filter=${period}`, manager)).toEqual({
        totalStaff: 2,
        totalPresentStaff: present,
        onLeaveStaff: 1,
        totalInvoices: issued,
      });
    },
  );

  it.each<[Period, number, number]>([
    // s1 and s5, s2 (late) this month; never s3, removed.
    ['today', 2, 1],
    ['week', 2, 3],
    ['month', 3, 4],
    ['year', 3, 5],
  ])('covers every location for an admin %s', async (period, present, issued) => {
    expect(await data(`/dashboard/user-stats?filter=${period}`, admin)).toEqual({
      totalStaff: 4,
      totalPresentStaff: present,
      onLeaveStaff: 2,
      totalInvoices: issued,
    });
  });

  it('counts the staff on the list marked present or late, never more than the staff', async () => {
    // This week the removed s3 was marked PRESENT and s1 LATE then PRESENT: s1 alone is present.
    const week = await data('/dashboard/user-stats?filter=week', manager);
    expect(week).toMatchObject({ totalStaff: 2, totalPresentStaff: 1 });
    // This month s2 was only ever LATE: present as s1 is.
    const month = await data('/dashboard/user-stats?filter=month', manager);
    expect(month).toMatchObject({ totalStaff: 2, totalPresentStaff: 2 });
    for (const period of ['today', 'week', 'month', 'year'] as const) {
      for (const viewer of [manager, admin]) {
        const cards = await data(`/dashboard/user-stats?filter=${period}`, viewer);
        expect(cards.totalPresentStaff).toBeLessThanOrEqual(cards.totalStaff);
      }
    }
  });

  it('answers 400 for a bad filter', async () => {
    expect((await get('/dashboard/user-stats?filter=', manager)).statusCode).toBe(400);
  });
});

describe('GET /api/users/dashboard-counts', () => {
  it("answers the shared figures with the admin's cards in one call", async () => {
    const counts = await data('/users/dashboard-counts?filter=month', admin);
    expect(counts).toMatchObject({
      period: 'month',
      totalMaterialCount: 196,
      activeRentals: 9,
      admin: {
        totalInvoices: 4,
        totalUsers: 2,
        totalMaterials: 5,
        totalRentalRequestsThisMonth: 2,
      },
      user: null,
    });
    expect(counts.series).toHaveLength(30);
  });

  it("answers the field manager's cards with their location's figures", async () => {
    const counts = await data('/users/dashboard-counts?filter=week', manager);
    expect(counts).toMatchObject({
      period: 'week',
      totalMaterialCount: 30,
      admin: null,
      // s1, marked on two days of the week, is one present staff member.
      user: { totalStaff: 2, totalPresentStaff: 1, onLeaveStaff: 1, totalInvoices: 2 },
    });
    expect(counts.topLocations).toHaveLength(1);
  });

  it('answers 400 for a bad filter and 401 without a session', async () => {
    expect((await get('/users/dashboard-counts?filter=TODAY', admin)).statusCode).toBe(400);
    expect((await get('/users/dashboard-counts', {})).statusCode).toBe(401);
  });

  it('shows a change written outside the app (every call reads afresh, decision 024)', async () => {
    const nameOf = async () =>
      (await data('/users/dashboard-counts?filter=month', admin)).topLocations.find(
        (row: { location: { id: number } }) => row.location.id === depot.id,
      ).location.name as string;
    expect(await nameOf()).toBe(depot.name);
    // Another client than the app: only the database's notice can tell the process.
    const rename = async (name: string) => {
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        await client.query('update locations set name = $1 where id = $2', [name, depot.id]);
      } finally {
        await client.end();
      }
    };
    await rename('Depot Renamed Elsewhere');
    try {
      await eventually(async () => expect(await nameOf()).toBe('Depot Renamed Elsewhere'));
    } finally {
      await rename(depot.name);
    }
  });
});

describe('the stock levels', () => {
  it('take transfers of different materials both ways at once without a deadlock', async () => {
    const [east, west] = [await createLocation(t.db), await createLocation(t.db)];
    const prop = await create(east.id, 'Prop X', 100);
    const brace = await create(west.id, 'Brace Y', 100);
    const transfer = (id: number, from: number, to: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/materials/${id}/transfer`,
        headers: admin,
        payload: { fromLocation: from, toLocation: to, quantity: 1 },
      });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 ? transfer(prop, east.id, west.id) : transfer(brace, west.id, east.id),
      ),
    );
    expect(results.map((r) => r.statusCode).filter((code) => code !== 200)).toEqual([]);
  }, 60_000);

  it("stay equal to each location's live materials after every kind of change", async () => {
    const rows = await t.db.execute<{ location_id: number; level: string; live: string }>(sql`
      select l.id as location_id,
        coalesce((select units from stock_levels s where s.location_id = l.id order by month desc limit 1), 0) as level,
        coalesce((select sum(quantity) from materials m where m.location_id = l.id and m.deleted_at is null), 0) as live
      from locations l order by l.id`);
    for (const row of rows.rows) expect(Number(row.level)).toBe(Number(row.live));
  });
});

function pick(location: { id: number; name: string; address: string }) {
  return { id: location.id, name: location.name, address: location.address };
}
