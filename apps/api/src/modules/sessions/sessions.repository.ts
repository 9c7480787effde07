import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sessions } from '../../db/schema';

/**
 * Opens the session, unless one with its id exists: false then. A second insert of one id waits
 * for the first's transaction and does nothing once it commits (a two-factor challenge names its
 * session's id, so that it opens one session however many completions race).
 */
export async function insertSession(
  db: DbExecutor,
  session: typeof sessions.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(sessions)
    .values(session)
    .onConflictDoNothing({ target: sessions.id })
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function revokeSession(db: DbExecutor, sessionId: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Ends the user's live sessions (but `exceptSessionId`); their ids. */
export async function revokeSessionsOf(
  db: DbExecutor,
  userId: number,
  exceptSessionId?: string,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
