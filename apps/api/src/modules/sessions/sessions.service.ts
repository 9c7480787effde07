import type { SessionEndReason } from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { UnitOfWork } from '../../lib/transaction';
import * as repo from './sessions.repository';

/**
 * The sessions table's one writer: auth opens and ends a session, users ends an account's when an
 * admin deactivates, deletes or resets it (auth and users may not import each other).
 */

/** Opens the session inside the caller's transaction; false when one with its id exists. */
export function openSession(
  tx: DbExecutor,
  session: Parameters<typeof repo.insertSession>[1],
): Promise<boolean> {
  return repo.insertSession(tx, session);
}

/** Ends one session (signing out); its sockets are disconnected once the change commits. */
export async function endSession(ctx: AppContext, uow: UnitOfWork, sessionId: string) {
  const ids = await repo.revokeSession(uow.tx, sessionId);
  uow.afterCommit(() => {
    ctx.events.emit('sessionsRevoked', ids);
  });
}

/**
 * Ends every session of the user now (but `exceptSessionId`, the caller's own, when given); their
 * sockets are disconnected once the change commits, told first the `reason` when one is given
 * (their screens then go to the sign-in page saying it). Answers how many were ended.
 */
export async function endSessionsOf(
  ctx: AppContext,
  uow: UnitOfWork,
  userId: number,
  exceptSessionId?: string,
  reason?: SessionEndReason,
): Promise<number> {
  const ids = await repo.revokeSessionsOf(uow.tx, userId, exceptSessionId);
  if (ids.length > 0) {
    uow.afterCommit(() => {
      ctx.events.emit('sessionsRevoked', ids, reason);
    });
  }
  return ids.length;
}
