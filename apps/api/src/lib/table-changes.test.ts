import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, listenBackends, terminateListenBackends } from '../../test/database-admin';
import { createTestApp, type TestApp } from '../../test/helpers';
import { ANY_TABLE, KeptFigures, TABLE_CHANGES_CHANNEL, TableChanges } from './table-changes';
import { inTransaction } from './transaction';

/** Short, so that the tests of a hung connection are quick (a few seconds in production). */
const HEARTBEAT = { everyMs: 200, withinMs: 300 };
/** The longest a notice may go unheard before the process counts itself deaf. */
const HEARTBEAT_LIMIT_MS = HEARTBEAT.everyMs + HEARTBEAT.withinMs;
/** Room for a busy test machine's late timers. */
const SLACK_MS = 400;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ listenHeartbeat: HEARTBEAT });
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

/** A write by another client than the app: only the database's notice can tell the process. */
async function insertLocationElsewhere(name: string) {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query(`insert into locations (name, type, address) values ($1, 'BMR_YARD', 'x')`, [
      name,
    ]);
  } finally {
    await client.end();
  }
}

const tableChangesBackends = () => listenBackends(t.databaseUrl, 'table changes');

/**
 * Stops the backend of the process's LISTEN connection with SIGSTOP, as a hung server or a
 * firewall's silent drop leaves it: open, and mute. Only while it is idle: stopped in the middle
 * of its heartbeat's commit, it would hold the lock that every NOTIFY, so every write, waits on.
 */
async function hangListenBackend(): Promise<number> {
  return eventually(async () => {
    const [backend] = await tableChangesBackends();
    if (!backend) return undefined;
    process.kill(backend.pid, 'SIGSTOP');
    const [seen] = (await tableChangesBackends()).filter(({ pid }) => pid === backend.pid);
    if (seen?.state === 'idle') return backend.pid;
    process.kill(backend.pid, 'SIGCONT');
    return undefined;
  });
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
    expect(await terminateListenBackends(t.databaseUrl, 'table changes')).toBe(1);
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

describe('the heartbeat of the LISTEN connection', () => {
  it('is heard while the connection works: figures stay kept, on the same connection', async () => {
    const figure = countingFigure('locations count, beating', ['locations']);
    await figure.get();
    const [before] = await tableChangesBackends();
    // Five heartbeats and more.
    for (let i = 0; i < 12; i++) {
      await sleep(100);
      expect(t.ctx.changes.hearing).toBe(true);
      await figure.get();
    }
    expect(figure.reads()).toBe(1);
    expect(await tableChangesBackends()).toEqual([before]);
  });

  it('once missed, counts the process deaf: no figure stale past its limit; the connection is replaced', async () => {
    const figure = countingFigure('locations count, hung', ['locations']);
    const kept = await figure.get();
    const hung = await hangListenBackend();
    try {
      const stoppedAt = performance.now();
      await insertLocationElsewhere('Hung Yard');
      const committedAt = performance.now();
      // Asked again and again: each answer of the old count is a stale one, served from memory.
      let deafAt: number | undefined;
      let answer = await figure.get();
      while (answer === kept && performance.now() - committedAt < 10_000) {
        await sleep(5);
        if (!t.ctx.changes.hearing) deafAt ??= performance.now();
        answer = await figure.get();
      }
      if (!t.ctx.changes.hearing) deafAt ??= performance.now();
      const staleMs = performance.now() - committedAt;
      expect(answer).toBe(kept + 1);
      expect(staleMs).toBeLessThan(HEARTBEAT_LIMIT_MS + SLACK_MS);
      expect(deafAt).toBeDefined();
      expect(deafAt! - stoppedAt).toBeLessThan(HEARTBEAT_LIMIT_MS + SLACK_MS);

      // Replaced while the old backend still hangs: a new one LISTENs, and figures are kept again.
      await untilHearing();
      const backends = (await tableChangesBackends()).map(({ pid }) => pid);
      expect(backends).toContain(hung);
      expect(backends.filter((pid) => pid !== hung)).toHaveLength(1);
      const reads = figure.reads();
      expect(await figure.get()).toBe(kept + 1);
      expect(await figure.get()).toBe(kept + 1);
      expect(figure.reads()).toBe(reads + 1);
      // And the new connection hears the next write.
      await insertLocationElsewhere('Hung Yard 2');
      await untilReadAgain(figure, reads + 1);
      expect(await figure.get()).toBe(kept + 2);
    } finally {
      process.kill(hung, 'SIGCONT');
    }
    // Its socket was closed by the app: once it runs again, the hung backend finds it and leaves.
    await eventually(async () =>
      (await tableChangesBackends()).some(({ pid }) => pid === hung) ? undefined : true,
    );
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
