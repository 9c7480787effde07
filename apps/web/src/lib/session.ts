import {
  type ApiRoute,
  can,
  type SessionUser,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
} from '@stockyard/shared';
import { useSyncExternalStore } from 'react';

/** The signed-in session, kept in browser storage (01-core.md section 4). */
export type Session = { token: string; user: SessionUser } | null;

const listeners = new Set<() => void>();
let current: Session = read();

function read(): Session {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  const raw = localStorage.getItem(USER_STORAGE_KEY);
  if (!token || !raw) return null;
  try {
    return { token, user: JSON.parse(raw) as SessionUser };
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): Session => current,
  token: (): string | null => current?.token ?? null,
  set(session: NonNullable<Session>): void {
    localStorage.setItem(TOKEN_STORAGE_KEY, session.token);
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(session.user));
    current = session;
    emit();
  },
  /** Stores the account as the server now describes it; the same account again changes nothing. */
  updateUser(user: SessionUser): boolean {
    if (!current || JSON.stringify(user) === JSON.stringify(current.user)) return false;
    sessionStore.set({ token: current.token, user });
    return true;
  },
  clear(): void {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(USER_STORAGE_KEY);
    current = null;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this one too.
window.addEventListener('storage', (event) => {
  if (event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) {
    current = read();
    emit();
  }
});

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/**
 * Whether the signed-in user may call a route of the shared access table: what every action
 * button asks before it shows (the server refuses the call anyway).
 */
export function useCan(): (route: ApiRoute) => boolean {
  const user = useSession()?.user;
  return (route) => user !== undefined && can(user, route);
}
