import { MESSAGES } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { AppError } from './app-error';
import { CONCURRENCY_RETRIES, inTransaction } from './transaction';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table tx_retry (id int primary key, n int not null)`);
  await t.db.execute(sql`insert into tx_retry values (1, 0), (2, 0)`);
});

afterAll(async () => {
  await t?.close();
});

/** A promise and its resolver: where two transactions wait for each other in step. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('inTransaction (decision 047)', () => {
  it('runs a transaction PostgreSQL ended for a deadlock again, and both changes are kept once', async () => {
    const aLocked = gate();
    const bLocked = gate();
    let attempts = 0;
    const committed: string[] = [];
    // A takes row 1 then row 2, B row 2 then row 1: a real deadlock, which PostgreSQL breaks by
    // ending one of them; that one is run again once the other has committed.
    const run = (
      name: string,
      first: number,
      second: number,
      mine: typeof aLocked,
      theirs: typeof aLocked,
    ) =>
      inTransaction(t.ctx, async ({ tx, afterCommit }) => {
        attempts += 1;
        await tx.execute(sql`update tx_retry set n = n + 1 where id = ${first}`);
        mine.open();
        await theirs.opened;
        await tx.execute(sql`update tx_retry set n = n + 1 where id = ${second}`);
        afterCommit(() => {
          committed.push(name);
        });
        return name;
      });
    const results = await Promise.all([
      run('A', 1, 2, aLocked, bLocked),
      run('B', 2, 1, bLocked, aLocked),
    ]);
    expect(results).toEqual(['A', 'B']);
    // One of the two was ended and ran again: three attempts, two commits.
    expect(attempts).toBe(3);
    expect(committed.sort()).toEqual(['A', 'B']);
    const rows = await t.db.execute<{ id: number; n: number }>(
      sql`select id, n from tx_retry order by id`,
    );
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  }, 30_000);

  it('answers 409 when the failure persists, after a bounded number of attempts, nothing kept', async () => {
    let attempts = 0;
    const queued: string[] = [];
    const failing = inTransaction(t.ctx, async ({ tx, afterCommit }) => {
      attempts += 1;
      await tx.execute(sql`update tx_retry set n = n + 100 where id = 1`);
      afterCommit(() => {
        queued.push('ran');
      });
      // PostgreSQL's own serialization failure, raised by the server every time.
      await tx.execute(
        sql.raw(
          `do $$ begin raise exception 'could not serialize' using errcode = '40001'; end $$`,
        ),
      );
    });
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(409);
    expect((error as AppError).message).toBe(MESSAGES.concurrentChange);
    expect(attempts).toBe(CONCURRENCY_RETRIES + 1);
    expect(queued).toEqual([]);
    const rows = await t.db.execute<{ n: number }>(sql`select n from tx_retry where id = 1`);
    expect(rows.rows[0]!.n).toBe(2);
  }, 30_000);

  it('does not retry other failures', async () => {
    let attempts = 0;
    const error = await inTransaction(t.ctx, async ({ tx }) => {
      attempts += 1;
      await tx.execute(sql`insert into tx_retry values (1, 0)`);
    }).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(AppError);
    expect(attempts).toBe(1);
  });
});
