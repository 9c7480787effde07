import { MESSAGES } from '@stockyard/shared';
import type { Database, DbExecutor } from '../db/client';
import { AppError } from './app-error';
import { requestKeyToTake } from './idempotency';
import { isConcurrencyFailure } from './pg-errors';
import type { TableChanges } from './table-changes';

/**
 * How many times a transaction that PostgreSQL ended for a deadlock or a serialization failure is
 * run again (decision 047), after a short pause that grows and is drawn at random, so that the
 * two that met do not meet again in step; then the caller is answered 409.
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
 * Runs `work` in one transaction; the tasks it queued with `afterCommit` run only after the
 * commit succeeds, so that nobody hears of a change that was rolled back.
 *
 * A transaction that PostgreSQL ends for a deadlock or a serialization failure (two requests that
 * met: racing attendance marks over two processes) is run again from the start, `work` included,
 * at most CONCURRENCY_RETRIES times; if it still fails the caller gets a 409 CONFLICT, never a 500
 * (decision 047). This is the one place that retries: `work` reads and writes only through `tx`,
 * and what it queued in an attempt that failed is dropped with it. A transaction opened inside
 * another one (a savepoint) is not retried on its own: the outer one is.
 */
export async function inTransaction<T>(
  // The app's context, or a database alone for bookkeeping (`changes` absent: see the key below).
  ctx: { db: Database; changes?: TableChanges },
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  // The request's Idempotency-Key, taken first in the transaction of its change (decision 019). A
  // transaction of bookkeeping tables alone (no `changes`: the sign-in limits) does not take it.
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
