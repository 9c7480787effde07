import { MAX_PAGE_LIMIT, PAGE_SIZES } from '@stockyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client';
import { locations } from '../db/schema';
import { limitLiteral, prepared, preparedSql, SCREEN_PAGE_SIZES } from './prepared';

describe('page sizes', () => {
  it('takes its sizes from the shared page sizes', () => {
    expect(SCREEN_PAGE_SIZES).toEqual(new Set(Object.values(PAGE_SIZES).flat()));
    expect(SCREEN_PAGE_SIZES.size).toBeLessThanOrEqual(5);
  });

  it('refuses a page size outside 1 to the cap, so that nothing but digits is written into SQL', () => {
    for (const bad of [0, -1, MAX_PAGE_LIMIT + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
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

  it('refuses a statement written as SQL with a value written in, before it is sent', async () => {
    const read = preparedSql('test_sql_fixed', () => sql`select ${5}::integer as n`);
    await expect(read(real, {})).rejects.toThrow(
      /test_sql_fixed writes a value into its statement/,
    );
  });
});
