import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createDatabase, type Database } from '../db/client';
import { locations } from '../db/schema';
import { containsPattern, listPage, type Page, type Shaped, shapedFilters } from './list-page';

let t: TestApp;
/** One connection, whose prepared statements the tests can see. */
let one: Database;

beforeAll(async () => {
  t = await createTestApp();
  for (const type of ['FIELD', 'FIELD', 'FIELD', 'FIELD', 'FIELD', 'BMR_YARD'] as const) {
    await createLocation(t.db, { type });
  }
  one = createDatabase(t.databaseUrl, 1);
});

afterAll(async () => {
  await one?.$client.end();
  await t?.close();
});

type Filters = { type?: 'FIELD' | 'BMR_YARD'; pattern?: string };
const whereOf = (f: Shaped<Filters>) =>
  and(f.type && eq(locations.type, f.type), f.pattern && sql`${locations.name} like ${f.pattern}`);

function sites(filters: Filters, page: Page, db: Database = t.db) {
  return listPage(
    db,
    {
      name: 'test_sites',
      filters,
      select: (total, f) =>
        db
          .select({ id: locations.id, name: locations.name, total })
          .from(locations)
          .where(whereOf(f))
          .orderBy(asc(locations.id)),
      count: (f) => db.select({ n: count() }).from(locations).where(whereOf(f)),
    },
    page,
  );
}

async function ids(type?: Filters['type']) {
  const rows = await t.db
    .select({ id: locations.id })
    .from(locations)
    .where(type && eq(locations.type, type))
    .orderBy(asc(locations.id));
  return rows.map((r) => r.id);
}

describe('listPage', () => {
  it('reads a page and the whole list’s total, the total no row’s field', async () => {
    const field = await ids('FIELD');
    const page = await sites({ type: 'FIELD' }, { limit: 2, offset: 2 });
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.id)).toEqual(field.slice(2, 4));
    expect(page.rows[0]).toEqual({ id: field[2], name: expect.any(String) });
  });

  it('serves each filter’s own values from one statement of its shape', async () => {
    const field = await sites({ type: 'FIELD' }, { limit: 10, offset: 0 });
    const yards = await sites({ type: 'BMR_YARD' }, { limit: 10, offset: 0 });
    const all = await sites({}, { limit: 10, offset: 0 });
    expect(field.rows.map((r) => r.id)).toEqual(await ids('FIELD'));
    expect(yards.rows.map((r) => r.id)).toEqual(await ids('BMR_YARD'));
    expect(all.rows.map((r) => r.id)).toEqual(await ids());
    expect([field.total, yards.total, all.total]).toEqual([5, 1, 6]);
  });

  it('gives the last page its remaining rows, and past it the total counted alone', async () => {
    expect(await sites({ type: 'FIELD' }, { limit: 2, offset: 4 })).toEqual({
      rows: [expect.objectContaining({ id: (await ids('FIELD'))[4] })],
      total: 5,
    });
    expect(await sites({ type: 'FIELD' }, { limit: 2, offset: 10 })).toEqual({
      rows: [],
      total: 5,
    });
    expect(await sites({ type: 'BMR_YARD' }, { limit: 2, offset: 10 })).toEqual({
      rows: [],
      total: 1,
    });
  });

  it('reads a select that pages itself (its ids first) as the plain one, past the end too', async () => {
    const byIds = (filters: Filters, page: Page) =>
      listPage(
        t.db,
        {
          name: 'test_sites_by_ids',
          filters,
          paged: (total, f, bounds) => {
            const shown = t.db
              .select({ id: sql<number>`${locations.id}`.as('shown_id') })
              .from(locations)
              .where(whereOf(f))
              .orderBy(asc(locations.id))
              .limit(bounds.limit)
              .offset(bounds.offset)
              .as('shown');
            return t.db
              .select({ id: locations.id, name: locations.name, total })
              .from(shown)
              .innerJoin(locations, eq(locations.id, shown.id))
              .orderBy(asc(shown.id));
          },
          count: (f) => t.db.select({ n: count() }).from(locations).where(whereOf(f)),
        },
        page,
      );
    for (const [filters, page] of [
      [{ type: 'FIELD' }, { limit: 2, offset: 0 }],
      [{ type: 'FIELD' }, { limit: 2, offset: 2 }],
      [{ type: 'FIELD' }, { limit: 2, offset: 4 }],
      [{ type: 'FIELD' }, { limit: 2, offset: 10 }],
      [{}, { limit: 10, offset: 0 }],
      [{ pattern: 'no such %' }, { limit: 10, offset: 0 }],
    ] as [Filters, Page][]) {
      expect(await byIds(filters, page)).toEqual(await sites(filters, page));
    }
  });

  it('an empty first page is an empty list', async () => {
    expect(await sites({ pattern: 'no such %' }, { limit: 10, offset: 0 })).toEqual({
      rows: [],
      total: 0,
    });
  });

  it('prepares a statement per shape and page size the screens offer, none for other sizes', async () => {
    const names = async () =>
      (
        await one.$client.query<{ statement: string }>(
          'select statement from pg_prepared_statements',
        )
      ).rows.length;
    await sites({ type: 'FIELD' }, { limit: 10, offset: 0 }, one);
    await sites({ type: 'BMR_YARD' }, { limit: 10, offset: 0 }, one);
    const afterOneShape = await names();
    // A later page (past the last, so its count too) and the unfiltered shape.
    await sites({ type: 'FIELD' }, { limit: 10, offset: 10 }, one);
    await sites({ type: 'BMR_YARD' }, { limit: 10, offset: 10 }, one);
    await sites({}, { limit: 10, offset: 0 }, one);
    expect(await names()).toBe(afterOneShape + 3);
    await sites({ type: 'FIELD' }, { limit: 7, offset: 0 }, one);
    await sites({ type: 'FIELD' }, { limit: 7, offset: 7 }, one);
    expect(await names()).toBe(afterOneShape + 3);
  });

  it('refuses a statement with a value written into it, which would be served to every call', async () => {
    const read = (type: 'FIELD' | 'BMR_YARD') =>
      listPage(
        t.db,
        {
          name: 'test_fixed',
          filters: {},
          select: (total) =>
            t.db
              .select({ id: locations.id, total })
              .from(locations)
              .where(eq(locations.type, type)),
          count: () => t.db.select({ n: count() }).from(locations),
        },
        { limit: 10, offset: 0 },
      );
    await expect(read('FIELD')).rejects.toThrow(/writes a value into its statement/);
  });

  it('runs a read that is not a page from the same placeholders, unnamed', async () => {
    const { shaped, values } = shapedFilters<Filters>({ type: 'BMR_YARD', pattern: undefined });
    expect(values).toEqual({ type: 'BMR_YARD' });
    const rows = await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(whereOf(shaped))
      .prepare('')
      .execute(values);
    expect(rows.map((r) => r.id)).toEqual(await ids('BMR_YARD'));
  });
});

describe('containsPattern', () => {
  it('matches what was typed anywhere, its wildcards and escapes literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(containsPattern('a\u001fb')).toBe('%ab%');
  });
});
