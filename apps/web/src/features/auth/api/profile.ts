import type { ApiSuccess, SessionUser } from '@stockyard/shared';
import { startTransition, useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { type Session, sessionStore } from '@/lib/session';

/**
 * Confirms the stored session with the server once per token and refreshes the stored user.
 * A dead session answers 401, which the API client turns into a visit to /login.
 */
export function useSessionCheck(session: Session): { checking: boolean } {
  const token = session?.token ?? null;
  const [checkedToken, setCheckedToken] = useState<string | null>(null);
  useEffect(() => {
    if (!token || checkedToken === token) return;
    let cancelled = false;
    api
      .get<ApiSuccess<SessionUser>>('/auth/profile', { silent: true })
      .then(({ data }) => {
        if (!cancelled) sessionStore.updateUser(data);
      })
      .catch(() => undefined)
      .finally(() => {
        // The shell and the page it lets through render as a transition: in slices the browser
        // paints between, not one task of the whole screen (on a throttled phone 400 to 600 ms).
        if (!cancelled) startTransition(() => setCheckedToken(token));
      });
    return () => {
      cancelled = true;
    };
  }, [token, checkedToken]);
  return { checking: token !== null && checkedToken !== token };
}
