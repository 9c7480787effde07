import { DEFAULT_PERMISSIONS, type SessionUser } from '@stockyard/shared';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aFieldManager } from '@/lib/test-users';
import { useAccountSync } from './account-sync';
import { sessionStore } from './session';
import type { AppSocket } from './socket';

const stored = aFieldManager();

/** A socket stand-in that the test can make emit server events. */
function fakeSocket() {
  const handlers = new Map<string, Set<() => void>>();
  const socket = {
    on(event: string, handler: () => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: () => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit: (event: string) => {
      for (const handler of handlers.get(event) ?? []) handler();
    },
  };
  return socket;
}

let profile: SessionUser;
const profileCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/auth/profile').length;

beforeEach(() => {
  profile = stored;
  sessionStore.set({ token: 'session-token', user: stored });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, data: profile }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function mount() {
  const socket = fakeSocket();
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  renderHook(() => useAccountSync(socket as unknown as AppSocket, queryClient));
  return { socket, invalidate };
}

describe('useAccountSync', () => {
  it('stores the account anew and refetches the queries when the server says it changed', async () => {
    const { socket, invalidate } = mount();
    profile = { ...stored, permissions: { ...DEFAULT_PERMISSIONS, manageInventory: true } };
    socket.emit('account:changed');
    await waitFor(() => expect(sessionStore.get()?.user.permissions.manageInventory).toBe(true));
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
    expect(sessionStore.token()).toBe('session-token');
  });

  it('checks the account when the window regains focus, and refetches only if it changed', async () => {
    const { invalidate } = mount();
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(profileCalls()).toBe(1));
    expect(invalidate).not.toHaveBeenCalled();

    profile = { ...stored, locationId: 3, location: { name: 'South Site' } };
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(sessionStore.get()?.user.location?.name).toBe('South Site'));
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
  });

  it('stops listening once unmounted', async () => {
    const socket = fakeSocket();
    const { unmount } = renderHook(() =>
      useAccountSync(socket as unknown as AppSocket, new QueryClient()),
    );
    unmount();
    socket.emit('account:changed');
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(profileCalls()).toBe(0);
  });
});
