import { type ChangePasswordInput, PASSWORD_MESSAGES } from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import { hashNewPassword } from '../../lib/passwords';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { endSessionsOf } from '../sessions/sessions.service';
import { checkOwnPassword } from '../sign-in-limits/sign-in-limits.service';
import * as repo from './users.repository';
import { assertMayManage } from './users.rules';
import { USER_NOT_FOUND } from './users.service';

const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/** Only one's own password is changed (403 for anyone else's, before the body is read). */
export function assertOwnAccount(user: { id: number }, id: number) {
  if (id !== user.id) {
    throw forbidden('You can only change your own password. An admin can reset it instead.');
  }
}

/** The account whose password the actor may reset: not their own (403), one they may manage. */
export async function assertMayReset(ctx: AppContext, actor: Actor, id: number) {
  if (id === actor.user.id) throw forbidden(PASSWORD_MESSAGES.ownReset);
  const target = await repo.findUser(ctx.db, id);
  if (!target) throw notFound(USER_NOT_FOUND);
  assertMayManage(actor, target.user, USER_NOT_FOUND);
}

/**
 * An admin sets a new password for anyone else; every session of that user ends. Their own goes
 * through change-password, which proves the current one (a stolen session must not reset it).
 */
export async function resetPassword(
  ctx: AppContext,
  actor: Actor,
  id: number,
  password: string,
): Promise<void> {
  if (id === actor.user.id) throw forbidden(PASSWORD_MESSAGES.ownReset);
  const passwordHash = await hashNewPassword(password);
  await inTransaction(ctx, async (uow) => {
    const target = await repo.lockUser(uow.tx, id);
    if (!target) throw notFound(USER_NOT_FOUND);
    assertMayManage(actor, target, USER_NOT_FOUND);
    await repo.setPasswordHash(uow.tx, id, passwordHash);
    const endedSessions = await endSessionsOf(ctx, uow, id);
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: 'RESET_PASSWORD',
      description: `Reset the password of ${target.name} (${target.email})`,
      entityType: 'user',
      entityId: String(id),
      locationId: target.locationId,
      details: { endedSessions },
      ip: actor.ip,
    });
  });
}

/**
 * The signed-in user changes their own password, proving the current one. Every other session
 * ends (and its sockets are disconnected), so that a stolen session does not outlive the change;
 * the one that made the change stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor & { sessionId: string },
  id: number,
  input: ChangePasswordInput,
): Promise<void> {
  assertOwnAccount(actor.user, id);
  const current = await repo.findUser(ctx.db, id);
  if (!current) throw notFound(USER_NOT_FOUND);
  const proven = await checkOwnPassword(
    ctx,
    { email: current.user.email, ip: actor.ip },
    current.user.passwordHash,
    input.currentPassword,
  );
  if (!proven) {
    // 400, not 401: the session is fine, only the proof is wrong.
    throw badRequest(CURRENT_PASSWORD_WRONG, [
      { path: 'currentPassword', message: CURRENT_PASSWORD_WRONG },
    ]);
  }
  const passwordHash = await hashNewPassword(input.newPassword, 'newPassword');
  await inTransaction(ctx, async (uow) => {
    await repo.setPasswordHash(uow.tx, id, passwordHash);
    const endedSessions = await endSessionsOf(ctx, uow, id, actor.sessionId);
    await recordActivity(uow.tx, {
      userId: id,
      action: 'CHANGE_PASSWORD',
      description: `${current.user.name} changed their password`,
      entityType: 'user',
      entityId: String(id),
      locationId: current.user.locationId,
      details: { endedSessions },
      ip: actor.ip,
    });
  });
}
