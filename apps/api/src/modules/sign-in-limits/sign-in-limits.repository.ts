import { eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { DbExecutor } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/**
 * The password checks counted against the sign-in limits: every attempt is a row
 * of `login_attempts`, stored as failed before its check runs and marked a success after.
 */

const { signInAddress: ADDRESS_LOCK, signInAccount: ACCOUNT_LOCK } = ADVISORY_LOCKS.classes;

/**
 * Makes concurrent sign-ins from this address or to this account wait until this transaction
 * ends. Always the address first, then the account, so that two waiters never hold each other's.
 */
export async function lockSignInKeys(tx: DbExecutor, email: string, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${email}))`);
}

/**
 * Recent failed checks per key, each as the seconds until it leaves the window, soonest first.
 * `pair` (this account from this address) counts since the pair's last success, `account` since
 * the account's last success, `address` the whole window. `known`: this address signed in to this
 * account within `knownDays`.
 */
export type SignInUsage = { known: boolean; pair: number[]; account: number[]; address: number[] };

export async function signInUsage(
  tx: DbExecutor,
  key: { email: string; ip: string },
  window: { seconds: number; knownDays: number },
): Promise<SignInUsage> {
  const { email, ip } = key;
  // Times come from the database clock alone, so that API processes with skewed clocks agree.
  const result = await tx.execute(sql`
    with bounds as (
      select clock_timestamp() - make_interval(secs => ${window.seconds}) as window_start,
             clock_timestamp() - make_interval(days => ${window.knownDays}) as known_since
    ),
    successes as (
      select max(a.at) filter (where a.ip = ${ip}) as pair_at, max(a.at) as account_at
      from login_attempts a, bounds b
      where a.email = ${email} and a.success and a.at > b.known_since
    ),
    failures as (
      select a.email = ${email} and a.ip = ${ip} and (s.pair_at is null or a.at > s.pair_at) as pair,
             a.email = ${email} and (s.account_at is null or a.at > s.account_at) as account,
             a.ip = ${ip} as address,
             extract(epoch from a.at - b.window_start)::float8 as expires_in
      from login_attempts a, bounds b, successes s
      where not a.success and a.at > b.window_start and (a.email = ${email} or a.ip = ${ip})
    )
    select (select pair_at is not null from successes) as known,
           array(select expires_in from failures where pair order by expires_in) as pair,
           array(select expires_in from failures where account order by expires_in) as account,
           array(select expires_in from failures where address order by expires_in) as address
  `);
  const row = result.rows[0] as Record<keyof SignInUsage, unknown>;
  const seconds = (value: unknown) => (value as Array<number | string>).map(Number);
  return {
    known: row.known === true,
    pair: seconds(row.pair),
    account: seconds(row.account),
    address: seconds(row.address),
  };
}

/** Stores an attempt as failed before its password is checked; its id, to mark a success. */
export async function insertLoginAttempt(
  db: DbExecutor,
  attempt: { email: string; ip: string },
): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    // The clock at insert, not at transaction start, so that `at` follows the lock's order.
    .values({ ...attempt, success: false, at: sql`clock_timestamp()` })
    .returning({ id: loginAttempts.id });
  return row!.id;
}

export async function markLoginAttemptSucceeded(db: DbExecutor, id: number): Promise<void> {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, id));
}
