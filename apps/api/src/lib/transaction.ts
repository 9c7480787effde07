import { MESSAGES } from '@stockyard/shared';
import type { Database, DbExecutor } from '../db/client';
import { AppError } from './app-error';
import { requestKeyToTake } from './idempotency';
import { isConcurrencyFailure } from './pg-errors';
import type { TableChanges } from './table-changes';

/**
 * How many times a transaction ended for a deadlock or serialization failure runs again, after a
 * growing random pause so that the two that met do not meet again in step; then 409.
 */
export const CONCURRENCY_RETRIES = 4;
const RETRY_PAUSE_MS = 25;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt * (0.5 + Math.random())));

/** A transaction of drizzle's has `rollback`; the database itself does not. */
const isOpenTransaction = (db: DbExecutor) => 'rollback' in db;

/** An open transaction and the work to run once it has committed (events, socket pushes). */
export type UnitOfWork = {
  tx: DbExecutor;
  afterCommit: (task: () => void | Promise<void>) => void;
  /**
   * Work to run in the transaction once `work` is done, just before the commit: shared rows (the
   * stock levels) taken last and in one order, so that two transactions never wait for each other.
   */
  beforeCommit: (task: () => Promise<void>) => void;
};

/**
 * Runs `work` in one transaction; tasks queued with `afterCommit` run only once it has committed,
 * so nobody hears of a change that was rolled back.
 *
 * A deadlock or serialization failure runs it again from the start, `work` included, up to
 * CONCURRENCY_RETRIES times, then answers 409 CONFLICT, never 500. The one place that retries:
 * `work` must touch only `tx`. A savepoint is not retried on its own; the outer transaction is.
 */
export async function inTransaction<T>(
  // The app's context, or a database alone for bookkeeping (`changes` absent: see the key below).
  ctx: { db: Database; changes?: TableChanges },
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  // The request's Idempotency-Key, taken first in its change's transaction; bookkeeping alone (no
  // `changes`: the sign-in limits) does not take it.
  const key = ctx.changes ? requestKeyToTake() : null;
  const retries = isOpenTransaction(ctx.db) ? 0 : CONCURRENCY_RETRIES;
  let tasks: Array<() => void | Promise<void>> = [];
  let result: T;
  for (let attempt = 0; ; attempt++) {
    tasks = [];
    const queued = tasks;
    try {
      result = await ctx.db.transaction(async (tx) => {
        await key?.take(tx);
        const last: Array<() => Promise<void>> = [];
        const value = await work({
          tx,
          afterCommit: (task) => queued.push(task),
          beforeCommit: (task) => last.push(task),
        });
        for (const task of last) await task();
        return value;
      });
      break;
    } catch (error) {
      if (isConcurrencyFailure(error) && attempt < retries) {
        await pause(attempt + 1);
        continue;
      }
      key?.settle(false);
      if (isConcurrencyFailure(error) && retries > 0) {
        throw new AppError('CONFLICT', MESSAGES.concurrentChange);
      }
      throw error;
    }
  }
  key?.settle(true);
  for (const task of tasks) {
    try {
      await task();
    } catch {
      // A failed push must not undo a committed change; the rows are stored and will be fetched.
    }
  }
  return result;
}
