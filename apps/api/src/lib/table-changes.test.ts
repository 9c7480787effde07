import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenBackends, terminateListenBackends } from '../../test/database-admin';
import { eventually } from '../../test/eventually';
import { createTestApp, type TestApp } from '../../test/helpers';

/** Short, so that the tests of a hung connection are quick (a few seconds in production). */
const HEARTBEAT = { everyMs: 300, withinMs: 700 };
/** The longest a notice may go unheard before the process counts itself deaf. */
const HEARTBEAT_LIMIT_MS = HEARTBEAT.everyMs + HEARTBEAT.withinMs;
/** Room for a busy two-core test machine's late timers (its event loop lags by a second at times). */
const SLACK_MS = 1_500;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ listenHeartbeat: HEARTBEAT });
  t.ctx.events.on('tableChanged', (table) => {
    if (table === null || table === 'locations') locationChanges += 1;
  });
  await untilHearing();
});

afterAll(async () => {
  await t?.close();
});

const untilHearing = () => eventually(() => expect(t.ctx.changes.hearing).toBe(true));

/**
 * How many times the process has told that the locations may have changed (`tableChanged` with
 * their table, or null: anything may have), which the open screens follow.
 */
let locationChanges = 0;
const locationsStamp = () => locationChanges;

/** Waits until the locations' count is no longer `before`: a change was heard. */
const untilChanged = (before: number) =>
  eventually(() => expect(locationsStamp()).not.toBe(before));

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
    if (!backend) throw new Error('no LISTEN backend yet');
    process.kill(backend.pid, 'SIGSTOP');
    const [seen] = (await tableChangesBackends()).filter(({ pid }) => pid === backend.pid);
    if (seen?.state === 'idle') return backend.pid;
    process.kill(backend.pid, 'SIGCONT');
    throw new Error(
      `LISTEN backend ${backend.pid} stopped while ${seen?.state ?? 'gone'}, not idle`,
    );
  });
}

describe('changes to the tables', () => {
  it('are heard once a write from anywhere commits', async () => {
    const before = locationsStamp();
    // Another client than the app (plain SQL on a connection of its own): only the database's
    // notice can tell the process.
    await insertLocationElsewhere('Quay Yard');
    await untilChanged(before);
  });

  it('are not heard of a write rolled back or of another table', async () => {
    const before = locationsStamp();
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
    expect(locationsStamp()).toBe(before);
  });

  it('are not heard while the connection is lost, and heard again once it is back', async () => {
    expect(await terminateListenBackends(t.databaseUrl, 'table changes')).toBe(1);
    await eventually(() => expect(t.ctx.changes.hearing).toBe(false));
    await untilHearing();
    const before = locationsStamp();
    await insertLocationElsewhere('Back Yard');
    await untilChanged(before);
  });
});

describe('the heartbeat of the LISTEN connection', () => {
  it('is heard while the connection works: nothing changes, on the same connection', async () => {
    const stamp = locationsStamp();
    const [before] = await tableChangesBackends();
    // Six heartbeats and more.
    for (let i = 0; i < 20; i++) {
      await sleep(100);
      expect(t.ctx.changes.hearing).toBe(true);
    }
    expect(locationsStamp()).toBe(stamp);
    expect(await tableChangesBackends()).toEqual([before]);
  });

  it('once missed, counts the process deaf: no change unheard past its limit; the connection is replaced', async () => {
    const stamp = locationsStamp();
    const hung = await hangListenBackend();
    try {
      // The moment the process counts itself deaf, taken at the call itself: a poll would miss a
      // deafness and a reconnection that fall inside one of its sleeps on a busy machine.
      let deafAt: number | undefined;
      let stampWhenDeaf: number | undefined;
      const deaf = t.ctx.changes.deaf.bind(t.ctx.changes);
      t.ctx.changes.deaf = () => {
        deafAt ??= performance.now();
        stampWhenDeaf ??= locationsStamp();
        deaf();
      };
      const stoppedAt = performance.now();
      try {
        await insertLocationElsewhere('Hung Yard');
        // Until then the process hears, its stamp is the old one: it believes nothing changed.
        await eventually(() => expect(deafAt).toBeDefined(), 10_000);
      } finally {
        t.ctx.changes.deaf = deaf;
      }
      expect(stampWhenDeaf).toBe(stamp);
      expect(deafAt! - stoppedAt).toBeLessThan(HEARTBEAT_LIMIT_MS + SLACK_MS);

      // Replaced while the old backend still hangs: a new one LISTENs and hears the next write.
      await untilHearing();
      const backends = (await tableChangesBackends()).map(({ pid }) => pid);
      expect(backends).toContain(hung);
      expect(backends.filter((pid) => pid !== hung)).toHaveLength(1);
      const before = locationsStamp();
      await insertLocationElsewhere('Hung Yard 2');
      await untilChanged(before);
    } finally {
      process.kill(hung, 'SIGCONT');
    }
    // Its socket was closed by the app: once it runs again, the hung backend finds it and leaves.
    await eventually(async () =>
      expect((await tableChangesBackends()).map(({ pid }) => pid)).not.toContain(hung),
    );
  });
});
