import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { sessions } from '../src/db/schema';
import { findLiveSession } from '../src/modules/auth/auth.repository';
import * as dashboard from '../src/modules/dashboard/dashboard.repository';
import { findInvoice } from '../src/modules/invoices/invoices.repository';
import {
  findRental,
  listRentals,
} from '../src/modules/material-rentals/material-rentals.repository';
import { listMaterials } from '../src/modules/materials/materials-reads.repository';
import { listRequests } from '../src/modules/rental-requests/rental-requests.repository';
import { listStaff } from '../src/modules/staff/staff.repository';
import { createLocation, createUser, loginAs } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * The reads that are named prepared statements, because a budget of the bench needs what that
 * buys, planning once per connection (decisions 026, 028 and 029): the session check, which every
 * signed-in request runs first and every budget is a ratio to, the invoice detail (one read),
 * the material rental detail, and every list, prepared per shape by `listPage`. PostgreSQL tries
 * five custom plans of a prepared statement, then keeps its generic plan only when that plan's
 * estimate is as good; a statement it went on planning at every call would cost what a plain
 * select does. Each read runs here on one connection, whose statements must have gone generic.
 */
let t: TestApp;
let one: Database;
let session: { id: string; userId: number };
let invoiceIds: number[];
let rentalIds: number[];
let siteIds: number[];
let rentalSite: number;
beforeAll(async () => {
  t = await createTestApp();
  // Named, not numbered by the factories' sequence, which runs on across the files of a worker:
  // every word of the requests' searches below finds them.
  const user = await createUser(t.db, { role: 'ADMIN', name: 'Person 1' });
  await loginAs(t.app, user.email);
  const [row] = await t.db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  session = row!;
  const site = await createLocation(t.db, { type: 'FIELD' });
  rentalSite = site.id;
  const { rows } = await t.db.execute<{ id: number }>(sql`
    insert into invoices (invoice_id, location_id, created_by_id, client_name, client_address,
                          issue_date, due_date)
    select 'INV-P' || n, ${site.id}, ${user.id}, 'Client ' || n, n || ' Road',
           current_date - n, current_date - n + 15
    from generate_series(1, 200) n
    returning id`);
  invoiceIds = rows.map((r) => Number(r.id));
  const yard = await createLocation(t.db);
  // Enough rentals that a later page's plan costed with an unseen offset (a tenth of the rows)
  // looks dearer than one costed with the page's own, as on the large set.
  const rentals = await t.db.execute<{ id: number }>(sql`
    insert into material_rentals (from_location_id, to_location_id, rental_date,
                                  expected_return_date, rented_by_id)
    select ${yard.id}, ${site.id}, current_date - n % 300, current_date + n % 300, ${user.id}
    from generate_series(1, 20000) n
    returning id`);
  rentalIds = rentals.rows.map((r) => Number(r.id));
  const tube = await t.db.execute<{ id: number }>(sql`
    with type as (insert into material_types (name) values ('Tube') returning id)
    insert into materials (material_type_id, name, location_id, quantity, unit)
    select id, 'Tube', ${yard.id}, 1000, 'EACH' from type returning id`);
  await t.db.execute(sql`
    insert into material_rental_items (rental_id, material_id, material_name, quantity, unit)
    select id, ${tube.rows[0]!.id}, 'Tube', 1 + id % 5, 'EACH' from material_rentals`);
  // An inventory over more than one block of ids, some of it removed.
  await t.db.execute(sql`
    with types as (
      insert into material_types (name) select 'Bulk ' || n from generate_series(1, 1500) n
      returning id, name
    )
    insert into materials (material_type_id, name, location_id, quantity, unit, deleted_at)
    select id, name, ${yard.id}, id % 30, 'EACH', case when id % 7 = 0 then now() end
    from types`);
  const sites = await t.db.execute<{ id: number }>(sql`
    insert into locations (name, address, type)
    select 'Site P' || n, n || ' Lane', 'FIELD' from generate_series(1, 12) n returning id`);
  siteIds = sites.rows.map((r) => Number(r.id));
  await t.db.execute(sql`
    insert into staff (name, email, phone, position, location_id, department, hire_date, address,
                       emergency_contact, emergency_phone)
    select 'Worker ' || n, 'worker' || n || '@example.com', '0100', 'Rigger',
           (select id from locations where name = 'Site P' || (1 + n % 12)), 'Site', current_date,
           'Road', 'Kin', '0101'
    from generate_series(1, 240) n`);
  await t.db.execute(sql`
    insert into rental_requests (location_id, requested_by_id, requested_date)
    select ${site.id}, ${user.id}, current_date - n % 30 from generate_series(1, 300) n`);
  await t.db.execute(sql`analyze`);
  one = createDatabase(t.databaseUrl, 1);
});
afterAll(async () => {
  await one.$client.end();
  await t.close();
});

/** The reads kept prepared, each with the names of its statements (a list's: `list_`, one). */
const keptReads: Array<[string, string[] | { lists: number }, (i: number) => Promise<unknown>]> = [
  [
    'the session check',
    ['auth_find_live_session'],
    async () => expect(await findLiveSession(one, session.id, session.userId)).not.toBeNull(),
  ],
  [
    'the invoice detail',
    ['invoice_detail'],
    async (i) => {
      const id = invoiceIds[(i * 37) % invoiceIds.length]!;
      expect(await findInvoice(one, id)).not.toBeNull();
    },
  ],
  [
    'the material rental detail',
    ['material_rental_detail'],
    async (i) => {
      const rental = await findRental(one, rentalIds[(i * 37) % rentalIds.length]!);
      expect(rental?.items).toHaveLength(1);
    },
  ],
  [
    "the material rentals' later pages (each call another page)",
    { lists: 1 },
    async (i) => {
      const page = await listRentals(
        one,
        { today: '2026-01-01' },
        { limit: 10, offset: 10 * (1 + ((i * 7) % 18)) },
      );
      expect(page.rows).toHaveLength(10);
    },
  ],
  [
    "a page past the material rentals' last, its total read from their first page's statement",
    { lists: 2 },
    async (i) => {
      const page = await listRentals(
        one,
        { today: '2026-01-01', toLocationId: rentalSite },
        { limit: 10, offset: 10 * (2000 + i) },
      );
      expect(page).toEqual({ rows: [], total: 20000 });
    },
  ],
  [
    "a destination's ACTIVE rentals, first and later pages (their values unseen by the plans)",
    { lists: 2 },
    async (i) => {
      // A day that few are due after (they are due 0 to 299 days from now): costed with it, a
      // custom plan looked far cheaper than the generic one.
      const today = new Date(Date.now() + 296 * 86_400_000).toISOString().slice(0, 10);
      const filters = { today, toLocationId: rentalSite, status: 'ACTIVE' } as const;
      const first = await listRentals(one, filters, { limit: 10, offset: 0 });
      const later = await listRentals(one, filters, { limit: 10, offset: 10 * (1 + (i % 5)) });
      expect([first.rows.length, later.rows.length]).toEqual([10, 10]);
    },
  ],
  [
    'a search of the material rentals, alone and with a status (each call other words)',
    // The first page alone, a later page with a status, and its total counted alone (past the end).
    { lists: 3 },
    async (i) => {
      const search = ['tub', 'Tube', 'ube', 'tu', 'UB'][i % 5];
      const alone = await listRentals(
        one,
        { today: '2026-01-01', search },
        { limit: 10, offset: 0 },
      );
      const stored = await listRentals(
        one,
        { today: '2026-01-01', search, status: 'RETURNED' },
        { limit: 10, offset: 10 * (1 + (i % 3)) },
      );
      expect([alone.rows.length, alone.total, stored.total]).toEqual([10, 20000, 0]);
    },
  ],
  [
    "an admin's search of the rental requests, first and later pages (each call other words)",
    { lists: 2 },
    async (i) => {
      const search = ['Person', 'person', 'erso', 'example', 'PERSON 1'][i % 5];
      const first = await listRequests(one, { search }, { limit: 10, offset: 0 });
      const later = await listRequests(one, { search }, { limit: 10, offset: 10 * (1 + (i % 4)) });
      expect([first.total, later.rows.length]).toEqual([300, 10]);
    },
  ],
  [
    "the dashboard's units out and in stock when the month began, its chart of days and of a year",
    ['dashboard_figures_all', 'dashboard_flows_by_day_all', 'dashboard_flows_by_month_all'],
    async (i) => {
      const month = new Date(Date.UTC(2026, i % 12, 1));
      const day = new Date(month.getTime() + (i % 28) * 86_400_000);
      const isoDay = (at: Date) => at.toISOString().slice(0, 10);
      const week = { from: day, to: new Date(day.getTime() + 7 * 86_400_000) };
      const year = { from: `${2020 + i}-01-01`, to: `${2021 + i}-01-01`, unit: 'month' as const };
      const [figures, flows, months] = await Promise.all([
        dashboard.standingFigures(one, null, isoDay(month)),
        dashboard.rentalFlows(one, null, {
          from: isoDay(week.from),
          to: isoDay(week.to),
          unit: 'day',
        }),
        dashboard.rentalFlows(one, null, year),
      ]);
      expect([
        typeof figures.rentedThen,
        typeof figures.stockThen,
        Array.isArray(flows),
        Array.isArray(months),
      ]).toEqual(['number', 'number', true, true]);
    },
  ],
  [
    'a list (the staff of a location, each call another location)',
    { lists: 1 },
    async (i) => {
      const page = await listStaff(
        one,
        { locationId: siteIds[i % siteIds.length]! },
        {
          limit: 10,
          offset: 0,
        },
      );
      expect(page.total).toBeGreaterThan(0);
    },
  ],
  [
    "the whole inventory's page, the first and a later one (its start from the block counts)",
    { lists: 2 },
    async (i) => {
      expect((await listMaterials(one, undefined, { limit: 10, offset: 0 })).rows).toHaveLength(10);
      const later = await listMaterials(one, undefined, {
        limit: 10,
        offset: (1 + ((i * 37) % 120)) * 10,
      });
      expect(later.rows).toHaveLength(10);
    },
  ],
];

describe('the reads kept prepared', () => {
  it.each(keptReads)(
    '%s is planned at most five times on a connection, then runs its generic plan',
    async (_name, names, read) => {
      // A list's statements are named by listPage (`list_N`): those this read prepared are the
      // ones the connection did not hold before it.
      const listsBefore = await one.$client.query<{ name: string }>(
        `select name from pg_prepared_statements where name like 'list\\_%'`,
      );
      const before = listsBefore.rows.map((row) => row.name);
      for (let i = 0; i < 12; i++) await read(i);
      const lists = !Array.isArray(names);
      const { rows } = await one.$client.query<{ name: string; generic: number; custom: number }>(
        `select name, generic_plans::int as generic, custom_plans::int as custom
       from pg_prepared_statements
       where name = any($1) or ($2 and name like 'list\\_%' and not name = any($3))`,
        [lists ? [] : names, lists, before],
      );
      expect(rows).toHaveLength(lists ? names.lists : names.length);
      if (!lists) expect(rows.map((r) => r.name).sort()).toEqual([...names].sort());
      for (const { name, custom, generic } of rows) {
        expect({ name, custom: Math.min(custom, 5), generic }).toEqual({
          name,
          custom,
          generic: 12 - custom,
        });
      }
    },
  );
});
