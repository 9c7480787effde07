import type { QueryClient } from '@tanstack/react-query';
import { type KeptQuery, keepQueries, keptQueries } from './device-db';

/**
 * The families of queries kept on the device: what a field manager works with on
 * site (their location's inventory, the rentals to it with their returns, their requests, their
 * staff and attendance) and what those screens need around them (location options, the
 * dashboard they open on). Anything else is read from the server only.
 */
const KEPT_QUERY_FAMILIES: ReadonlySet<string> = new Set([
  'materials',
  'material-rentals',
  'rental-requests',
  'staff',
  'attendance',
  'locations',
  'dashboard',
]);

const isKept = (queryKey: readonly unknown[]) =>
  typeof queryKey[0] === 'string' && KEPT_QUERY_FAMILIES.has(queryKey[0]);

/** Writes gathered for this long go to the device in one transaction. */
const WRITE_DELAY_MS = 300;

/**
 * Keeps every answer of a kept family on the device as it arrives (TanStack Query's cache,
 * persisted by query; nothing else of the cache). Answers the unsubscribe.
 */
export function keepOnDevice(queryClient: QueryClient, userId: number): () => void {
  const waiting = new Map<string, KeptQuery>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let atOnce = false;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    atOnce = false;
    const batch = [...waiting.values()];
    waiting.clear();
    void keepQueries(batch).catch(() => {
      // A full or refused store keeps what it had: the app works online as before.
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { type } = event.action;
    // An answer, or a write making one out of date (kept so, so that a reload reads it again).
    if (type !== 'success' && type !== 'invalidate') return;
    // What the restore puts back (synchronously) is on the device as it is.
    if (restoring) return;
    const { query } = event;
    if (!isKept(query.queryKey) || query.state.data === undefined) return;
    waiting.set(query.queryHash, {
      userId,
      queryHash: query.queryHash,
      queryKey: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
      ...(query.state.isInvalidated ? { stale: true as const } : {}),
    });
    // A write's mark goes at once (after the invalidation's other queries): a reload before the
    // delay lost it, and the reloaded screen showed the answer from before the write as fresh.
    if (type === 'invalidate' && !atOnce) {
      atOnce = true;
      queueMicrotask(write);
    }
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) {
      clearTimeout(timer);
      write();
    }
  };
}

let restoring = false;

/**
 * Puts the device's answers into the cache, with the time each was fetched: what is newer in the
 * cache stays; an answer older than the cache's staleTime, or one a write made out of date, is read
 * again once a screen shows it online. Called at start, after each sync of the copy's worker (so
 * that a write's invalidation reaches what the worker fetched) and on going offline.
 */
export async function restoreFromDevice(queryClient: QueryClient, userId: number): Promise<void> {
  const kept = await keptQueries(userId);
  restoring = true;
  try {
    for (const entry of kept) {
      const current = queryClient.getQueryState(entry.queryKey);
      if (current?.dataUpdatedAt && current.dataUpdatedAt >= entry.updatedAt) continue;
      queryClient.setQueryData(entry.queryKey, entry.data, { updatedAt: entry.updatedAt });
      if (entry.stale) {
        void queryClient.invalidateQueries({
          queryKey: entry.queryKey,
          exact: true,
          refetchType: 'none',
        });
      }
    }
  } finally {
    restoring = false;
  }
}
