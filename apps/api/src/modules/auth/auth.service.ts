import { randomUUID } from 'node:crypto';
import {
  LOGIN_RATE_LIMIT,
  type LoginInput,
  MESSAGES,
  normalizeRole,
  SESSION_LIFETIME_SECONDS,
  SETTINGS_MESSAGES,
  type SessionEndReason,
  type SessionUser,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { inTransaction } from '../../lib/transaction';
import { toUserDto } from '../../lib/user-dto';
import { recordActivity } from '../activity/activity.service';
import { endSession, openSession } from '../sessions/sessions.service';
import { verifySignInCode } from '../settings/two-factor.service';
import {
  markPasswordCheckSucceeded,
  reservePasswordCheck,
} from '../sign-in-limits/sign-in-limits.service';
import { stampSignIn } from '../users/users-account.service';
import * as repo from './auth.repository';
import { noticeSignIn } from './sign-in-notice';
import { signChallenge, signSessionToken, verifyChallenge } from './tokens';

export type ClientInfo = { ip: string; userAgent: string | null };

/** A sign-in refused by the limits goes to the activity log too, with no password checked. */
async function recordRefusedAttempt(ctx: AppContext, input: LoginInput, client: ClientInfo) {
  const account = await repo.findActiveAccountByEmail(ctx.db, input.email);
  await recordActivity(ctx.db, {
    userId: account?.id ?? null,
    action: 'LOGIN_REFUSED',
    description: `Sign-in for ${input.email} refused: too many failed attempts`,
    entityType: 'auth',
    locationId: account?.locationId ?? null,
    details: { email: input.email, outcome: 'refused', userAgent: client.userAgent },
    ip: client.ip,
  });
}

export type SignedIn = { token: string; user: SessionUser; sessionId: string };
/** The password was right and the account has two-factor sign-in: a code must follow. */
export type CodeRequired = { twoFactorRequired: true; challenge: string };

export async function login(
  ctx: AppContext,
  input: LoginInput,
  client: ClientInfo,
): Promise<SignedIn | CodeRequired> {
  const { db } = ctx;
  // Counted before the check, so that no burst gets more checks than the limits allow.
  const attemptId = await reservePasswordCheck(db, ctx.loginLimits ?? LOGIN_RATE_LIMIT, {
    email: input.email,
    ip: client.ip,
  }).catch(async (error: unknown) => {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      await recordRefusedAttempt(ctx, input, client);
    }
    throw error;
  });

  const account = await repo.findActiveAccountByEmail(db, input.email);
  const passwordOk = await verifyPassword(
    account?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  const allowed =
    account !== null && passwordOk && account.status && normalizeRole(account.role) !== null;

  if (!allowed) {
    const reason = !account
      ? 'unknown account'
      : !passwordOk
        ? 'wrong password'
        : 'inactive account';
    // The attempt is already stored as a failure.
    await recordActivity(db, {
      userId: account?.id ?? null,
      action: 'LOGIN_FAILED',
      description: `Failed sign-in for ${input.email}`,
      entityType: 'auth',
      locationId: account?.locationId ?? null,
      details: { email: input.email, outcome: 'failure', reason, userAgent: client.userAgent },
      ip: client.ip,
    });
    // Said only to whoever gave the right password: to anyone else a deactivated account's
    // e-mail looks like any wrong one.
    if (account && passwordOk && !account.status)
      throw new AppError('ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated);
    throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  }

  if (account.twoFactorSecret) {
    // The attempt stays counted as a failure until a code completes the sign-in: otherwise each
    // right password would reset the limits, and codes could be guessed without end.
    return {
      twoFactorRequired: true,
      challenge: await signChallenge(ctx.jwtSecret, account.id, account.email),
    };
  }
  return startSession(ctx, account, client, attemptId);
}

/**
 * The second step of a sign-in with two-factor (decision 014): the challenge of the first step and
 * a code. Each try counts against the sign-in limits like a password.
 */
export async function loginWithCode(
  ctx: AppContext,
  input: { challenge: string; code: string },
  client: ClientInfo,
): Promise<SignedIn> {
  const claims = await verifyChallenge(ctx.jwtSecret, input.challenge);
  // 400: the first step must be done again; the code was not checked, so no attempt is counted.
  if (!claims) {
    throw new AppError('VALIDATION_ERROR', SETTINGS_MESSAGES.challengeExpired, [
      { path: 'challenge', message: SETTINGS_MESSAGES.challengeExpired },
    ]);
  }
  const attemptId = await reservePasswordCheck(ctx.db, ctx.loginLimits ?? LOGIN_RATE_LIMIT, {
    email: claims.email,
    ip: client.ip,
  });
  const account = await repo.findActiveAccountByEmail(ctx.db, claims.email);
  const usable =
    account !== null &&
    account.id === claims.userId &&
    account.status &&
    normalizeRole(account.role) !== null;
  if (usable) {
    try {
      return await startSession(ctx, account, client, attemptId, {
        sessionId: claims.sessionId,
        code: input.code,
      });
    } catch (error) {
      if (!(error instanceof CodeRefused)) throw error;
    }
  }
  await recordActivity(ctx.db, {
    userId: account?.id ?? null,
    action: 'LOGIN_FAILED',
    description: `Failed two-factor sign-in for ${claims.email}`,
    entityType: 'auth',
    locationId: account?.locationId ?? null,
    details: {
      email: claims.email,
      outcome: 'failure',
      reason: 'wrong code',
      userAgent: client.userAgent,
    },
    ip: client.ip,
  });
  throw new AppError('UNAUTHORIZED', SETTINGS_MESSAGES.invalidCode);
}

type Account = NonNullable<Awaited<ReturnType<typeof repo.findActiveAccountByEmail>>>;

/** The code of a two-factor challenge was wrong: the session's transaction is rolled back. */
class CodeRefused extends Error {}

/**
 * Opens a session. With a two-factor challenge, the session is the one it names, and the code is
 * checked in the same transaction once that session's row is claimed: a challenge is spent by its
 * first success (a second completion, however close, finds the row taken and is refused with 400),
 * and a code (a recovery code too) is spent only by the sign-in it completes.
 */
async function startSession(
  ctx: AppContext,
  account: Account,
  client: ClientInfo,
  attemptId: number,
  challenge?: { sessionId: string; code: string },
): Promise<SignedIn> {
  const sessionId = challenge?.sessionId ?? randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  const user = await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const opened = await openSession(tx, {
      id: sessionId,
      userId: account.id,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    if (!opened) {
      throw new AppError('VALIDATION_ERROR', SETTINGS_MESSAGES.challengeUsed, [
        { path: 'challenge', message: SETTINGS_MESSAGES.challengeUsed },
      ]);
    }
    if (challenge && !(await verifySignInCode(ctx, tx, account.id, challenge.code))) {
      throw new CodeRefused();
    }
    await markPasswordCheckSucceeded(tx, attemptId);
    const updated = await stampSignIn(tx, account.id, now);
    await recordActivity(tx, {
      userId: account.id,
      action: 'LOGIN',
      description: `${account.name} signed in`,
      entityType: 'auth',
      entityId: String(account.id),
      locationId: account.locationId,
      details: { email: account.email, outcome: 'success', userAgent: client.userAgent },
      ip: client.ip,
    });
    await noticeSignIn(ctx, uow, { userId: account.id, sessionId }, client);
    return toUserDto(updated, await repo.locationName(tx, updated.locationId));
  });

  const token = await signSessionToken(ctx.jwtSecret, { userId: account.id, sessionId }, expiresAt);
  return { token, user, sessionId };
}

export async function logout(
  ctx: AppContext,
  auth: { sessionId: string; user: SessionUser },
  client: ClientInfo,
): Promise<void> {
  await inTransaction(ctx, async (uow) => {
    await endSession(ctx, uow, auth.sessionId);
    await recordActivity(uow.tx, {
      userId: auth.user.id,
      action: 'LOGOUT',
      description: `${auth.user.name} signed out`,
      entityType: 'auth',
      entityId: String(auth.user.id),
      locationId: auth.user.locationId,
      details: { email: auth.user.email, outcome: 'success', userAgent: client.userAgent },
      ip: client.ip,
    });
  });
}

/**
 * Why a user's sessions ended, when their account did it: deleted or deactivated. Undefined for a
 * session ended otherwise (signed out, expired, a password reset).
 */
export async function accountEndReason(
  ctx: AppContext,
  userId: number,
): Promise<SessionEndReason | undefined> {
  const standing = await repo.accountStanding(ctx.db, userId);
  if (!standing || standing.deletedAt) return 'deleted';
  return standing.status ? undefined : 'deactivated';
}

/**
 * The signed-in user behind a token's claims (null when the session is dead), and whether they
 * must set up two-factor sign-in first. Never cached: a revocation or a change of role, flags,
 * location or status holds from the moment it is answered, on every API process.
 */
export async function resolveSession(ctx: AppContext, sessionId: string, userId: number) {
  const row = await repo.findLiveSession(ctx.db, sessionId, userId);
  if (!row || normalizeRole(row.user.role) === null) return null;
  return {
    user: toUserDto(row.user, row.locationName),
    twoFactorSetupRequired: row.twoFactorSetupRequired === true,
  };
}
