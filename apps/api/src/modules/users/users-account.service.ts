import type { DbExecutor } from '../../db/client';
import * as repo from './users.repository';

/**
 * The writes of an account that other modules make, through the users module (the one writer of
 * `users`): auth stamps a sign-in, Settings saves the signed-in account's switches and two-factor
 * sign-in. Each runs inside the caller's transaction, whose checks it has passed.
 */

/** Stamps the account's sign-in; the account's row after it. */
export function stampSignIn(tx: DbExecutor, userId: number, at: Date) {
  return repo.touchLastLogin(tx, userId, at);
}

/** Saves the account's notification switches; the account's row after it. */
export function saveSwitches(
  tx: DbExecutor,
  userId: number,
  changes: Parameters<typeof repo.updateSwitches>[2],
) {
  return repo.updateSwitches(tx, userId, changes);
}

/** Sets the account's two-factor secrets (sealed) and the last step used, as given. */
export function saveTwoFactor(
  tx: DbExecutor,
  userId: number,
  values: Parameters<typeof repo.setTwoFactor>[2],
) {
  return repo.setTwoFactor(tx, userId, values);
}

/**
 * Spends a 30-second step of the account's codes: false when it (or a later one) was already
 * used, so that a code signs in once.
 */
export function useTotpStep(tx: DbExecutor, userId: number, step: number) {
  return repo.useTotpStep(tx, userId, step);
}
