import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { dayOf, downloadBoth, sheetValues } from '../../../test/spreadsheets';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let other: { id: number; name: string };
/** The field managers' requests: 2,400 of the actors' location (more than a chunk), 3 of another. */
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { name: 'Southern Field', type: 'FIELD' });
  const southern = await createUser(t.db, { name: 'Sol Southern', locationId: other.id });
  await t.db.$client.query(
    `insert into rental_requests
       (location_id, requested_by_id, requested_date, status, approved_by_id, decided_at)
     select $1, $2, date '2026-01-01' + (n % 300),
       case when n % 3 = 0 then 'APPROVED' else 'PENDING' end,
       case when n % 3 = 0 then $3::int end, case when n % 3 = 0 then now() end
     from generate_series(1, 2400) n`,
    [actors.location.id, actors.manager.user.id, actors.admin.user.id],
  );
  await t.db.$client.query(
    `insert into rental_requests
       (location_id, requested_by_id, requested_date, status, approved_by_id, decided_at)
     select $1, $2, date '2026-05-01', 'APPROVED', $3, now() from generate_series(1, 3)`,
    [other.id, southern.id, actors.admin.user.id],
  );
  await t.db.$client.query(
    `insert into rental_request_items (request_id, position, name, quantity, unit)
     select r.id, p, 'Scaffold tube', 4, 'EACH'
     from rental_requests r cross join generate_series(1, 2) p where r.location_id = $1`,
    [other.id],
  );
});
afterAll(async () => {
  await t.close();
});

const HEADER = ['Request ID', 'Request By', 'Email', 'Location', 'Date', '# of Items', 'Status'];

describe('GET /api/rental-requests/export', () => {
  it("writes every request the list's status selects, chunk after chunk, newest first, as the list", async () => {
    const { sheet, csv } = await downloadBoth(
      t.app,
      '/api/rental-requests/export?status=APPROVED',
      actors.admin.headers,
      'rental-requests',
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/rental-requests?status=APPROVED&limit=10',
      headers: actors.admin.headers,
    });
    const { data, pagination } = list.json();
    expect(pagination.total).toBe(803);
    expect(sheet.rowCount).toBe(804);
    expect(csv).toHaveLength(804);
    expect(sheetValues(sheet)[0]).toEqual(HEADER);
    expect(csv[0]).toEqual(HEADER);
    const ids = sheetValues(sheet)
      .slice(1)
      .map((row) => Number(String(row[0]).slice(1)));
    expect(ids.slice(0, 10)).toEqual(data.map((r: { id: number }) => r.id));
    expect(new Set(ids).size).toBe(803);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // The newest: Southern Field's, two items each.
    const newest = sheet.getRow(2);
    expect(newest.getCell(2).value).toBe('Sol Southern');
    expect(newest.getCell(4).value).toBe('Southern Field');
    expect(dayOf(newest.getCell(5), 'dd/mm/yyyy')).toBe('2026-05-01');
    expect(newest.getCell(6).value).toBe(2);
    expect(newest.getCell(7).value).toBe('Approved');
    expect(csv[1]).toEqual([
      `#${ids[0]}`,
      'Sol Southern',
      expect.stringContaining('@example.com'),
      'Southern Field',
      '01/05/2026',
      '2',
      'Approved',
    ]);
  });

  it("follows the list's search", async () => {
    const { csv } = await downloadBoth(
      t.app,
      '/api/rental-requests/export?search=Southern',
      actors.admin.headers,
      'rental-requests',
    );
    expect(csv.slice(1).map((row) => row[3])).toEqual([
      'Southern Field',
      'Southern Field',
      'Southern Field',
    ]);
  });

  it("gives a field manager their location's requests alone", async () => {
    const { csv } = await downloadBoth(
      t.app,
      '/api/rental-requests/export?search=Southern',
      (await loginAs(t.app, (await createUser(t.db, { locationId: other.id })).email)).headers,
      'rental-requests',
    );
    expect(csv).toHaveLength(4);
    const mine = await downloadBoth(
      t.app,
      '/api/rental-requests/export?status=PENDING',
      actors.manager.headers,
      'rental-requests',
    );
    expect(mine.csv).toHaveLength(1601);
    expect(new Set(mine.csv.slice(1).map((row) => row[3]))).toEqual(
      new Set([actors.location.name]),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/rental-requests/export' })).statusCode,
    ).toBe(401);
  });
});
