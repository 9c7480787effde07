import type { AppContext } from '../context';
import type { DbExecutor } from '../db/client';
import { requestKeyToTake } from './idempotency';

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
 * commit succeeds, so that nobody hears of a change that was rolled back. Once it commits, the
 * figures this process keeps are read afresh (decision 017): its own writes show at once.
 */
export async function inTransaction<T>(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'changes'>>,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const tasks: Array<() => void | Promise<void>> = [];
  // The request's Idempotency-Key, taken first in the transaction of its change (decision 019). A
  // transaction of bookkeeping tables alone (no `changes`: the sign-in limits) does not take it.
  const key = ctx.changes ? requestKeyToTake() : null;
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) => {
      await key?.take(tx);
      const last: Array<() => Promise<void>> = [];
      const value = await work({
        tx,
        afterCommit: (task) => tasks.push(task),
        beforeCommit: (task) => last.push(task),
      });
      for (const task of last) await task();
      return value;
    });
  } catch (error) {
    key?.settle(false);
    throw error;
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
