import {
  ACCOUNT_LIMITS,
  accountRefusal,
  assignableRoles,
  grantableFlags,
  normalizeRole,
  PERMISSION_FLAGS,
  type Permissions,
} from '@stockyard/shared';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { conflict, forbidden } from '../../lib/app-error';
import { assertReadable, assertWritable } from '../../lib/location-scope';
import { permissionsOf } from '../../lib/user-dto';
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

/**
 * Whether the actor may edit, reset, activate or deactivate the account (the shared
 * `accountRefusal`): a field manager with Manage Users only USER accounts of their own location
 * whose flags are all among their own. Another location's account is 404 to them; an admin's, or
 * a peer's who holds a flag they lack, 403 with the reason. Call it on the locked row, so that the
 * flags it reads are the ones the write changes.
 */
export function assertMayManage(actor: Actor, target: repo.UserRow, notFoundMessage: string) {
  assertReadable(actor.user, target.locationId, notFoundMessage);
  const refusal = accountRefusal(actor.user, {
    role: target.role,
    locationId: target.locationId,
    permissions: permissionsOf(target),
  });
  if (refusal) throw forbidden(refusal);
}

/**
 * The account a user writes: a role they may assign, at a location they may write, with no flag
 * turned on that they do not hold (the shared `assignableRoles` and `grantableFlags`).
 */
export function assertMayGrant(
  actor: Actor,
  next: { role: string; locationId: number | null; flags: Permissions },
  before?: Permissions,
) {
  const role = normalizeRole(next.role);
  if (!role || !assignableRoles(actor.user).includes(role)) {
    throw forbidden(ACCOUNT_LIMITS.role);
  }
  assertWritable(actor.user, next.locationId);
  const grantable = grantableFlags(actor.user);
  for (const flag of PERMISSION_FLAGS) {
    if (next.flags[flag] && !before?.[flag] && !grantable.includes(flag)) {
      throw forbidden(ACCOUNT_LIMITS.flag);
    }
  }
}
