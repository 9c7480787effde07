import type { SessionUser } from '@stockyard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { onOutboxSent, outbox } from '@/lib/offline/device';
import { keepOnDevice, restoreFromDevice } from '@/lib/offline/device-copy';
import { claimDevice, syncedAt, wipeDevice } from '@/lib/offline/device-db';
import type { OutboxEntry } from '@/lib/offline/outbox';
import { registerServiceWorker } from '@/lib/offline/register-service-worker';
import { syncWorkingSet } from './offline-sync';

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
  // Installed with the signed-in shell, so that the sign-in page's bundle stays as small as it was.
  registerServiceWorker();
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

/**
 * The device's side of the signed-in session (decision 041): makes the device this user's (another
 * user's copy is wiped), puts the kept answers back into the cache and keeps new ones, opens the
 * outbox and sends what waits, and fetches the working set whenever the connection is there (on
 * sign-in, on a reload, on coming back online). Answers whether the kept answers are in place.
 */
export function useOfflineDevice(queryClient: QueryClient, user: SessionUser): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let stopKeeping: (() => void) | null = null;
    onOutboxSent((entry) => {
      for (const queryKey of CHANGED_BY[entry.preview.kind]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    });
    const sync = async () => {
      if (!navigator.onLine) return;
      await outbox.flush();
      if (await syncWorkingSet(queryClient, user).catch(() => false)) {
        setLastSync(await syncedAt(user.id).catch(() => Date.now()));
      }
    };
    void start(queryClient, user.id).then(() => {
      if (cancelled) return;
      stopKeeping = keepOnDevice(queryClient, user.id);
      setReady(true);
      void sync();
    });
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => {
      cancelled = true;
      stopKeeping?.();
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient, user]);
  return ready;
}

/** Signing out: the device's copy and outbox go (the caller asked first if writes were waiting). */
export async function forgetDevice(): Promise<void> {
  started = null;
  outbox.reset();
  setLastSync(null);
  await wipeDevice().catch(() => undefined);
}
