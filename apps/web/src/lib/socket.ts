import type { ClientToServerEvents, ServerToClientEvents } from '@stockyard/shared';
import { startTransition, useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { refreshSessionUser } from './account-sync';
import { endSession } from './api-client';
import { whenIdle } from './idle';
import { sessionStore, useSession } from './session';

/**
 * The one live connection of the signed-in session. Imported only from the shell's lazy code,
 * so socket.io-client stays out of the sign-in page's bundle.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let current: { token: string; socket: AppSocket; users: number } | null = null;

function connect(token: string): AppSocket {
  const socket: AppSocket = io({
    path: '/socket.io',
    auth: { token },
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  });
  // A refused handshake means the session has ended: one call, whose 401 sends the browser to
  // /login, ends the screens now rather than at the user's next click. Network trouble retries
  // by itself.
  socket.on('connect_error', (error) => {
    const { code } = (error as Error & { data?: { code?: string } }).data ?? {};
    if (code === 'UNAUTHORIZED' && current?.socket === socket) void refreshSessionUser();
  });
  // An admin deactivated or deleted the account: every screen of it ends at once, saying so.
  socket.on('session:ended', (reason) => {
    if (current?.socket === socket) endSession(reason);
  });
  // The server says goodbye the same way when it restarts as when the session ends, and socket.io
  // does not come back by itself after either: try once more, which a dead session refuses.
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    setTimeout(
      () => {
        if (current?.socket === socket) socket.connect();
      },
      1_000 + Math.random() * 2_000,
    );
  });
  return socket;
}

function close(): void {
  current?.socket.disconnect();
  current = null;
}

/** Shares the connection of `token`, opening it (and closing another session's) when needed. */
function acquire(token: string): AppSocket {
  if (current?.token !== token) {
    close();
    current = { token, socket: connect(token), users: 0 };
  }
  current.users += 1;
  return current.socket;
}

function release(token: string): void {
  if (current?.token !== token) return;
  current.users -= 1;
  // A remount (StrictMode, a route change) picks the connection up again before it closes.
  setTimeout(() => {
    if (current?.token === token && current.users <= 0) close();
  }, 0);
}

// Logout, or a sign-in as someone else in another tab, ends this session's connection at once.
sessionStore.subscribe(() => {
  if (current && current.token !== sessionStore.token()) close();
});

/** The signed-in session's socket, or null while signed out (and until the page has painted). */
export function useSocket(): AppSocket | null {
  const token = useSession()?.token ?? null;
  const [socket, setSocket] = useState<AppSocket | null>(null);
  useEffect(() => {
    if (!token) return;
    // Opened once the page has painted and the main thread is idle: the socket's
    // handshake is no part of showing the screen, and a phone's first seconds are the screen's.
    let acquired = false;
    const cancel = whenIdle(() => {
      acquired = true;
      const opened = acquire(token);
      // The shell renders again with it: a transition, so a phone paints and answers meanwhile.
      startTransition(() => setSocket(opened));
    });
    return () => {
      cancel();
      if (acquired) release(token);
      setSocket(null);
    };
  }, [token]);
  return socket;
}
