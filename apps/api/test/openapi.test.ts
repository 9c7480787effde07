import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_ACCESS,
  type ApiRoute,
  type ApiRule,
  SETTINGS_MESSAGES,
  twoFactorCodeField,
} from '@stockyard/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { operationIdOf } from '../src/lib/openapi';
import { createLocation, createUser, loginAs, materialTypeNamed, TEST_PASSWORD } from './factories';
import { createTestApp, type TestApp } from './helpers';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  pattern?: string;
};
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
type Document = {
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let document: Document;
let operations: Array<{ route: string; operation: Operation }>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'ADMIN' });
  const { headers } = await loginAs(t.app, admin.email);
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers })).json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      // Named as the access table names it: `:id` parameters.
      route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      operation,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

/** Routes that answer a file, with its media type. */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A list's export answers either file, as its `format` asks (lib/list-export.ts). */
const LIST_EXPORT = [XLSX, 'text/csv'];
const FILE_ROUTES: Record<string, string[]> = {
  'GET /api/invoices/:id/excel': [XLSX],
  'GET /api/invoices/:id/pdf': ['application/pdf'],
  'GET /api/invoices/:id/e-invoice': ['application/xml'],
  'GET /api/invoices/export': LIST_EXPORT,
  'GET /api/locations/export': LIST_EXPORT,
  'GET /api/materials/export': LIST_EXPORT,
  'GET /api/catalogue/export': LIST_EXPORT,
  'GET /api/material-rentals/export': LIST_EXPORT,
  'GET /api/rental-requests/export': LIST_EXPORT,
  'GET /api/staff/export': LIST_EXPORT,
  'GET /api/users/export': LIST_EXPORT,
  'GET /api/attendance/export': LIST_EXPORT,
  'GET /api/stock-takes/:locationId/sheet': LIST_EXPORT,
  'GET /api/imports/:kind/template': LIST_EXPORT,
  'GET /api/movement-notes/:id/pdf': ['application/pdf'],
  'GET /api/locations/:id/on-hire/pdf': ['application/pdf'],
  'GET /api/material-rentals/returns/:returnId/photos/:photoId': [
    'image/jpeg',
    'image/png',
    'image/webp',
  ],
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
        expect(Object.keys(content), route).toEqual(FILE_ROUTES[route]);
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type LintProblem = { ruleId: string; severity: string; message: string };
type LintReport = { totals: { errors: number; warnings: number }; problems: LintProblem[] };

/** Redocly's linter, by its command line, on a document in a file, with the repository's rules. */
function redoclyLint(file: string): Promise<LintReport> {
  const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
  const args = [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  return new Promise((resolve, reject) => {
    // It exits 1 when it finds an error: its report is read all the same.
    execFile(
      process.execPath,
      args,
      { env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as LintReport);
        } catch {
          reject(error ?? new Error(`redocly lint printed no report: ${stderr}`));
        }
      },
    );
  });
}

describe('the OpenAPI document, as other tools read it', () => {
  it("passes Redocly's recommended rules with no error, and warns only of the spec's ambiguous paths", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stockyard-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const report = await redoclyLint(file);
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
      // redocly.yaml says why these stay: the paths are the spec's.
      const others = report.problems.filter((p) => p.ruleId !== 'no-ambiguous-paths');
      expect(others).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('asks no token of a public route, and the bearer token of every other one', () => {
    const bearer = [{ bearerAuth: [] }];
    expect(document.security).toEqual(bearer);
    const byRoute = new Map(operations.map((o) => [o.route, o.operation]));
    for (const [route, rule] of Object.entries(API_ACCESS) as Array<[ApiRoute, ApiRule]>) {
      const operation = byRoute.get(route);
      expect(operation, route).toBeDefined();
      expect(operation?.security ?? document.security, route).toEqual(rule.public ? [] : bearer);
    }
    // Signing in and the health check are among them.
    expect(byRoute.get('POST /api/auth/login')?.security).toEqual([]);
    expect(byRoute.get('POST /api/auth/login/2fa')?.security).toEqual([]);
    expect(byRoute.get('GET /api/health')?.security).toEqual([]);
  });

  it('names no path with a trailing slash', () => {
    expect(Object.keys(document.paths).filter((p) => p !== '/' && p.endsWith('/'))).toEqual([]);
    expect(document.paths['/api/invoices']?.get).toBeDefined();
  });

  it('gives every operation its own operationId, made of its method and path', () => {
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { route, operation } of operations) {
      expect(operation.operationId, route).toBe(operationIdOf(route));
      expect(operation.operationId, route).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
    }
    // Callers' generated clients name their functions by these: they do not change.
    const byRoute = Object.fromEntries(operations.map((o) => [o.route, o.operation.operationId]));
    expect(byRoute).toMatchObject({
      'GET /api/health': 'getHealth',
      'POST /api/auth/login/2fa': 'postAuthLogin2fa',
      'GET /api/materials/list': 'getMaterialsList',
      'GET /api/invoices': 'getInvoices',
      'GET /api/invoices/:id': 'getInvoicesId',
      'PATCH /api/users/:id/reset-password': 'patchUsersIdResetPassword',
      'GET /api/users/getAll': 'getUsersGetAll',
      'GET /api/attendance/staff/:staffId/overview': 'getAttendanceStaffStaffIdOverview',
    });
  });

  describe('the two-factor code', () => {
    const typed = [
      'ABCDE-FGHIJ',
      'abcde-fghij',
      'abcdefghij',
      'AbCdE fGhIj',
      '123 456',
      '123456',
      ' 123456 ',
    ];
    const malformed = ['12345', '1234567', '12 34 56', 'abcdef', 'abcde--fghij', 'abcde_fghij', ''];
    const patternOf = (url: string) => {
      const body = document.paths[url]?.post?.requestBody?.content?.['application/json']?.schema;
      return new RegExp(body?.properties?.code?.pattern ?? '(?!)', 'u');
    };

    it("is given a pattern that takes what the server's schema takes, and refuses what it refuses", () => {
      for (const url of ['/api/auth/login/2fa', '/api/auth/2fa/enable']) {
        const pattern = patternOf(url);
        for (const code of typed) {
          expect(pattern.test(code), `${url} ${code}`).toBe(true);
          expect(twoFactorCodeField.safeParse(code).success, code).toBe(true);
        }
        for (const code of malformed) {
          expect(pattern.test(code), `${url} ${code}`).toBe(false);
          expect(twoFactorCodeField.safeParse(code).success, code).toBe(false);
        }
      }
    });

    it("that the pattern takes passes the server's validation: a sign-in goes on to its challenge", async () => {
      const challenge = 'not-a-challenge';
      for (const code of typed) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/2fa',
          payload: { challenge, code },
        });
        expect(response.statusCode, code).toBe(400);
        expect(response.json().message, code).toBe(SETTINGS_MESSAGES.challengeExpired);
      }
      for (const code of malformed) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/2fa',
          payload: { challenge, code },
        });
        expect(response.statusCode, code).toBe(400);
        expect(response.json().message, code).toBe(SETTINGS_MESSAGES.codeFormat);
      }
    });
  });
});

describe('the document and the server agree (issue 51)', () => {
  type Parameter = {
    name: string;
    in: string;
    style?: string;
    explode?: boolean;
    schema?: JsonSchema & { items?: JsonSchema };
  };
  const operationOf = (route: string) => operations.find((o) => o.route === route)!.operation;

  it('declares each upload as the binary body the app sends, typed application/octet-stream', () => {
    const uploads = [
      'POST /api/imports/:kind/preview',
      'POST /api/imports/:kind',
      'POST /api/stock-takes/:locationId/preview',
      'POST /api/stock-takes/:locationId',
      'POST /api/material-rentals/returns/:returnId/photos',
    ];
    for (const route of uploads) {
      const content = operationOf(route).requestBody?.content ?? {};
      expect(Object.keys(content), route).toEqual(['application/octet-stream']);
      expect(content['application/octet-stream']?.schema, route).toMatchObject({
        type: 'string',
        format: 'binary',
      });
    }
  });

  it('declares every download (PDFs, photos, spreadsheets) as a binary success answer', () => {
    for (const [route, types] of Object.entries(FILE_ROUTES)) {
      const responses = operationOf(route).responses ?? {};
      const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
      expect(success, route).toEqual(['200']);
      for (const type of types) {
        expect(responses['200']?.content?.[type]?.schema, `${route} ${type}`).toMatchObject({
          type: 'string',
          format: 'binary',
        });
      }
    }
  });

  it('takes the labels query as the document declares it: types=1&types=2, and types=1,2', async () => {
    const parameters = (operationOf('GET /api/labels') as Operation & { parameters: Parameter[] })
      .parameters;
    for (const name of ['types', 'locations']) {
      const parameter = parameters.find((p) => p.name === name)!;
      expect(parameter.in).toBe('query');
      expect(parameter.schema?.type).toBe('array');
      expect(parameter.schema?.items?.type).toBe('integer');
      // OpenAPI's default for a query array: form style, exploded (the name repeated).
      expect(parameter.style ?? 'form').toBe('form');
      expect(parameter.explode ?? true).toBe(true);
    }
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const { headers } = await loginAs(t.app, admin.email);
    const one = await materialTypeNamed(t.db, `Label tube ${Date.now()}`);
    const two = await materialTypeNamed(t.db, `Label clamp ${Date.now()}`);
    const yard = await createLocation(t.db);
    // As a client generated from the document writes it.
    const query = new URLSearchParams();
    query.append('types', String(one.id));
    query.append('types', String(two.id));
    query.append('locations', String(yard.id));
    const exploded = await t.app.inject({ method: 'GET', url: `/api/labels?${query}`, headers });
    expect(exploded.statusCode, exploded.body).toBe(200);
    const data = exploded.json().data as {
      materials: { id: number }[];
      locations: { id: number }[];
    };
    expect(data.materials.map((m) => m.id).sort()).toEqual([one.id, two.id].sort());
    expect(data.locations.map((l) => l.id)).toEqual([yard.id]);
    // The web app's comma-separated form answers the same.
    const joined = await t.app.inject({
      method: 'GET',
      url: `/api/labels?types=${one.id},${two.id}&locations=${yard.id}`,
      headers,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toEqual(data);
    const bad = await t.app.inject({ method: 'GET', url: '/api/labels?types=1&types=x', headers });
    expect(bad.statusCode).toBe(400);
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
