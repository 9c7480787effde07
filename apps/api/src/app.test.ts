import { MESSAGES, TOKEN_STORAGE_KEY } from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, loginAs } from '../test/factories';
import { createTestApp, type TestApp } from '../test/helpers';
import { buildApp } from './app';
import { sendAppSession } from './lib/openapi';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { database: 'up' } });
  });
});

describe('the API surface', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document generated from the route schemas to a signed-in user', async () => {
    // Without a session: the error shape every API answer has.
    const refused = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: MESSAGES.unauthorized,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/yaml' })).statusCode).toBe(401);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const { headers } = await loginAs(t.app, admin.email);
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/api/auth/login');
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('hides the detail of an unexpected failure behind a generic 500', async () => {
    await t.db.$client.query('alter table login_attempts rename to login_attempts_away');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@example.com', password: 'whatever' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        success: false,
        message: 'A server error occurred. Please try again later.',
        code: 'INTERNAL_ERROR',
      });
    } finally {
      await t.db.$client.query('alter table login_attempts_away rename to login_attempts');
    }
  });

  it('sets a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("sets Helmet's other headers on every response, errors included", async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/no-such-thing', 404],
      ['/api/auth/profile', 401],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('auth by default', () => {
  it('refuses to start with an API route that the access table does not name', async () => {
    const app = await buildApp({ ctx: t.ctx });
    await expect(async () => {
      app.get('/api/not-in-the-table', async () => ({ ok: true }));
      await app.ready();
    }).rejects.toThrow(/not in the access table/);
    await app.close().catch(() => undefined);
  });

  it('marks what a signed-in user is answered as not to be stored', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const { headers } = await loginAs(t.app, admin.email);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(response.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('runs the session check for a HEAD request as for its GET', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/users/getAll' });
    expect(response.statusCode).toBe(401);
  });

  it('opens the documentation page to a browser, which asks for the document with the app session', async () => {
    // The page holds Swagger UI alone; the document stays behind the session.
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain(`requestInterceptor":${sendAppSession.toString()}`);

    // As the page runs it: written out as its source, in a browser signed in to the app.
    const interceptor = new Function(`return ${sendAppSession.toString()}`)() as (request: {
      url: string;
      headers: Record<string, string>;
    }) => { headers: Record<string, string> };
    const stored = new Map([[TOKEN_STORAGE_KEY, 'the-session']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    vi.stubGlobal('location', {
      href: 'https://yard.example/api/docs/',
      origin: 'https://yard.example',
    });
    try {
      expect(
        interceptor({ url: 'https://yard.example/api/docs/json', headers: {} }).headers,
      ).toEqual({
        Authorization: 'Bearer the-session',
      });
      expect(interceptor({ url: '/api/users/getAll', headers: {} }).headers.Authorization).toBe(
        'Bearer the-session',
      );
      // Elsewhere, or with a token given through Authorize: as it was.
      expect(interceptor({ url: 'https://other.example/x', headers: {} }).headers).toEqual({});
      expect(
        interceptor({ url: '/api/auth/profile', headers: { Authorization: 'Bearer mine' } })
          .headers,
      ).toEqual({ Authorization: 'Bearer mine' });
      stored.clear();
      expect(interceptor({ url: '/api/docs/json', headers: {} }).headers).toEqual({});
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens the API documentation without a session when API_DOCS_PUBLIC is set', async () => {
    const app = await buildApp({ ctx: t.ctx, apiDocsPublic: true });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/users/getAll' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
