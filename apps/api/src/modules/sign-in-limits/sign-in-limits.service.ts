import { LOGIN_RATE_LIMIT, type LoginRateLimit, MESSAGES } from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Database, DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { inTransaction } from '../../lib/transaction';
import * as repo from './sign-in-limits.repository';

type Key = 'pair' | 'account' | 'address';

const LIMIT_OF: Record<Key, 'perAccountAndAddress' | 'perAccount' | 'perAddress'> = {
  pair: 'perAccountAndAddress',
  account: 'perAccount',
  address: 'perAddress',
};

/**
 * Seconds until every limit that applies is below its maximum again, or null when none is reached.
 * An address the account signed in from recently answers to its own pair limit only, so that
 * failures from elsewhere (or of other accounts at this address) do not refuse it (decision 008).
 */
function waitBeforeNextCheck(usage: repo.SignInUsage, limits: LoginRateLimit): number | null {
  const keys: Key[] = usage.known ? ['pair'] : ['pair', 'account', 'address'];
  let wait: number | null = null;
  for (const key of keys) {
    const expiries = usage[key];
    const limit = limits[LIMIT_OF[key]];
    // Once the oldest surplus failure leaves the window, the count is one below the limit.
    if (expiries.length >= limit) wait = Math.max(wait ?? 0, expiries[expiries.length - limit]!);
  }
  return wait === null ? null : Math.max(1, Math.ceil(wait));
}

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The shared text, with the wait in place of "later". */
function tooManyAttemptsMessage(seconds: number): string {
  return MESSAGES.tooManyAttempts.replace('later', `in ${describeWait(seconds)}`);
}

function rateLimited(wait: number): AppError {
  return new AppError('RATE_LIMITED', tooManyAttemptsMessage(wait), undefined, {
    'retry-after': String(wait),
  });
}

/**
 * Counts one password check for this account from this address before it runs, as a failure
 * until it succeeds, or refuses it with 429 and Retry-After. Answers the attempt's id.
 */
export async function reservePasswordCheck(
  db: Database,
  limits: LoginRateLimit,
  client: { email: string; ip: string },
): Promise<number> {
  const key = { email: client.email.toLowerCase(), ip: client.ip };
  const window = { seconds: limits.windowSeconds, knownDays: limits.knownAddressDays };
  // A read without the locks refuses a flood at once; only attempts that may pass queue for them.
  const early = waitBeforeNextCheck(await repo.signInUsage(db, key, window), limits);
  if (early !== null) throw rateLimited(early);
  return inTransaction({ db }, async ({ tx }) => {
    // Concurrent attempts on this account or from this address wait here, each seeing the last one's row.
    await repo.lockSignInKeys(tx, key.email, key.ip);
    const wait = waitBeforeNextCheck(await repo.signInUsage(tx, key, window), limits);
    if (wait !== null) throw rateLimited(wait);
    return repo.insertLoginAttempt(tx, key);
  });
}

/** The counted check passed: it no longer counts as a failure, and its pair is known again. */
export async function markPasswordCheckSucceeded(db: DbExecutor, attemptId: number): Promise<void> {
  await repo.markLoginAttemptSucceeded(db, attemptId);
}

/**
 * A signed-in user's own password, checked as a sign-in's is: counted against the same limits
 * for their account and address first (429 with Retry-After past them), so that a session cannot
 * be used to guess the password it stands for (change password, turning two-factor off).
 */
export async function checkOwnPassword(
  ctx: AppContext,
  client: { email: string; ip: string },
  passwordHash: string,
  password: string,
): Promise<boolean> {
  const attemptId = await reservePasswordCheck(ctx.db, ctx.loginLimits ?? LOGIN_RATE_LIMIT, client);
  const ok = await verifyPassword(passwordHash, password);
  if (ok) await markPasswordCheckSucceeded(ctx.db, attemptId);
  return ok;
}
