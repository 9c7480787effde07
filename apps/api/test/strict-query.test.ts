import {
  API_ACCESS,
  type AttendanceDto,
  LOCATION_TYPES,
  NOTIFICATION_TYPES,
  type StaffDto,
  TEXT_MESSAGES,
} from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from './factories';
import { type OpenApiDocument, type Operation, operationsOf } from './fuzz-requests';
import { createTestApp, type TestApp } from './helpers';

/**
 * Every API route takes only the query parameters it declares (issue 26): an unknown one is 400,
 * naming it, in the error envelope; the declared ones are read as before.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let other: { id: number; name: string };
let operations: Map<string, Operation>;

const GET_ROUTES = Object.keys(API_ACCESS).filter((route) => route.startsWith('GET '));

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { type: 'FIELD' });
  operations = new Map(
    operationsOf(t.app.swagger() as OpenApiDocument).map((op) => [
      `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`,
      op,
    ]),
  );
});
afterAll(async () => {
  await t?.close();
});

/** A path parameter's value that its route takes: an admin's own id, a type, a role, or 1. */
function pathOf(route: string): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'type') return LOCATION_TYPES[0];
    if (name === 'role') return 'ADMIN';
    if (name === 'kind') return 'stock';
    if (route.includes('notification-settings')) return String(actors.admin.user.id);
    return '1';
  });
}

const get = (url: string, headers = actors.admin.headers) =>
  t.app.inject({ method: 'GET', url, headers });

/** A value a declared query parameter takes, from its name and document schema. */
function sampleOf({ name, schema }: Operation['queryParams'][number]): string {
  const samples: Record<string, string> = {
    locationId: String(actors.location.id),
    location: String(actors.location.id),
    month: '2026-01',
    date: '2026-01-05',
    startDate: '2026-01-01',
    timeZone: 'Europe/London',
    since: '2026-01-01T08:00:00.000Z',
    search: 'a',
    filter: 'month',
    // A notification type, whose document schema (a pipe) shows no enum.
    type: NOTIFICATION_TYPES[0],
  };
  if (schema.enum?.length) return String(schema.enum[0]);
  if (samples[name]) return samples[name];
  if (schema.type === 'boolean') return 'true';
  return '1';
}

/** The query of these parameters, each with a value it takes. */
const queryOf = (params: Operation['queryParams']) =>
  new URLSearchParams(params.map((p): [string, string] => [p.name, sampleOf(p)]));

describe('query parameters', () => {
  it.each(GET_ROUTES)(
    '%s refuses an unknown parameter by name, 400 in the envelope',
    async (route) => {
      // The parameters the route requires, if any, and then one it does not declare.
      const query = queryOf(operations.get(route)!.queryParams.filter((p) => p.required));
      const plain = await get(`${pathOf(route)}?${query}`);
      // Whatever the route answers without it (a record 1 may not exist), it is not a refusal of the query.
      expect(plain.statusCode, plain.body).not.toBe(400);
      query.append('nosuchparam', '1');
      const refused = await get(`${pathOf(route)}?${query}`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Unknown query parameter: nosuchparam',
        code: 'VALIDATION_ERROR',
        errors: [{ path: 'nosuchparam', message: 'Unknown query parameter: nosuchparam' }],
      });
    },
  );

  it.each(GET_ROUTES)('%s takes every parameter it declares', async (route) => {
    const op = operations.get(route);
    expect(op, route).toBeDefined();
    const query = queryOf(op!.queryParams);
    const response = await get(`${pathOf(route)}?${query}`);
    expect(response.statusCode, `${route}?${query}: ${response.body}`).not.toBe(400);
  });

  it('refuses a misspelt filter instead of answering the unfiltered list', async () => {
    const misspelt = await get(`/api/attendance?locationid=${other.id}`);
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().message).toBe(TEXT_MESSAGES.unknownQueryParameter('locationid'));
    expect(misspelt.json().errors).toEqual([
      { path: 'locationid', message: 'Unknown query parameter: locationid' },
    ]);
  });

  it('still filters by a declared parameter', async () => {
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: actors.admin.headers,
      payload: {
        name: 'Query Quinn',
        email: `quinn.${Date.now()}@site.test`,
        phone: '07700900123',
        position: 'Scaffolder',
        locationId: other.id,
        department: 'Erection',
        hireDate: '2024-01-08',
        salary: 30000,
        status: 'ACTIVE',
        address: '1 Quay Street',
        emergencyContact: 'Kin Person',
        emergencyPhone: '07700900999',
      },
    });
    const staff = member.json().data as StaffDto;
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/attendance',
      headers: actors.admin.headers,
      payload: { staffId: staff.id, locationId: other.id, date: '2026-02-03' },
    });
    expect(marked.statusCode, marked.body).toBe(201);
    const here = await get(`/api/attendance?locationId=${actors.location.id}&month=2026-02`);
    expect(here.statusCode).toBe(200);
    expect(here.json().data).toEqual([]);
    const there = await get(`/api/attendance?locationId=${other.id}&month=2026-02`);
    expect((there.json().data as AttendanceDto[]).map((a) => a.staffName)).toEqual(['Query Quinn']);
    const search = await get('/api/staff?search=Quinn&pageSize=5');
    expect(search.statusCode, search.body).toBe(200);
    expect((search.json().data as StaffDto[]).map((s) => s.name)).toEqual(['Query Quinn']);
  });

  it('names every unknown parameter (up to ten), and the declared ones are not among them', async () => {
    const response = await get('/api/attendance?page=1&b=2&month=2026-01&a=1');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'b', message: 'Unknown query parameter: b' },
      { path: 'a', message: 'Unknown query parameter: a' },
    ]);
    const many = Array.from({ length: 30 }, (_, n) => `p${n}=1`).join('&');
    expect((await get(`/api/attendance?${many}`)).json().errors).toHaveLength(10);
  });

  it('refuses names that an object copy would lose or mistake', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'a[b]', '']) {
      const response = await get(`/api/materials/list?${encodeURIComponent(name)}=1`);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe(TEXT_MESSAGES.unknownQueryParameter(name));
    }
  });

  it('refuses a parameter on a route that declares none, of any method', async () => {
    const health = await get('/api/health?nosuchparam=1');
    expect(health.statusCode).toBe(400);
    expect(health.json().errors).toEqual([
      { path: 'nosuchparam', message: 'Unknown query parameter: nosuchparam' },
    ]);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout?nosuchparam=1',
      headers: actors.admin.headers,
    });
    expect(logout.statusCode).toBe(400);
    // The session is still open: the refusal came first.
    expect((await get('/api/auth/profile')).statusCode).toBe(200);
  });

  it('shortens a very long name in the message', async () => {
    const name = 'x'.repeat(500);
    const response = await get(`/api/health?${name}=1`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Unknown query parameter: ${'x'.repeat(100)}...`);
  });

  it('leaves the API documentation and paths outside the API to their owners', async () => {
    expect((await get('/api/docs/json?nosuchparam=1')).statusCode).toBe(200);
    // Outside /api the app answers its own 404 (no web app in tests), not a query refusal.
    expect((await get('/nowhere?nosuchparam=1')).statusCode).toBe(404);
  });
});
