import { normalizeRole } from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { conflict } from '../../lib/app-error';
import type { UnitOfWork } from '../../lib/transaction';
import { revokeAllSessions } from '../auth/auth.service';
import * as repo from './users.repository';

export type AccessLoss = 'deactivate' | 'delete' | 'demote';

const SELF_MESSAGES: Record<AccessLoss, string> = {
  deactivate: 'You cannot deactivate your own account.',
  delete: 'You cannot delete your own account.',
  demote: 'You cannot change your own role.',
};

const VERBS: Record<AccessLoss, string> = {
  deactivate: 'deactivated',
  delete: 'deleted',
  demote: 'made a Field Manager',
};

/**
 * Nobody takes their own access away, and the last active admin keeps theirs: otherwise
 * nobody could administer the system any more.
 */
export async function assertMayLoseAccess(
  db: DbExecutor,
  actor: Actor,
  target: repo.UserRow,
  loss: AccessLoss,
): Promise<void> {
  if (target.id === actor.user.id) throw conflict(SELF_MESSAGES[loss]);
  if (normalizeRole(target.role) !== 'ADMIN' || !target.status) return;
  await repo.lockAdminChanges(db);
  if ((await repo.countOtherActiveAdmins(db, target.id)) === 0) {
    throw conflict(
      `${target.name} is the last active admin and cannot be ${VERBS[loss]}. Make another user an admin first.`,
    );
  }
}

/** Ends every session of the user now; their sockets are disconnected once the change commits. */
export async function endSessions(ctx: AppContext, uow: UnitOfWork, userId: number) {
  const ids = await revokeAllSessions(uow.tx, [userId]);
  if (ids.length > 0) {
    uow.afterCommit(() => {
      ctx.events.emit('sessionsRevoked', ids);
    });
  }
  return ids.length;
}
