import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createDatabase, type Database, unknownTimeZone } from './client';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await createTestApp();
  // One connection: a slot lost for good would leave every later transaction waiting.
  db = createDatabase(t.databaseUrl, 1);
});

afterAll(async () => {
  await t?.close();
});

/** The value of one transaction, or 'waited' when it got no connection within `withinMs`. */
async function answerOfATransaction(withinMs: number) {
  const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), withinMs));
  const answer = db.transaction(async (tx) => {
    const result = await tx.execute<{ one: number }>(sql`select 1 as one`);
    return result.rows[0]?.one;
  });
  return Promise.race([answer, waited]);
}

describe('a transaction whose connection goes before its BEGIN', () => {
  it('fails, and gives its slot of the pool back: the next transaction is served, and the pool ends', async () => {
    // The server going away between the checkout and BEGIN, as a crash of PostgreSQL does.
    db.$client.once('acquire', (client) => void client.end());
    await expect(db.transaction(async () => 'never')).rejects.toThrow();

    expect(await answerOfATransaction(5_000)).toBe(1);
    expect(db.$client.totalCount).toBe(1);
    expect(db.$client.idleCount).toBe(1);
    // A stop waits for every checked-out client: it returns.
    const ended = await Promise.race([
      db.$client.end().then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 5_000)),
    ]);
    expect(ended).toBe('ended');
  });
});

describe("the server's time zone, named to PostgreSQL", () => {
  it("is this process's zone on each connection of the pool", async () => {
    const pool = createDatabase(t.databaseUrl, 1).$client;
    try {
      const { rows } = await pool.query<{ zone: string }>(
        `select current_setting('stockyard.time_zone') as zone`,
      );
      expect(rows[0]!.zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(await unknownTimeZone(pool)).toBeNull();
    } finally {
      await pool.end();
    }
  });

  it('is refused, saying what to set, when PostgreSQL does not know it', async () => {
    const client = new pg.Client({
      connectionString: t.databaseUrl,
      options: '-c stockyard.time_zone=Mars/Olympus_Mons',
    });
    await client.connect();
    try {
      expect(await unknownTimeZone(client)).toMatch(
        /not one PostgreSQL knows .*Mars\/Olympus_Mons.*set TZ to a zone of the IANA database/,
      );
    } finally {
      await client.end();
    }
  });
});
