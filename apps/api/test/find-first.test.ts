import { ALL_PERMISSIONS } from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * Every route with a record in its path finds it and checks the caller's access before it reads
 * the body (issue 48, decision 046): a missing record is 404 and another location's or another
 * user's 403/404, whatever the body holds, never the body's 400 (which would tell that the record
 * is there, and had the body read for someone who may not touch it).
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
/** A field manager of another location with every flag. */
let stranger: Record<string, string>;
let materialA: number;
let userA: number;

type Method = 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  const other = await createLocation(t.db);
  const person = await createUser(t.db, {
    role: 'USER',
    locationId: other.id,
    permissions: ALL_PERMISSIONS,
  });
  stranger = (await loginAs(t.app, person.email)).headers;
  const made = await call('POST', '/materials/create', actors.admin.headers, {
    name: 'Find-first tube',
    locationId: actors.location.id,
    quantity: 10,
    unit: 'EACH',
  });
  expect(made.statusCode, made.body).toBe(201);
  materialA = made.json().data.id;
  userA = (await createUser(t.db, { role: 'USER', locationId: actors.location.id })).id;
});
afterAll(async () => {
  await t.close();
});

/** Bodies that each fail the route's validation: nothing, an empty object, wrong types. */
const BAD_BODIES = [{}, { name: 42, quantity: 'many', status: [] }];

describe('a write naming a record in its path', () => {
  it('is 404 for a record that is not there, whatever its body', async () => {
    const missing = 99_999_999;
    const routes: [Method, string][] = [
      ['PUT', `/materials/update/${missing}`],
      ['PATCH', `/materials/${missing}/stock`],
      ['POST', `/materials/${missing}/transfer`],
      ['POST', `/materials/${missing}/repair`],
      ['POST', `/materials/${missing}/scrap`],
      ['POST', `/material-rentals/${missing}/returns`],
      ['POST', `/movement-notes/${missing}/sign`],
      ['POST', `/movement-notes/${missing}/correct`],
      ['PUT', `/users/update/${missing}`],
      ['PATCH', `/users/${missing}/permissions`],
      ['PATCH', `/users/${missing}/reset-password`],
      ['PUT', `/staff/${missing}`],
      ['PUT', `/attendance/${missing}`],
      ['PUT', `/invoices/${missing}`],
      ['PATCH', `/invoices/${missing}/client`],
      ['PATCH', `/invoices/${missing}/status`],
      ['POST', `/invoices/${missing}/convert-to-rental`],
      ['PUT', `/locations/update/${missing}`],
    ];
    for (const [method, url] of routes) {
      for (const body of BAD_BODIES) {
        const response = await call(method, url, actors.admin.headers, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      }
    }
  });

  it("is 403 or 404 for another location's record, before its body is read", async () => {
    const routes: [Method, string][] = [
      ['PUT', `/materials/update/${materialA}`],
      ['PATCH', `/materials/${materialA}/stock`],
      ['POST', `/materials/${materialA}/transfer`],
      ['PUT', `/users/update/${userA}`],
      ['PATCH', `/users/${userA}/permissions`],
      ['PATCH', `/users/${userA}/reset-password`],
      ['PUT', `/locations/update/${actors.location.id}`],
    ];
    for (const [method, url] of routes) {
      for (const body of BAD_BODIES) {
        const response = await call(method, url, stranger, body);
        expect([403, 404], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
      }
    }
    // The record's own location: the body is read, and refused as it is.
    const own = await call('PATCH', `/materials/${materialA}/stock`, actors.admin.headers, {});
    expect(own.statusCode).toBe(400);
  });

  it("is 403 for someone else's password, before the passwords are read", async () => {
    for (const body of [
      {},
      { currentPassword: 'x' },
      { currentPassword: 'x', newPassword: 'short', confirmPassword: 'other' },
    ]) {
      const other = await call(
        'PATCH',
        `/users/${actors.admin.user.id}/change-password`,
        actors.manager.headers,
        body,
      );
      expect(other.statusCode, other.body).toBe(403);
      expect(other.json().message).toMatch(/only change your own password/);
    }
    // One's own: the body is read, and refused as it is (400).
    const own = await call(
      'PATCH',
      `/users/${actors.manager.user.id}/change-password`,
      actors.manager.headers,
      {},
    );
    expect(own.statusCode).toBe(400);
    // An admin resetting their own password is 403 whatever the body.
    const self = await call(
      'PATCH',
      `/users/${actors.admin.user.id}/reset-password`,
      actors.admin.headers,
      {},
    );
    expect(self.statusCode).toBe(403);
  });
});
