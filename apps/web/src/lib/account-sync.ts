import type {
  ApiSuccess,
  ClientToServerEvents,
  ServerToClientEvents,
  SessionUser,
} from '@stockyard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { api } from './api-client';
import { sessionStore } from './session';

let asked = 0;
let applied = 0;

/**
 * Fetches the signed-in account again and stores it; answers whether it changed. An answer older
 * than one already stored is dropped. A dead session answers 401, which the API client turns
 * into a visit to /login.
 */
export async function refreshSessionUser(): Promise<boolean> {
  if (!sessionStore.token()) return false;
  const ticket = ++asked;
  try {
    const { data } = await api.get<ApiSuccess<SessionUser>>('/auth/profile', { silent: true });
    if (ticket < applied) return false;
    applied = ticket;
    return sessionStore.updateUser(data);
  } catch {
    return false;
  }
}

/**
 * Keeps the stored account in step with the server, so that the sidebar, the pages and the
 * buttons follow an admin's change of this user's flags, role, location or status at once:
 * on the socket's `account:changed`, on each (re)connect (an event may have been missed) and
 * when the window regains focus. The queries are fetched again, as what the user may see changed.
 */
/** The app's socket (lib/socket's AppSocket; named here, since lib/socket imports this module). */
type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function useAccountSync(socket: AppSocket | null, queryClient: QueryClient): void {
  useEffect(() => {
    let checking = false;
    const refresh = async (always: boolean) => {
      const changed = await refreshSessionUser();
      if (changed || always) await queryClient.invalidateQueries();
    };
    const onChanged = () => void refresh(true);
    // Focus and visibilitychange come together on a tab switch: one check is enough.
    const onReturn = () => {
      if (checking || document.visibilityState !== 'visible') return;
      checking = true;
      void refresh(false).finally(() => {
        checking = false;
      });
    };
    socket?.on('account:changed', onChanged);
    socket?.on('connect', onReturn);
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      socket?.off('account:changed', onChanged);
      socket?.off('connect', onReturn);
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [socket, queryClient]);
}
