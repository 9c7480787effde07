import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKKEEPING_TABLES, TABLE_TOPICS } from '../src/db/table-topics';
import { createTestApp, type TestApp } from './helpers';

// Decision 017: the figures kept until a table they read changes hear of the change only from
// the triggers of migration 0024; a table a figure reads without a trigger would keep it stale.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function noticedTables(): Promise<Set<string>> {
  const result = await t.db.execute<{ table: string }>(sql`
    select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid
    where g.tgname = c.relname || '_notice_change' and not g.tgisinternal`);
  return new Set(result.rows.map((row) => row.table));
}

describe('the notices (migrations 0024 and 0025)', () => {
  // The open screens follow every table of the records (the socket's `changed`).
  it('are sent by every table but the bookkeeping ones, and by none of those', async () => {
    const result = await t.db.execute<{ table: string }>(
      sql`select tablename as "table" from pg_tables where schemaname = 'public' order by 1`,
    );
    const tables = result.rows.map((row) => row.table);
    const noticed = await noticedTables();
    const bookkeeping = new Set<string>(BOOKKEEPING_TABLES);
    expect(tables.filter((table) => !noticed.has(table) && !bookkeeping.has(table))).toEqual([]);
    expect(BOOKKEEPING_TABLES.filter((table) => noticed.has(table))).toEqual([]);
    expect(BOOKKEEPING_TABLES.filter((table) => !tables.includes(table))).toEqual([]);
  });

  // The socket's `changed` names each noticed table's kind of records to the open screens.
  it('each name a kind of records the open screens follow', async () => {
    const noticed = [...(await noticedTables())].sort();
    expect(noticed.filter((table) => !(table in TABLE_TOPICS))).toEqual([]);
    expect(Object.keys(TABLE_TOPICS).filter((table) => !noticed.includes(table))).toEqual([]);
  });
});
