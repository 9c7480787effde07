import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks';

describe('ADVISORY_LOCKS', () => {
  it('gives every lock a key of its own within its key space', () => {
    for (const space of Object.values(ADVISORY_LOCKS)) {
      const keys = Object.values(space);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('keeps the two-key classes within a 32-bit integer, as PostgreSQL takes them', () => {
    for (const key of Object.values(ADVISORY_LOCKS.classes)) {
      expect(Number.isInteger(key) && key >= -(2 ** 31) && key < 2 ** 31).toBe(true);
    }
  });
});
