import {
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  SESSION_END_CODES,
  SESSION_END_MESSAGES,
} from '@stockyard/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aFieldManager } from '@/lib/test-users';
import { api, attachmentName, downloadFile } from './api-client';
import { sessionStore } from './session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Answer = { status: number; body?: object } | 'network error';
let answers: Answer[];

function json(status: number, body: object) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const answer = answers.shift() ?? { status: 200 };
      if (answer === 'network error') throw new TypeError('Failed to fetch');
      const ok = answer.status < 400;
      return json(
        answer.status,
        answer.body ?? (ok ? { success: true, message: 'OK', data: null } : { success: false }),
      );
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The Idempotency-Key of each call fetch received, in order. */
const keysSent = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(
      ([, init]) => (init!.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER],
    );

const transfer = (quantity: number) =>
  api.post('/materials/7/transfer', { fromLocation: 1, toLocation: 2, quantity }, { silent: true });

describe('the Idempotency-Key of a write', () => {
  it('is a UUID on every write, and on no read or sign-in', async () => {
    await transfer(3);
    await api.patch('/materials/7/stock', { operation: 'add', quantity: 1 });
    await api.delete('/notifications/4');
    await api.get('/materials/list', { query: { page: 1 } });
    await api.post('/auth/login', { email: 'a@example.com', password: 'x' });
    const [transferKey, stockKey, deleteKey, readKey, loginKey] = keysSent();
    for (const key of [transferKey, stockKey, deleteKey]) expect(key).toMatch(UUID);
    expect(new Set([transferKey, stockKey, deleteKey]).size).toBe(3);
    expect(readKey).toBeUndefined();
    expect(loginKey).toBeUndefined();
  });

  it('is new for each submit once the last was answered, the same body too', async () => {
    await transfer(3);
    await transfer(3);
    answers.push({
      status: 409,
      body: { success: false, message: 'Insufficient stock', code: 'INSUFFICIENT_STOCK' },
    });
    await expect(transfer(3)).rejects.toMatchObject({ status: 409 });
    await transfer(3);
    expect(new Set(keysSent()).size).toBe(4);
  });

  it('is sent again with the same request after its answer was lost', async () => {
    answers.push(
      'network error',
      { status: 503 },
      {
        status: 409,
        body: { success: false, message: 'Still running', code: 'REQUEST_IN_PROGRESS' },
      },
    );
    await expect(transfer(3)).rejects.toMatchObject({ status: undefined });
    await expect(transfer(3)).rejects.toMatchObject({ status: 503 });
    await expect(transfer(3)).rejects.toMatchObject({ status: 409 });
    await transfer(3);
    // Answered at last: the next submit is a new request.
    await transfer(3);
    const keys = keysSent();
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('is not taken by another request while one is unanswered', async () => {
    answers.push('network error');
    await expect(transfer(3)).rejects.toMatchObject({ status: undefined });
    await transfer(4);
    await api.post('/materials/8/transfer', { fromLocation: 1, toLocation: 2, quantity: 3 });
    await transfer(3);
    const [lost, other, elsewhere, retried] = keysSent();
    expect(new Set([lost, other, elsewhere]).size).toBe(3);
    expect(retried).toBe(lost);
  });

  it('is shared by the same write sent twice at once (a double click)', async () => {
    await Promise.all([transfer(5), transfer(5), transfer(6)]);
    const [first, second, other] = keysSent();
    expect(second).toBe(first);
    expect(other).not.toBe(first);
  });
});

describe('a 401 of a signed-in screen', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStore.set({
      token: 'session-token',
      user: aFieldManager(),
    });
    assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/rental-requests', assign });
  });
  afterEach(() => {
    sessionStore.clear();
  });

  const refuse = (code: string, message: string) =>
    answers.push({ status: 401, body: { success: false, code, message } });

  it.each([
    ['deactivated', SESSION_END_CODES.deactivated, SESSION_END_MESSAGES.deactivated],
    ['deleted', SESSION_END_CODES.deleted, SESSION_END_MESSAGES.deleted],
  ])('whose account was %s goes to the sign-in page saying so', async (reason, code, message) => {
    refuse(code, message);
    await expect(api.get('/rental-requests', { silent: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(assign).toHaveBeenCalledExactlyOnceWith(`/login?ended=${reason}`);
    expect(sessionStore.token()).toBeNull();
  });

  it('of a download says so too', async () => {
    refuse(SESSION_END_CODES.deactivated, SESSION_END_MESSAGES.deactivated);
    await expect(downloadFile('/invoices/export', 'invoices.xlsx')).rejects.toMatchObject({
      status: 401,
    });
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login?ended=deactivated');
  });

  it('of a session ended otherwise goes to the sign-in page without a reason', async () => {
    refuse('UNAUTHORIZED', MESSAGES.unauthorized);
    await expect(api.get('/rental-requests', { silent: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
    expect(sessionStore.token()).toBeNull();
  });
});

describe('attachmentName', () => {
  it("reads a download's name from its Content-Disposition, the UTF-8 name first", () => {
    expect(
      attachmentName(
        `attachment; filename="locations-2026-11-27.csv"; filename*=UTF-8''locations-2026-11-27.csv`,
      ),
    ).toBe('locations-2026-11-27.csv');
    expect(
      attachmentName(`attachment; filename="Zo_ Yard.xlsx"; filename*=UTF-8''Zo%C3%AB%20Yard.xlsx`),
    ).toBe('Zoë Yard.xlsx');
    expect(attachmentName('attachment; filename="staff-list.xlsx"')).toBe('staff-list.xlsx');
    expect(attachmentName(null)).toBeNull();
  });
});

describe('an upload', () => {
  it('sends the file as its bytes, typed application/octet-stream, its name in the query, with a key', async () => {
    const file = new File(['Ref,Counted\n'], 'count sheet.csv', { type: 'text/csv' });
    await api.upload('/stock-takes/3/preview', file, { query: { countDate: '2026-01-05' } });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/stock-takes/3/preview?countDate=2026-01-05&fileName=count+sheet.csv');
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe(file);
    const headers = init!.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(headers[IDEMPOTENCY_KEY_HEADER]).toMatch(UUID);
  });
});
