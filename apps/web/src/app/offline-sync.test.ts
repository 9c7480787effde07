import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, type SessionUser } from '@stockyard/shared';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rentalKeys, rentalsQuery } from '@/features/material-rentals/api/get-rentals';
import { hashQueryKey } from '@/lib/offline/device-sync';
import { planSync, workingSet } from './offline-sync';

const manager = (permissions = ALL_PERMISSIONS): SessionUser => ({
  id: 7,
  name: 'Field Manager',
  email: 'fm@site.test',
  role: 'USER',
  locationId: 42,
  location: { name: 'Site' },
  status: true,
  lastLogin: null,
  permissions,
});

let requested: string[];

beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      const body = { success: true, message: 'OK', data: [{ id: 1 }], pagination: { total: 1 } };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const sortedQuery = (url: URL) => [...url.searchParams.entries()].sort();

describe("a field manager's working set, as the device copy's worker asks it", () => {
  it("asks each kind as the screen's own query does, under its key, keeping what the screen keeps", async () => {
    const set = workingSet(manager())!;
    expect(set.kinds.map((kind) => kind.path)).toEqual([
      '/locations/options',
      '/materials/list',
      '/material-rentals/stats',
      '/rental-requests',
      '/staff',
      '/staff/all/active',
      '/attendance',
    ]);
    for (const kind of set.kinds) {
      requested = [];
      const queryFn = kind.options.queryFn as () => Promise<unknown>;
      const kept = await queryFn();
      expect(requested, kind.path).toHaveLength(1);
      const screens = new URL(requested[0]!, 'http://device.test');
      const workers = new URL(
        `/api${kind.path}?${new URLSearchParams(Object.entries(kind.query).map(([k, v]) => [k, String(v)]))}`,
        'http://device.test',
      );
      expect(workers.pathname, kind.path).toBe(screens.pathname);
      expect(sortedQuery(workers), kind.path).toEqual(sortedQuery(screens));
      const envelope = {
        success: true,
        message: 'OK',
        data: [{ id: 1 }],
        pagination: { total: 1 },
      };
      expect(kept, kind.path).toEqual(kind.unwrap ? envelope.data : envelope);
      // The worker hashes keys as TanStack Query does.
      expect(hashQueryKey(kind.options.queryKey)).toBe(hashKey(kind.options.queryKey));
    }
  });

  it("keeps the rentals' first page and each rental's returns under the rentals page's and the history's keys", () => {
    const { rentals } = workingSet(manager())!;
    expect(rentals).not.toBeNull();
    const listKey = rentalsQuery({ page: 1, locationId: 42 }).queryKey;
    expect(rentals!.listKey).toEqual(listKey);
    expect(rentals!.listHash).toBe(hashKey(listKey));
    expect(rentals!.query).toEqual({ page: 1, locationId: 42, limit: 10 });
    const returnsKey = [...rentals!.returnsKey, 31];
    // The key of the Return History's query (useRentalReturns).
    expect(returnsKey).toEqual(rentalKeys.returns(31));
    expect(hashQueryKey(returnsKey)).toBe(hashKey(rentalKeys.returns(31)));
    expect(hashQueryKey(listKey)).toBe(rentals!.listHash);
  });

  it('asks only what the flags let the user see, and nothing ahead for an admin', () => {
    const plain = workingSet(manager({ ...DEFAULT_PERMISSIONS, viewAttendance: false }))!;
    expect(plain.kinds.map((kind) => kind.path)).not.toContain('/attendance');
    expect(plain.kinds.map((kind) => kind.path)).not.toContain('/staff');
    const admin: SessionUser = { ...manager(), role: 'ADMIN', locationId: null, location: null };
    expect(workingSet(admin)).toBeNull();
  });

  it('leaves out what a screen has just read (it is on the device as it came), not what is older', () => {
    const queryClient = new QueryClient();
    const now = Date.now();
    const set = workingSet(manager())!;
    const [options, materials] = set.kinds;
    queryClient.setQueryData(options!.options.queryKey, [], { updatedAt: now - 5_000 });
    queryClient.setQueryData(materials!.options.queryKey, {}, { updatedAt: now - 10 * 60_000 });
    const request = planSync(queryClient, manager(), 'token', now)!;
    const paths = request.reads.map((read) => read.path);
    expect(paths).not.toContain('/locations/options');
    expect(paths).toContain('/materials/list');
    expect(paths).toHaveLength(set.kinds.length - 1);
    // The rentals come with their returns whatever the screens have read.
    expect(request.rentals).toEqual(set.rentals);
    expect(request).toMatchObject({ userId: 7, token: 'token' });
  });
});
