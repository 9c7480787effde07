import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { dayOf, downloadBoth, sheetValues } from '../../../test/spreadsheets';
import { users } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let elsewhere: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  elsewhere = await createLocation(t.db);
  const signedIn = await createUser(t.db, {
    name: 'Exportable Ada',
    email: `ada.${Date.now()}@example.com`,
    locationId: actors.location.id,
  });
  await t.db
    .update(users)
    .set({ lastLogin: new Date('2026-03-04T12:00:00Z') })
    .where(eq(users.id, signedIn.id));
  await createUser(t.db, {
    name: '@Exportable Bea',
    locationId: actors.location.id,
    status: false,
  });
  await createUser(t.db, { name: 'Exportable Cy', locationId: elsewhere.id });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/users/export', () => {
  it("writes the users the list's search selects, newest first, as xlsx and csv", async () => {
    const { sheet, csv } = await downloadBoth(
      t.app,
      '/api/users/export?search=Exportable&role=USER',
      actors.admin.headers,
      'users',
    );
    const header = ['User', 'Email', 'Role', 'Location', 'Status', 'Last Login'];
    expect(sheetValues(sheet)[0]).toEqual(header);
    expect(sheetValues(sheet).map((row) => row[0])).toEqual([
      'User',
      'Exportable Cy',
      '@Exportable Bea',
      'Exportable Ada',
    ]);
    const ada = sheet.getRow(4);
    expect(ada.getCell(3).value).toBe('Field Manager');
    expect(ada.getCell(4).value).toBe(actors.location.name);
    expect(ada.getCell(5).value).toBe('Active');
    expect(dayOf(ada.getCell(6), 'dd/mm/yyyy')).toBe('2026-03-04');
    expect(sheet.getCell('A3').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('A3').value).toBe('@Exportable Bea');
    expect(csv[0]).toEqual(header);
    expect(csv[2]).toEqual([
      "'@Exportable Bea",
      expect.stringContaining('@example.com'),
      'Field Manager',
      actors.location.name,
      'In Active',
      '',
    ]);
    expect(csv[3]![5]).toBe('04/03/2026');
  });

  it('gives a field manager with View Users their location alone; another location is 404, no flag 403', async () => {
    const viewer = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewUsers: true },
    });
    const headers = (await loginAs(t.app, viewer.email)).headers;
    const { csv } = await downloadBoth(
      t.app,
      '/api/users/export?search=Exportable',
      headers,
      'users',
    );
    expect(csv.slice(1).map((row) => row[0])).toEqual(["'@Exportable Bea", 'Exportable Ada']);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/users/export?location=${elsewhere.id}`,
      headers,
    });
    expect(other.statusCode).toBe(404);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/users/export',
      headers: actors.manager.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
