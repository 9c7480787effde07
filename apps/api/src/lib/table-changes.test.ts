import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, terminateBackends } from '../../test/database-admin';
import { createTestApp, type TestApp } from '../../test/helpers';
import { ANY_TABLE, KeptFigures, TABLE_CHANGES_CHANNEL, TableChanges } from './table-changes';
import { inTransaction } from './transaction';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await untilHearing();
});

afterAll(async () => {
  await t?.close();
});

const untilHearing = () => eventually(async () => (t.ctx.changes.hearing ? true : undefined));

/** A figure over `tables` that counts its reads and answers the number of locations. */
function countingFigure(name: string, tables: readonly string[]) {
  let reads = 0;
  const figure = t.ctx.changes.figures<number>(name, tables);
  return {
    get: () =>
      figure.get('key', async () => {
        reads += 1;
        const result = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from locations`,
        );
        return result.rows[0]!.n;
      }),
    reads: () => reads,
  };
}

/** A figure over `staff` in a process that hears the notices, without a database. */
function keptOverStaff() {
  const changes = new TableChanges();
  changes.heardAgain();
  return { changes, figure: new KeptFigures<number>(changes, ['staff']) };
}

/** Waits until the figure has been read again, i.e. a notice made it stale. */
const untilReadAgain = (figure: ReturnType<typeof countingFigure>, before: number) =>
  eventually(async () => {
    await figure.get();
    return figure.reads() > before ? true : undefined;
  });

describe('figures kept until a table changes', () => {
  it('are read once while nothing changes, and afresh once a write from anywhere commits', async () => {
    const figure = countingFigure('locations count', ['locations']);
    expect(await figure.get()).toBe(0);
    expect(await figure.get()).toBe(0);
    expect(figure.reads()).toBe(1);

    // Another client than the app (plain SQL on a connection of its own): only the database's
    // notice can tell the process.
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `insert into locations (name, type, address) values ('Quay Yard', 'BMR_YARD', '1 Quay')`,
      );
    } finally {
      await client.end();
    }
    await untilReadAgain(figure, 1);
    expect(await figure.get()).toBe(1);
  });

  it('stay kept when a write is rolled back or touches another table', async () => {
    const figure = countingFigure('locations count, quiet', ['locations']);
    await figure.get();
    const reads = figure.reads();
    await t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into locations (name, type, address) values ('Gone Yard', 'BMR_YARD', 'x')`,
        );
        tx.rollback();
      })
      .catch(() => undefined);
    await t.db.execute(
      sql`insert into activity_logs (action, description, entity_type) values ('TEST', 'x', 'test')`,
    );
    // A notice, were one sent, arrives within milliseconds.
    await sleep(300);
    await figure.get();
    expect(figure.reads()).toBe(reads);
  });

  it("are read afresh at once after this process's own commit, before its notice arrives", async () => {
    const figure = countingFigure('locations count, own', ['locations']);
    const before = await figure.get();
    await inTransaction(t.ctx, async ({ tx }) => {
      await tx.execute(
        sql`insert into locations (name, type, address) values ('Own Yard', 'BMR_YARD', 'y')`,
      );
    });
    expect(await figure.get()).toBe(before + 1);
  });

  it('are read at every call while the notices cannot arrive, and kept again once they can', async () => {
    const figure = countingFigure('locations count, deaf', ['locations']);
    await figure.get();
    const reads = figure.reads();
    expect(await terminateBackends(t.databaseUrl, `LISTEN "${TABLE_CHANGES_CHANNEL}"`)).toBe(1);
    await eventually(async () => (t.ctx.changes.hearing ? undefined : true));
    await figure.get();
    await figure.get();
    expect(figure.reads()).toBe(reads + 2);

    await untilHearing();
    const again = figure.reads();
    await figure.get();
    await figure.get();
    expect(figure.reads()).toBe(again + 1);
  });

  it('answer a read during which a change arrives, but do not keep it', async () => {
    const { changes, figure } = keptOverStaff();
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) changes.notice({ channel: TABLE_CHANGES_CHANNEL, payload: 'staff' });
      return reads;
    };
    expect(await figure.get('k', read)).toBe(1);
    expect(await figure.get('k', read)).toBe(2);
    expect(await figure.get('k', read)).toBe(2);
    // A notice of another table leaves it kept.
    changes.notice({ channel: TABLE_CHANGES_CHANNEL, payload: 'invoices' });
    expect(await figure.get('k', read)).toBe(2);
  });

  it('share one read among the callers that ask while it runs, and keep no failure', async () => {
    const { figure } = keptOverStaff();
    let reads = 0;
    const slow = async () => {
      reads += 1;
      await sleep(20);
      return 7;
    };
    expect(await Promise.all([figure.get('k', slow), figure.get('k', slow)])).toEqual([7, 7]);
    expect(reads).toBe(1);

    const failing = () => Promise.reject(new Error('down'));
    await expect(figure.get('f', failing)).rejects.toThrow('down');
    expect(await figure.get('f', async () => 3)).toBe(3);
  });
});

describe('what is kept over ANY_TABLE', () => {
  it('is read again after a notice of any table, and kept while none arrives', async () => {
    const changes = new TableChanges();
    changes.heardAgain();
    const figure = new KeptFigures<number>(changes, ANY_TABLE);
    let reads = 0;
    const get = () => figure.get('key', async () => ++reads);
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    for (const table of ['staff', 'stock_movements', 'rental_request_items']) {
      changes.notice({ channel: TABLE_CHANGES_CHANNEL, payload: table });
      const before = reads;
      expect(await get()).toBe(before + 1);
      expect(await get()).toBe(before + 1);
    }
    changes.notice({ channel: 'another_channel', payload: 'staff' });
    expect(await get()).toBe(reads);
  });
});
