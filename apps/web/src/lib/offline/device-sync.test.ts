import type { RentalReturnDto } from '@stockyard/shared';
import { describe, expect, it } from 'vitest';
import type { KeptQuery } from './device-db';
import {
  hashQueryKey,
  SINCE_MARGIN_MS,
  type SyncRequest,
  type SyncStore,
  syncDevice,
} from './device-sync';

/**
 * The device copy's sync (decision 057) over a store kept in a map, against a stand-in for the API
 * that answers as GET /api/material-rentals/returns does (its own tests are the API's).
 */

const USER = 7;
const NOW = Date.parse('2026-03-02T09:00:00.000Z');

type Rental = { id: number; updatedAt: number; returns: Partial<RentalReturnDto>[] };

function memoryStore(owner: number | null = USER) {
  const rows = new Map<string, KeptQuery>();
  const meta = new Map<string, number>();
  const store: SyncStore = {
    owner: async () => owner,
    keptHashes: async (userId) =>
      new Set([...rows.values()].filter((row) => row.userId === userId).map((r) => r.queryHash)),
    rentalsAsOf: async (userId) => meta.get(`rentals-as-of:${userId}`) ?? null,
    write: async (userId, entries, marks) => {
      if (owner !== userId) return false;
      for (const entry of entries) rows.set(entry.queryHash, entry);
      if (marks.syncedAt !== null) meta.set(`synced:${userId}`, marks.syncedAt);
      if (marks.rentalsAsOf !== null) meta.set(`rentals-as-of:${userId}`, marks.rentalsAsOf);
      return true;
    },
  };
  return { store, rows, meta };
}

/** The API as the worker sees it: the rentals of the site and what else the plan asks. */
function server(rentals: Rental[], failing: Record<string, number> = {}) {
  const calls: URL[] = [];
  const fetcher = (async (input: string) => {
    const url = new URL(input, 'http://device.test');
    calls.push(url);
    const status = failing[url.pathname];
    const json = (body: object, code = 200) =>
      new Response(JSON.stringify(body), {
        status: code,
        headers: { 'content-type': 'application/json' },
      });
    if (status) return json({ success: false, message: 'No' }, status);
    if (url.pathname === '/api/material-rentals/returns') {
      const since = url.searchParams.get('since');
      const after = since === null ? null : Date.parse(since);
      const page = [...rentals].sort((a, b) => b.id - a.id).slice(0, 10);
      return json({
        success: true,
        message: 'Rentals and their returns fetched',
        data: {
          rentals: page.map((rental) => ({ id: rental.id })),
          pagination: { total: page.length, totalPages: 1, page: 1, limit: 10 },
          returns: page
            .filter((rental) => after === null || rental.updatedAt > after)
            .map((rental) => ({ rentalId: rental.id, returns: rental.returns })),
          asOf: new Date(NOW).toISOString(),
        },
      });
    }
    return json({ success: true, message: 'OK', data: [{ path: url.pathname }] });
  }) as typeof fetch;
  return { fetcher, calls };
}

const request: SyncRequest = {
  userId: USER,
  token: 'token',
  timeoutMs: 30_000,
  reads: [
    {
      queryKey: ['locations', 'options'],
      queryHash: hashQueryKey(['locations', 'options']),
      path: '/locations/options',
      query: {},
      unwrap: true,
    },
    {
      queryKey: ['materials', 'list', { page: 1 }],
      queryHash: hashQueryKey(['materials', 'list', { page: 1 }]),
      path: '/materials/list',
      query: { page: 1, limit: 10 },
      unwrap: false,
    },
  ],
  rentals: {
    query: { page: 1, locationId: 42, limit: 10 },
    listKey: ['material-rentals', 'list', { page: 1, locationId: 42 }],
    listHash: hashQueryKey(['material-rentals', 'list', { page: 1, locationId: 42 }]),
    returnsKey: ['material-rentals', 'returns'],
  },
};

const returnsOf = (rows: Map<string, KeptQuery>, rentalId: number) =>
  rows.get(hashQueryKey(['material-rentals', 'returns', rentalId]))?.data;

describe('the device copy, fetched by its worker', () => {
  it('reads each kind in one call and the rentals with their returns in one, and writes them under their keys', async () => {
    const { store, rows, meta } = memoryStore();
    const api = server([
      { id: 1, updatedAt: NOW - 5_000, returns: [{ id: 10, returnedQuantity: 2 }] },
      { id: 2, updatedAt: NOW - 5_000, returns: [] },
    ]);
    const answer = await syncDevice(request, store, api.fetcher, () => NOW);
    expect(answer).toEqual({ ok: true, whole: true, at: NOW, calls: 3 });
    expect(api.calls.map((url) => url.pathname).sort()).toEqual([
      '/api/locations/options',
      '/api/material-rentals/returns',
      '/api/materials/list',
    ]);
    expect(api.calls.find((url) => url.pathname.endsWith('/returns'))!.search).toBe(
      '?page=1&locationId=42&limit=10',
    );
    expect(rows.get(hashQueryKey(['locations', 'options']))?.data).toEqual([
      { path: '/api/locations/options' },
    ]);
    expect(rows.get(request.reads[1]!.queryHash)?.data).toMatchObject({ success: true });
    expect(rows.get(request.rentals!.listHash)?.data).toEqual({
      success: true,
      message: 'Rentals and their returns fetched',
      data: {
        rentals: [{ id: 2 }, { id: 1 }],
        pagination: { total: 2, totalPages: 1, page: 1, limit: 10 },
      },
    });
    expect(returnsOf(rows, 1)).toEqual([{ id: 10, returnedQuantity: 2 }]);
    expect(returnsOf(rows, 2)).toEqual([]);
    expect(meta.get(`synced:${USER}`)).toBe(NOW);
    expect(meta.get(`rentals-as-of:${USER}`)).toBe(NOW);
  });

  it('then asks for the returns changed since its last read (less a margin), and keeps the others', async () => {
    const { store, rows, meta } = memoryStore();
    const rentals: Rental[] = [
      { id: 1, updatedAt: NOW - 3_600_000, returns: [{ id: 10, returnedQuantity: 2 }] },
      { id: 2, updatedAt: NOW - 3_600_000, returns: [] },
    ];
    await syncDevice(request, store, server(rentals).fetcher, () => NOW);
    const later = NOW + 600_000;
    rentals[1] = { id: 2, updatedAt: later - 1_000, returns: [{ id: 11, returnedQuantity: 4 }] };
    const api = server(rentals);
    const answer = await syncDevice(request, store, api.fetcher, () => later);
    expect(answer).toMatchObject({ ok: true, whole: true, calls: 3 });
    const asked = api.calls.find((url) => url.pathname === '/api/material-rentals/returns')!;
    expect(asked.searchParams.get('since')).toBe(new Date(NOW - SINCE_MARGIN_MS).toISOString());
    expect(returnsOf(rows, 2)).toEqual([{ id: 11, returnedQuantity: 4 }]);
    expect(returnsOf(rows, 1)).toEqual([{ id: 10, returnedQuantity: 2 }]);
    // The unchanged rental's row is the first read's.
    expect(rows.get(hashQueryKey(['material-rentals', 'returns', 1]))?.updatedAt).toBe(NOW);
    expect(meta.get(`synced:${USER}`)).toBe(later);
  });

  it('reads the page whole again when a rental on it has no returns on the device and none were sent', async () => {
    const { store, rows, meta } = memoryStore();
    meta.set(`rentals-as-of:${USER}`, NOW - 60_000);
    const api = server([
      { id: 3, updatedAt: NOW - 3_600_000, returns: [{ id: 12, returnedQuantity: 1 }] },
    ]);
    const answer = await syncDevice(request, store, api.fetcher, () => NOW);
    expect(answer).toMatchObject({ ok: true, whole: true, calls: 4 });
    const asked = api.calls.filter((url) => url.pathname === '/api/material-rentals/returns');
    expect(asked.map((url) => url.searchParams.has('since'))).toEqual([true, false]);
    expect(returnsOf(rows, 3)).toEqual([{ id: 12, returnedQuantity: 1 }]);
  });

  it('keeps what came when a kind fails, without calling the sync whole', async () => {
    const { store, rows, meta } = memoryStore();
    const api = server([{ id: 1, updatedAt: NOW, returns: [] }], { '/api/materials/list': 500 });
    const answer = await syncDevice(request, store, api.fetcher, () => NOW);
    expect(answer).toEqual({ ok: true, whole: false, at: NOW, calls: 3 });
    expect(rows.has(request.reads[1]!.queryHash)).toBe(false);
    expect(returnsOf(rows, 1)).toEqual([]);
    expect(meta.has(`synced:${USER}`)).toBe(false);
    expect(meta.get(`rentals-as-of:${USER}`)).toBe(NOW);
  });

  it('writes nothing when the session has ended or the device is another user’s', async () => {
    const signedOut = memoryStore();
    const api = server([{ id: 1, updatedAt: NOW, returns: [] }], {
      '/api/material-rentals/returns': 401,
    });
    expect(await syncDevice(request, signedOut.store, api.fetcher, () => NOW)).toEqual({
      ok: false,
      reason: 'signed-out',
    });
    expect(signedOut.rows.size).toBe(0);
    const other = memoryStore(99);
    const untouched = server([]);
    expect(await syncDevice(request, other.store, untouched.fetcher, () => NOW)).toEqual({
      ok: false,
      reason: 'not-owner',
    });
    expect(untouched.calls).toEqual([]);
  });
});
