import { MESSAGES } from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActors } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await seedActors(t.app, t.db)).admin.headers;
});
afterAll(async () => {
  await t.close();
});

/** What Helmet sets on every route's answer, the router's refusals included. */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe("the framework's own refusals", () => {
  it('answers a path parameter over 200 characters with a 414 in the error envelope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/materials/detail/${'1'.repeat(201)}`,
      headers,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      success: false,
      message: MESSAGES.uriTooLong,
      code: 'URI_TOO_LONG',
    });
    expectSecurityHeaders(response.headers);
  });

  it('answers a path that is not valid percent-encoding with a 400 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/materials/detail/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: MESSAGES.badUrl,
      code: 'VALIDATION_ERROR',
    });
    expectSecurityHeaders(response.headers);
  });

  it('answers a body that is not JSON or text with a 415 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/locations/create',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<location/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      success: false,
      message: MESSAGES.unsupportedMediaType,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('answers a body over the limit with a 413 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/locations/create',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      message: MESSAGES.payloadTooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it.each([
    ['malformed JSON', '{"name":'],
    ['an empty JSON body', ''],
    ['a prototype-polluting key', '{"__proto__":{"isAdmin":true}}'],
  ])('answers %s with a 400 in the envelope', async (_name, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/locations/create',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers a method a path does not take with a 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/health' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers whatever the Accept header asks for in JSON, never a 406', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/materials/detail/2147483648',
      headers: { ...headers, accept: 'application/xml' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('ids and text the database cannot hold', () => {
  it.each([
    '/api/materials/detail/2147483648',
    '/api/locations/2147483648',
    '/api/users/detail/2147483648',
    '/api/materials/list?locationId=2147483648',
    '/api/users/getAll?location=2147483648',
    '/api/activity-logs/list?locationId=2147483648',
    '/api/materials/detail/0x3d',
    '/api/materials/detail/61e0',
    '/api/materials/detail/061',
    '/api/users/getAll?search=%00',
    '/api/notifications?search=a%00b',
  ])('refuses GET %s with a 400, not a 500', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses a NUL in a location name with the shared message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/locations/create',
      headers,
      payload: { name: 'North\u0000Yard', address: '1 Long Road', type: 'FIELD', status: 'ACTIVE' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Location name must not contain control characters');
  });
});
