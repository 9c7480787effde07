import { CATALOGUE_MESSAGES, CUSTOMER_EMAIL_MESSAGE, MESSAGES } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createUser,
  loginAs,
  materialTypeNamed,
  seedActors,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs, materialTypes } from '../../db/schema';
import { hireRatesFor } from './locations.service';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/locations${url}`, headers, payload });
const admin = () => actors.admin.headers;

const site = { name: 'Harbour Site', address: '12 Harbour Road', type: 'FIELD', status: 'ACTIVE' };
const customer = {
  customerName: 'Quayside Builders Ltd',
  customerAddress: '3 Dock Lane\nBristol',
  customerEmail: 'accounts@quayside.example',
  customerVatId: 'GB123456789',
  customerZeroRated: true,
};

describe("A site's customer", () => {
  it('is saved with the location, read back and edited; blank fields are none', async () => {
    const created = await call('POST', '/create', admin(), { ...site, ...customer });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject(customer);
    expect((await call('GET', `/${id}`, admin())).json().data).toMatchObject(customer);

    const edited = await call('PUT', `/update/${id}`, admin(), {
      ...site,
      customerName: '  Quayside Builders  ',
      customerEmail: ' ',
      customerVatId: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      customerName: 'Quayside Builders',
      customerAddress: null,
      customerEmail: null,
      customerVatId: null,
      customerZeroRated: false,
    });
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'UPDATE_LOCATION'));
    expect(entry?.details).toMatchObject({
      before: { customerName: customer.customerName },
      after: { customerName: 'Quayside Builders' },
    });
  });

  it('is none for a location made without one', async () => {
    const created = await call('POST', '/create', admin(), { ...site, name: 'Bare Site' });
    expect(created.json().data).toMatchObject({
      customerName: null,
      customerEmail: null,
      customerZeroRated: false,
    });
  });

  it('refuses an e-mail that is not one', async () => {
    const response = await call('POST', '/create', admin(), {
      ...site,
      name: 'Other Site',
      customerEmail: 'accounts at quayside',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CUSTOMER_EMAIL_MESSAGE);
  });

  it("is an admin's: a site's field manager with Manage Locations edits its address, not its customer", async () => {
    const created = await call('POST', '/create', admin(), {
      ...site,
      name: 'Pier Site',
      ...customer,
    });
    const id = created.json().data.id as number;
    const manager = await createUser(t.db, {
      role: 'USER',
      locationId: id,
      permissions: { viewLocations: true, manageLocations: true },
    });
    const headers = (await loginAs(t.app, manager.email)).headers;

    // The form as the field manager's screen sends it: the customer as it is, a new address.
    const kept = await call('PUT', `/update/${id}`, headers, {
      ...site,
      name: 'Pier Site',
      address: '14 Harbour Road',
      ...customer,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ address: '14 Harbour Road', ...customer });
    // Left out, the customer stays as it is.
    const omitted = await call('PUT', `/update/${id}`, headers, {
      ...site,
      name: 'Pier Site',
      address: '16 Harbour Road',
    });
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect(omitted.json().data).toMatchObject({ address: '16 Harbour Road', ...customer });

    for (const change of [{ customerName: 'Someone Else Ltd' }, { customerVatId: 'GB000' }]) {
      const refused = await call('PUT', `/update/${id}`, headers, {
        ...site,
        name: 'Pier Site',
        address: '18 Harbour Road',
        ...customer,
        ...change,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only an admin can change a site's customer.");
    }
    const unzeroed = await call('POST', '/create', admin(), {
      ...site,
      name: 'Dock Site',
      ...customer,
      customerZeroRated: false,
    });
    const dockManager = await createUser(t.db, {
      role: 'USER',
      locationId: unzeroed.json().data.id,
      permissions: { viewLocations: true, manageLocations: true },
    });
    const zeroing = await call(
      'PUT',
      `/update/${unzeroed.json().data.id}`,
      (await loginAs(t.app, dockManager.email)).headers,
      { ...site, name: 'Dock Site', ...customer, customerZeroRated: true },
    );
    expect(zeroing.statusCode).toBe(403);
    expect((await call('GET', `/${id}`, admin())).json().data).toMatchObject({
      address: '16 Harbour Road',
      ...customer,
    });
  });

  it('is in the export', async () => {
    const response = await call('GET', '/export?format=csv', admin());
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Customer name');
    expect(response.body).toContain('Quayside Builders');
  });
});

describe("A site's customer rates", () => {
  it('are set, listed with the catalogue rate beside, changed and removed', async () => {
    const location = await createLocation(t.db, { type: 'FIELD' });
    const type = await materialTypeNamed(t.db, 'Rate tube 6m');
    await t.db
      .update(materialTypes)
      .set({ hireDayCents: 120, hireWeekCents: 500, minimumHireDays: 7 })
      .where(eq(materialTypes.id, type.id));
    expect((await call('GET', `/${location.id}/rates`, admin())).json().data).toEqual([]);

    const url = `/${location.id}/rates/${type.id}`;
    const set = await call('PUT', url, admin(), { dayCents: 100 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({
      materialTypeId: type.id,
      materialTypeName: 'Rate tube 6m',
      itemNumber: null,
      unit: 'EACH',
      dayCents: 100,
      weekCents: null,
      // No minimum of its own: the catalogue's applies.
      minimumDays: null,
      effectiveMinimumDays: 7,
      catalogue: { dayCents: 120, weekCents: 500, minimumDays: 7 },
    });
    await call('PUT', url, admin(), { dayCents: 90, weekCents: 400, minimumDays: 3 });
    const listed = (await call('GET', `/${location.id}/rates`, admin())).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ dayCents: 90, weekCents: 400, minimumDays: 3 });

    expect((await call('DELETE', url, admin())).statusCode).toBe(200);
    expect((await call('GET', `/${location.id}/rates`, admin())).json().data).toEqual([]);
    expect((await call('DELETE', url, admin())).statusCode).toBe(404);
  });

  it('refuses a missing location or material type with 404, a bad rate with 400', async () => {
    const location = await createLocation(t.db, { type: 'FIELD' });
    const type = await materialTypeNamed(t.db, 'Rate board');
    const missingLocation = await call('PUT', `/999999/rates/${type.id}`, admin(), {
      dayCents: 1,
    });
    expect(missingLocation.statusCode).toBe(404);
    expect(missingLocation.json().message).toBe(MESSAGES.locationNotFound);
    expect((await call('GET', '/999999/rates', admin())).statusCode).toBe(404);
    const missingType = await call('PUT', `/${location.id}/rates/999999`, admin(), {
      dayCents: 1,
    });
    expect(missingType.statusCode).toBe(404);
    expect(missingType.json().message).toBe(CATALOGUE_MESSAGES.notFound);
    for (const body of [
      {},
      { dayCents: -1 },
      { dayCents: 1.5 },
      { dayCents: 1, minimumDays: 400 },
    ]) {
      expect(
        (await call('PUT', `/${location.id}/rates/${type.id}`, admin(), body)).statusCode,
      ).toBe(400);
    }
  });

  it("are an admin's", async () => {
    const url = `/${actors.location.id}/rates`;
    expect((await call('GET', url, actors.manager.headers)).statusCode).toBe(403);
  });

  it("hireRatesFor: the site's own rate, else the catalogue's, else null, in one call", async () => {
    const location = await createLocation(t.db, { type: 'FIELD' });
    const own = await materialTypeNamed(t.db, 'Hire own');
    const catalogue = await materialTypeNamed(t.db, 'Hire catalogue');
    const none = await materialTypeNamed(t.db, 'Hire none');
    await t.db
      .update(materialTypes)
      .set({ hireDayCents: 200, minimumHireDays: 2 })
      .where(eq(materialTypes.id, catalogue.id));
    await t.db.update(materialTypes).set({ hireDayCents: 999 }).where(eq(materialTypes.id, own.id));
    await call('PUT', `/${location.id}/rates/${own.id}`, admin(), {
      dayCents: 150,
      weekCents: 700,
      minimumDays: 1,
    });
    const rates = await hireRatesFor(t.db, location.id, [own.id, catalogue.id, none.id, 999999]);
    expect(rates).toEqual(
      new Map([
        [own.id, { dayCents: 150, weekCents: 700, minimumDays: 1 }],
        [catalogue.id, { dayCents: 200, weekCents: null, minimumDays: 2 }],
        [none.id, null],
        [999999, null],
      ]),
    );
    // Another site has no rate of its own: the catalogue's.
    const other = await createLocation(t.db, { type: 'FIELD' });
    expect((await hireRatesFor(t.db, other.id, [own.id])).get(own.id)).toEqual({
      dayCents: 999,
      weekCents: null,
      minimumDays: 0,
    });
    expect(await hireRatesFor(t.db, other.id, [])).toEqual(new Map());
  });
});
