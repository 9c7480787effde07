import type { SessionUser } from '@stockyard/shared';

/** How long a confirmed session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

type Entry = { user: SessionUser; until: number };

/**
 * Confirmed sessions, kept for a few seconds so that a signed-in request costs no session query.
 * It serves only while `enabled`, that is while this process hears every change to sessions and
 * users (the `stockyard_auth` channel); a lost listener disables it until it is back.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private enabled = false;

  get(sessionId: string, userId: number, now = Date.now()): SessionUser | null {
    if (!this.enabled) return null;
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.until <= now || entry.user.id !== userId) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry.user;
  }

  set(sessionId: string, user: SessionUser, expiresAt: Date, now = Date.now()): void {
    if (!this.enabled) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const until = Math.min(now + SESSION_CACHE_TTL_MS, expiresAt.getTime());
    this.entries.set(sessionId, { user, until });
  }

  dropSessions(sessionIds: readonly string[]): void {
    for (const id of sessionIds) this.entries.delete(id);
  }

  dropUsers(userIds: readonly number[]): void {
    const ids = new Set(userIds);
    for (const [sessionId, entry] of this.entries) {
      if (ids.has(entry.user.id)) this.entries.delete(sessionId);
    }
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) this.entries.clear();
  }

  get isEnabled(): boolean {
    return this.enabled;
  }
}
