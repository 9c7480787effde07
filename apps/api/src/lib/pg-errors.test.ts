import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminateBackends } from '../../test/database-admin';
import { eventually } from '../../test/eventually';
import { createTestApp, type TestApp } from '../../test/helpers';
import { freePort } from '../../test/server-process';
import { createDatabase } from '../db/client';
import { isDatabaseUnavailable } from './pg-errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('it succeeded');
    },
    (error: unknown) => error,
  );

describe('a database that cannot serve now', () => {
  it('is told by a query through the pool when nothing listens where the server was', async () => {
    const db = createDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/gone`, 1);
    try {
      expect(isDatabaseUnavailable(await failureOf(db.execute(sql`select 1`)))).toBe(true);
    } finally {
      await db.$client.end();
    }
  });

  it('is told by a query whose connection is cut while it runs', async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const sleeping = failureOf(client.query(`select pg_sleep(30) -- cut me`));
      await eventually(async () =>
        expect(
          await terminateBackends(t.databaseUrl, 'select pg_sleep(30) -- cut me'),
        ).toBeGreaterThan(0),
      );
      expect(isDatabaseUnavailable(await sleeping)).toBe(true);
      // And by the next query on that connection.
      expect(isDatabaseUnavailable(await failureOf(client.query('select 1')))).toBe(true);
    } finally {
      await client.end().catch(() => undefined);
    }
  });

  it('is not an error of the request itself, nor any other error', async () => {
    const byZero = await failureOf(t.db.execute(sql`select 1 / 0`));
    expect(isDatabaseUnavailable(byZero)).toBe(false);
    const syntax = await failureOf(t.db.execute(sql.raw('selec 1')));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(new Error('Location not found'))).toBe(false);
    const noFile = Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' });
    expect(isDatabaseUnavailable(noFile)).toBe(false);
  });
});
