import { MAX_PAGE_LIMIT, PAGE_SIZES } from '@stockyard/shared';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { limitLiteral, preparedList, SCREEN_PAGE_SIZES } from './prepared';

// `preparedList` keys its statements by the database handle alone: any object stands for one.
const db = {} as Database;

describe('preparedList', () => {
  it('names a statement only for the page sizes the screens offer, and builds it once', () => {
    const built: string[] = [];
    const build = (_db: Database, name: string, limit: number) => {
      built.push(name);
      return { name, limit };
    };
    for (let round = 0; round < 3; round++) {
      for (let limit = 1; limit <= MAX_PAGE_LIMIT; limit++)
        preparedList(db, 'a_list', limit, build);
    }
    const named = built.filter((name) => name !== '');
    expect(new Set(named).size).toBe(named.length);
    expect(named.sort()).toEqual([...SCREEN_PAGE_SIZES].map((size) => `a_list_${size}`).sort());
    expect(preparedList(db, 'a_list', 7, build)).toEqual({ name: '', limit: 7 });
  });

  it('takes its sizes from the shared page sizes', () => {
    expect(SCREEN_PAGE_SIZES).toEqual(new Set(Object.values(PAGE_SIZES).flat()));
    expect(SCREEN_PAGE_SIZES.size).toBeLessThanOrEqual(5);
  });

  it('refuses a page size outside 1 to the cap, so that nothing but digits is written into SQL', () => {
    const build = () => 'built';
    for (const bad of [0, -1, MAX_PAGE_LIMIT + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => preparedList(db, 'a_list', bad, build)).toThrow(RangeError);
      expect(() => limitLiteral(bad)).toThrow(RangeError);
    }
    expect(() => limitLiteral('10; drop table users' as unknown as number)).toThrow(RangeError);
  });
});
