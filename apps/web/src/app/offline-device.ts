import type { SessionUser } from '@stockyard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { use, useEffect, useState, useSyncExternalStore } from 'react';
import { onOutboxSent, outbox } from '@/lib/offline/device';
import { keepOnDevice, restoreFromDevice } from '@/lib/offline/device-copy';
import { claimDevice, syncedAt, wipeDevice } from '@/lib/offline/device-db';
import type { OutboxEntry } from '@/lib/offline/outbox';
import { registerServiceWorker } from '@/lib/offline/register-service-worker';

/**
 * The working set's sync (its plan names every kept kind's query, with those features' schemas),
 * loaded when the page is up and a sync starts, not with the shell.
 */
let syncModule: typeof import('./offline-sync') | null = null;
async function loadSync(): Promise<typeof import('./offline-sync')> {
  syncModule ??= await import('./offline-sync');
  return syncModule;
}

/** What each kind of kept write changes, read again once the server has it. */
const CHANGED_BY: Record<OutboxEntry['preview']['kind'], string[][]> = {
  return: [['material-rentals'], ['materials'], ['dashboard']],
  attendance: [['attendance'], ['dashboard']],
  request: [['rental-requests']],
  'stock-take-count': [['materials'], ['dashboard']],
};

let lastSync: number | null = null;
const syncListeners = new Set<() => void>();
function setLastSync(at: number | null) {
  lastSync = at;
  for (const listener of syncListeners) listener();
}

/** When the working set on this device was last fetched whole (ms since the epoch), if ever. */
export function useLastSync(): number | null {
  return useSyncExternalStore(
    (listener) => {
      syncListeners.add(listener);
      return () => syncListeners.delete(listener);
    },
    () => lastSync,
  );
}

/** One start per user, whatever the remounts (StrictMode, a route change). */
let started: { userId: number; ready: Promise<void> } | null = null;

function start(queryClient: QueryClient, userId: number): Promise<void> {
  if (started?.userId === userId) return started.ready;
  // A worker already in place only checks for a new version, a small read: at once, as always.
  if (navigator.serviceWorker?.controller) registerServiceWorker();
  const ready = (async () => {
    try {
      await claimDevice(userId);
      await restoreFromDevice(queryClient, userId);
      setLastSync(await syncedAt(userId));
    } catch {
      // No IndexedDB (a private window may refuse it): the app works online as before.
    }
    await outbox.open(userId).catch(() => undefined);
  })();
  started = { userId, ready };
  return ready;
}

/** Resolves when the browser has nothing else to do (at the latest after `timeout` ms). */
function idle(timeout = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 200);
  });
}

/** Resolves when no query is fetching, or after `timeout` ms. */
function readsSettled(queryClient: QueryClient, timeout: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeout);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    if (queryClient.isFetching() === 0) done();
  });
}

/**
 * Once the page is up: the first render done, the screen's own reads answered (at
 * most 10 s) and the browser idle, so that the device's copy never competes with a screen; what
 * the screen has just read is then left out of the copy's calls.
 */
async function afterInteractive(queryClient: QueryClient): Promise<void> {
  const until = Date.now() + 10_000;
  await idle();
  while (queryClient.isFetching() > 0 && Date.now() < until) {
    await readsSettled(queryClient, until - Date.now());
    await idle();
  }
}

/**
 * The device's side of the signed-in session (decision 041): makes the device this user's (another
 * user's copy is wiped), puts the kept answers back into the cache and keeps new ones, opens the
 * outbox and sends what waits, and has a worker fetch the working set onto the device once the page
 * is up, whenever the connection is there (on sign-in, on a reload, on coming back online). Going
 * offline puts what the worker kept into the cache. The shell renders once the kept answers are
 * in place.
 */
export function useOfflineDevice(queryClient: QueryClient, user: SessionUser): void {
  // Suspends (the Suspense around the shell shows the page's frame) until the kept answers are in
  // the cache; the start made for this user, kept for as long as they are signed in here.
  const [ready] = useState(() => start(queryClient, user.id));
  use(ready);
  useEffect(() => {
    let cancelled = false;
    let stopKeeping: (() => void) | null = null;
    onOutboxSent((entry) => {
      for (const queryKey of CHANGED_BY[entry.preview.kind]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    });
    const syncNow = async () => {
      if (!navigator.onLine) return;
      await outbox.flush();
      await afterInteractive(queryClient);
      if (cancelled || !navigator.onLine) return;
      // A first install fetches all of the app's code (130 files): begun at the page's load
      // event, it competed with the screen's own reads and first rows.
      registerServiceWorker();
      const sync = await loadSync().catch(() => null);
      if (!sync || cancelled || !navigator.onLine) return;
      const at = await sync.syncWorkingSet(queryClient, user).catch(() => null);
      if (cancelled) return;
      // What the worker wrote to the device, in the cache too: a write's invalidation reaches it.
      await restoreFromDevice(queryClient, user.id).catch(() => undefined);
      if (at !== null && !cancelled) setLastSync(at);
    };
    stopKeeping = keepOnDevice(queryClient, user.id);
    void syncNow();
    const onOnline = () => void syncNow();
    // The worker's copy is on the device, not in the cache: the screens find it there offline.
    const onOffline = () => void restoreFromDevice(queryClient, user.id).catch(() => undefined);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      cancelled = true;
      stopKeeping?.();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [queryClient, user]);
}

/** Signing out: the device's copy and outbox go (the caller asked first if writes were waiting). */
export async function forgetDevice(): Promise<void> {
  started = null;
  syncModule?.stopSyncingWorkingSet();
  outbox.reset();
  setLastSync(null);
  await wipeDevice().catch(() => undefined);
}
