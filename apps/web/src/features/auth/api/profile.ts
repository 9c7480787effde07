import type { ApiSuccess, SessionUser } from '@stockyard/shared';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

/** The check of each token this tab has confirmed, or is confirming. */
const checks = new Map<string, Promise<void>>();

/**
 * Confirms the stored session with the server once per token and refreshes the stored user: the
 * promise a signed-in page waits on (`use`, its Suspense showing the page's frame meanwhile). It
 * settles either way: a dead session answers 401, which the API client turns into a visit to
 * /login.
 */
export function sessionChecked(token: string): Promise<void> {
  let check = checks.get(token);
  if (!check) {
    check = api
      .get<ApiSuccess<SessionUser>>('/auth/profile', { silent: true })
      .then(({ data }) => {
        sessionStore.updateUser(data);
      })
      .catch(() => undefined);
    checks.set(token, check);
  }
  return check;
}
