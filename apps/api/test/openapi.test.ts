import { API_ACCESS, type ApiRule } from '@stockyard/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createLocation, createUser, loginAs, TEST_PASSWORD } from './factories';
import { createTestApp, type TestApp } from './helpers';

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[] };
type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

let t: TestApp;
let operations: Array<{ route: string; operation: Operation }>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'ADMIN' });
  const { headers } = await loginAs(t.app, admin.email);
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers })).json();
  operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        // Named as the access table names it: `:id` parameters, no trailing slash.
        route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`,
        operation,
      })),
  );
});
afterAll(async () => {
  await t.close();
});

/** Routes that answer a file, with its media type. */
const FILE_ROUTES: Record<string, string> = {
  'GET /api/invoices/:id/excel':
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'GET /api/staff/export': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'GET /api/attendance/export': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const schemaOf = (operation: Operation, status: string) =>
  operation.responses?.[status]?.content?.['application/json']?.schema;

describe('the OpenAPI document', () => {
  it('covers every route of the access table', () => {
    expect(operations.map((o) => o.route).sort()).toEqual(Object.keys(API_ACCESS).sort());
  });

  it('declares for every route a success answer with its fields', () => {
    for (const { route, operation } of operations) {
      const success = Object.keys(operation.responses ?? {}).filter((s) => /^2\d\d$/.test(s));
      expect(success, route).toHaveLength(1);
      if (FILE_ROUTES[route]) {
        // A download answers its file, not the envelope.
        const content = operation.responses?.[success[0]!]?.content ?? {};
        expect(Object.keys(content), route).toEqual([FILE_ROUTES[route]]);
        continue;
      }
      const schema = schemaOf(operation, success[0]!);
      expect(schema?.type, route).toBe('object');
      expect(schema?.required, route).toEqual(expect.arrayContaining(['success', 'message']));
      expect(Object.keys(schema?.properties ?? {}).length, route).toBeGreaterThan(2);
    }
  });

  it('declares every refusal in the error envelope, and 401 on every route that needs a session', () => {
    for (const { route, operation } of operations) {
      const refusals = Object.keys(operation.responses ?? {}).filter((s) => /^[45]\d\d$/.test(s));
      for (const status of refusals) {
        expect(schemaOf(operation, status)?.required, `${route} ${status}`).toEqual([
          'success',
          'message',
          'code',
        ]);
      }
      const rule = API_ACCESS[route as keyof typeof API_ACCESS] as ApiRule;
      if (!rule.public) expect(refusals, route).toContain('401');
    }
  });

  it('writes instants as date-time text', () => {
    const material = operations.find((o) => o.route === 'GET /api/materials/detail/:id')!;
    const data = schemaOf(material.operation, '200')?.properties?.data;
    expect(data?.properties?.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
  });
});

describe('a reply', () => {
  let app: FastifyInstance;
  let email: string;
  let userId: number;
  /** What the next reply's payload gets before it is serialized, as a careless service could. */
  let tamper: (payload: Record<string, unknown>) => void = () => {};

  beforeAll(async () => {
    app = await buildApp({ ctx: t.ctx });
    app.addHook('preSerialization', async (_request, _reply, payload) => {
      tamper(payload as Record<string, unknown>);
      return payload;
    });
    await app.ready();
    const location = await createLocation(t.db);
    const admin = await createUser(t.db, { role: 'ADMIN', locationId: location.id });
    email = admin.email;
    userId = admin.id;
  });
  afterAll(async () => {
    tamper = () => {};
    await app.close();
  });

  const withSecrets = (record: unknown) => {
    if (record && typeof record === 'object') {
      Object.assign(record, { passwordHash: '$argon2id$secret', deletedAt: null });
    }
  };

  it('never carries a field its schema does not declare, such as a password hash', async () => {
    tamper = (payload) => {
      withSecrets(payload.user);
      const data = payload.data;
      for (const record of Array.isArray(data) ? data : [data]) withSecrets(record);
    };
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: userId, email });
    const headers = { authorization: `Bearer ${login.json().token}` };
    for (const url of ['/api/auth/profile', `/api/users/detail/${userId}`, '/api/users/getAll']) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(email);
      expect(response.body, url).not.toContain('passwordHash');
      expect(response.body, url).not.toContain('deletedAt');
    }
    expect(login.body).not.toContain('passwordHash');
  });

  it('that breaks its schema is a 500 in the error envelope, not the broken answer', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    tamper = (payload) => {
      if (payload.success) Object.assign(payload.data as object, { lastLogin: 'yesterday' });
    };
    const response = await app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      message: 'A server error occurred. Please try again later.',
      code: 'INTERNAL_ERROR',
    });
  });
});
