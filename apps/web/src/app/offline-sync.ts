import {
  can,
  ownLocation,
  PAGE_SIZES,
  REQUEST_TIMEOUT_MS,
  type SessionUser,
  thisMonth,
} from '@stockyard/shared';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { activeStaffQuery, attendanceListQuery } from '@/features/attendance/api/get-attendance';
import { materialsQuery } from '@/features/inventory/api/get-materials';
import {
  rentalKeys,
  rentalStatsQuery,
  rentalsQuery,
} from '@/features/material-rentals/api/get-rentals';
import { rentalRequestsQuery } from '@/features/rental-requests/api/get-rental-requests';
import { staffListQuery } from '@/features/staff/api/get-staff';
import { locationOptionsQuery } from '@/hooks/use-location-options';
import type {
  PlannedRead,
  PlannedRentals,
  SyncAnswer,
  SyncRequest,
} from '@/lib/offline/device-sync';
import { sessionStore } from '@/lib/session';

/**
 * One kind of a field manager's working set: the screen's query (its key, and its `queryFn`, which
 * the copy's worker does not run: it asks `path` with `query` as the screen's call does, which the
 * tests check) and whether the screen keeps the answer's data alone.
 */
export type WorkingSetKind = {
  options: { queryKey: QueryKey; queryFn?: unknown };
  path: string;
  query: Record<string, string | number>;
  unwrap: boolean;
};

/**
 * A field manager's working set: their location's inventory, the rentals
 * to their site with their returns and the stats, their requests, their staff and the active
 * staff, this month's attendance and the location options; only what their flags let them see.
 * Null for an admin (no site of their own: nothing is kept ahead).
 */
export function workingSet(
  user: SessionUser,
): { kinds: WorkingSetKind[]; rentals: PlannedRentals | null } | null {
  const locationId = ownLocation(user);
  if (locationId === null) return null;
  const kinds: WorkingSetKind[] = [
    { options: locationOptionsQuery(), path: '/locations/options', query: {}, unwrap: true },
  ];
  if (can(user, 'GET /api/materials/list')) {
    kinds.push({
      options: materialsQuery({ page: 1 }),
      path: '/materials/list',
      query: { page: 1, limit: PAGE_SIZES.inventory },
      unwrap: false,
    });
  }
  let rentals: PlannedRentals | null = null;
  if (can(user, 'GET /api/material-rentals')) {
    kinds.push({
      options: rentalStatsQuery(),
      path: '/material-rentals/stats',
      query: {},
      unwrap: true,
    });
    const filters = { page: 1, locationId };
    const listKey = rentalsQuery(filters).queryKey;
    rentals = {
      query: { ...filters, limit: PAGE_SIZES.rentals },
      listKey,
      listHash: hashKey(listKey),
      // A rental's history is kept under this and its id: rentalKeys.returns(id).
      returnsKey: rentalKeys.returns(0).slice(0, -1),
    };
  }
  if (can(user, 'GET /api/rental-requests')) {
    const filters = { page: 1, limit: PAGE_SIZES.rentalRequests };
    kinds.push({
      options: rentalRequestsQuery(filters),
      path: '/rental-requests',
      query: filters,
      unwrap: false,
    });
  }
  if (can(user, 'GET /api/staff')) {
    kinds.push(
      {
        options: staffListQuery(1, { locationId }),
        path: '/staff',
        query: { page: 1, pageSize: PAGE_SIZES.staff, locationId },
        unwrap: false,
      },
      { options: activeStaffQuery(), path: '/staff/all/active', query: {}, unwrap: true },
    );
  }
  if (can(user, 'GET /api/attendance')) {
    const month = thisMonth();
    kinds.push({
      options: attendanceListQuery(1, { month, locationId }),
      path: '/attendance',
      query: { page: 1, limit: PAGE_SIZES.attendance, month, locationId },
      unwrap: false,
    });
  }
  return { kinds, rentals };
}

/**
 * A screen's answer this recent, and not made out of date by a write since, is on the device as it
 * came (keepOnDevice): not asked again.
 */
const FRESH_MS = 30_000;

/**
 * What the worker is asked: every kind of the working set but those the screens have just read,
 * and the rentals with their returns (always: the returns come with them).
 */
export function planSync(
  queryClient: QueryClient,
  user: SessionUser,
  token: string,
  now = Date.now(),
): SyncRequest | null {
  const set = workingSet(user);
  if (!set) return null;
  const reads: PlannedRead[] = [];
  for (const kind of set.kinds) {
    const state = queryClient.getQueryState(kind.options.queryKey);
    const fresh = state?.status === 'success' && !state.isInvalidated;
    if (fresh && state.dataUpdatedAt > now - FRESH_MS) continue;
    const { queryKey } = kind.options;
    reads.push({
      queryKey,
      queryHash: hashKey(queryKey),
      path: kind.path,
      query: kind.query,
      unwrap: kind.unwrap,
    });
  }
  return { userId: user.id, token, reads, rentals: set.rentals, timeoutMs: REQUEST_TIMEOUT_MS };
}

/** The longest a sync may take before its worker is ended (each of its calls has its timeout). */
const SYNC_LIMIT_MS = 2 * 60_000;

let running: { worker: Worker; done: Promise<SyncAnswer>; stop: () => void } | null = null;

/**
 * Fetches the user's working set onto the device in a worker, off the page's
 * thread; one at a time. Answers the time of a whole sync, or null (not a field manager, no
 * worker, a part missing, signed out meanwhile): the app works online as before whatever happens.
 */
export async function syncWorkingSet(
  queryClient: QueryClient,
  user: SessionUser,
): Promise<number | null> {
  const token = sessionStore.token();
  const request = token ? planSync(queryClient, user, token) : null;
  if (!request) return null;
  if (!running) {
    let worker: Worker;
    try {
      worker = new Worker(new URL('../lib/offline/device-sync.worker.ts', import.meta.url), {
        type: 'module',
        name: 'device-sync',
      });
    } catch {
      return null;
    }
    let stop = () => {};
    const done = new Promise<SyncAnswer>((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, reason: 'timeout' }), SYNC_LIMIT_MS);
      stop = () => {
        clearTimeout(timer);
        resolve({ ok: false, reason: 'stopped' });
      };
      worker.onmessage = (event: MessageEvent<SyncAnswer>) => {
        clearTimeout(timer);
        resolve(event.data);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        clearTimeout(timer);
        resolve({ ok: false, reason: 'worker-error' });
      };
    }).finally(() => {
      worker.terminate();
      if (running?.worker === worker) running = null;
    });
    running = { worker, done, stop };
    worker.postMessage(request);
  }
  const answer = await running.done;
  return answer.ok && answer.whole ? answer.at : null;
}

/** Signing out: a sync under way is ended (what it has not written is never written). */
export function stopSyncingWorkingSet(): void {
  running?.worker.terminate();
  running?.stop();
  running = null;
}
