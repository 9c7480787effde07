import { MAX_PAGE_LIMIT } from '@stockyard/shared';
import { describe, expect, it } from 'vitest';
import { limitSql } from './prepared';

describe('limitSql', () => {
  it('writes a page size from 1 to the cap as its digits', () => {
    expect(limitSql(1)).toBe('1');
    expect(limitSql(10)).toBe('10');
    expect(limitSql(MAX_PAGE_LIMIT)).toBe(String(MAX_PAGE_LIMIT));
  });

  it('refuses anything else, so that nothing but digits is ever written into SQL', () => {
    for (const bad of [0, -1, MAX_PAGE_LIMIT + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => limitSql(bad)).toThrow(RangeError);
    }
    expect(() => limitSql('10; drop table users' as unknown as number)).toThrow(RangeError);
  });
});
