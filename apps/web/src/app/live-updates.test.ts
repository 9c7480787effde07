import { LIVE_TOPICS } from '@stockyard/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppSocket } from '@/lib/socket';
import { LIVE_QUERY_KEYS, useLiveUpdates } from './live-updates';

/** A socket stand-in that the test can make emit server events. */
function fakeSocket(connected: boolean) {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected,
    on(event: string, handler: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit: (event: string, ...args: unknown[]) => {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
  return socket;
}

function cacheWith(...keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { rows: [] });
  return client;
}
const invalidated = (client: QueryClient, key: unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

afterEach(cleanup);

describe('live updates', () => {
  it("reads the writer's own screen once: its write's `changed` joins the read its onSuccess started", async () => {
    const client = new QueryClient();
    const key = ['invoices', 'list', {}];
    let reads = 0;
    client.setQueryData(key, { rows: [] });
    // The screen showing the list (an active observer, as a mounted useQuery is).
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { rows: [] };
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    const socket = fakeSocket(true);
    renderHook(() => useLiveUpdates(socket as unknown as AppSocket, client));

    // The mutation's onSuccess reads the list again, then the socket tells of the same write.
    const onSuccess = client.invalidateQueries({ queryKey: ['invoices'] });
    socket.emit('changed', ['invoices']);
    await onSuccess;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(1);

    // Once that read is done, the next change (someone else's) is read again.
    socket.emit('changed', ['invoices']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(2);
    unsubscribe();
  });

  it('reads again the lists and details of the kind of records that changed, and no other', () => {
    const list = ['rental-requests', 'list', { page: 1 }];
    const detail = ['rental-requests', 'one', 9];
    const invoices = ['invoices', 'list', {}];
    const client = cacheWith(list, detail, invoices);
    const socket = fakeSocket(true);
    renderHook(() => useLiveUpdates(socket as unknown as AppSocket, client));

    socket.emit('changed', ['requests']);
    expect(invalidated(client, list)).toBe(true);
    expect(invalidated(client, detail)).toBe(true);
    expect(invalidated(client, invoices)).toBe(false);
  });

  it('reads every kind again after a reconnection, not at the first connection', () => {
    const invoices = ['invoices', 'list', {}];
    const client = cacheWith(invoices);
    const socket = fakeSocket(false);
    renderHook(() => useLiveUpdates(socket as unknown as AppSocket, client));
    socket.emit('connect');
    expect(invalidated(client, invoices)).toBe(false);
    socket.emit('connect');
    expect(invalidated(client, invoices)).toBe(true);
  });

  it('names queries for every kind of record the server tells of', () => {
    for (const topic of LIVE_TOPICS) expect(LIVE_QUERY_KEYS[topic].length).toBeGreaterThan(0);
  });
});
