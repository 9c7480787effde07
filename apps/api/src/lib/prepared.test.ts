import { MAX_PAGE_LIMIT, PAGE_SIZES } from '@stockyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { locations } from '../db/schema';
import { limitLiteral, prepared, preparedList, SCREEN_PAGE_SIZES } from './prepared';

// `preparedList` builds a statement once and runs it on the client of the executor it is given:
// an object with a client stands for one, and a statement is an object that sends through its own.
const db = { session: { client: {} } } as unknown as Database;
/** What a statement `prepared` gives was built as: its own fields, the client aside. */
const built = <T extends object>(statement: T) => ({
  ...Object.getPrototypeOf(statement),
  ...statement,
});

describe('preparedList', () => {
  it('names a statement only for the page sizes the screens offer, and builds it once', () => {
    const names: string[] = [];
    const build = (_db: Database, name: string, limit: number) => {
      names.push(name);
      return { name, limit, client: null };
    };
    for (let round = 0; round < 3; round++) {
      for (let limit = 1; limit <= MAX_PAGE_LIMIT; limit++)
        preparedList(db, 'a_list', { limit, offset: 2 * limit }, build);
    }
    const named = names.filter((name) => name !== '');
    expect(new Set(named).size).toBe(named.length);
    expect(named.sort()).toEqual([...SCREEN_PAGE_SIZES].map((size) => `a_list_${size}`).sort());
    expect(preparedList(db, 'a_list', { limit: 7, offset: 14 }, build)).toEqual({
      name: '',
      limit: 7,
      client: null,
    });
  });

  it('makes the first page a statement of its own, with OFFSET 0 written in', async () => {
    const { PgDialect } = await import('drizzle-orm/pg-core');
    const dialect = new PgDialect();
    const build = (_db: Database, name: string, _limit: number, offset: number) => ({
      name,
      offset: dialect.sqlToQuery(sql`offset ${offset}`).sql,
      client: null,
    });
    const size = [...SCREEN_PAGE_SIZES][0]!;
    expect(built(preparedList(db, 'b_list', { limit: size, offset: 0 }, build))).toMatchObject({
      name: `b_list_first_${size}`,
      offset: 'offset 0',
    });
    expect(built(preparedList(db, 'b_list', { limit: size, offset: size }, build))).toMatchObject({
      name: `b_list_${size}`,
      offset: 'offset (select $1::bigint)',
    });
  });

  it('takes its sizes from the shared page sizes', () => {
    expect(SCREEN_PAGE_SIZES).toEqual(new Set(Object.values(PAGE_SIZES).flat()));
    expect(SCREEN_PAGE_SIZES.size).toBeLessThanOrEqual(5);
  });

  it('refuses a page size outside 1 to the cap, so that nothing but digits is written into SQL', () => {
    const build = () => ({ client: null });
    for (const bad of [0, -1, MAX_PAGE_LIMIT + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => preparedList(db, 'a_list', { limit: bad }, build)).toThrow(RangeError);
      expect(() => limitLiteral(bad)).toThrow(RangeError);
    }
    expect(() => limitLiteral('10; drop table users' as unknown as number)).toThrow(RangeError);
  });
});

describe('prepared', () => {
  // Building and preparing a statement connects to nothing: a database no server answers will do.
  const real = createDatabase('postgres://nobody@127.0.0.1:9/none', 1);

  it('refuses a statement with a value written in, which every later call would be served', () => {
    const read = (id: number) =>
      prepared(real, 'test_fixed_location', (d, name) =>
        d.select().from(locations).where(eq(locations.id, id)).prepare(name),
      );
    expect(() => read(5)).toThrow(/test_fixed_location writes a value into its statement/);
  });

  it('builds a statement of placeholders once, for every value', () => {
    let builds = 0;
    const read = () =>
      prepared(real, 'test_a_location', (d, name) => {
        builds += 1;
        return d
          .select()
          .from(locations)
          .where(eq(locations.id, sql.placeholder('id')))
          .prepare(name);
      });
    expect(Object.getPrototypeOf(read())).toBe(Object.getPrototypeOf(read()));
    expect(builds).toBe(1);
  });
});
