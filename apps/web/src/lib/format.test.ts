import { describe, expect, it } from 'vitest';
import { displayId, showingRange } from './format';

describe('format', () => {
  it('pads display ids to three digits', () => {
    expect(displayId('LOC', 1)).toBe('LOC-001');
    expect(displayId('MAT', 42)).toBe('MAT-042');
    expect(displayId('MAT', 1234)).toBe('MAT-1234');
  });

  it('says which rows a page shows', () => {
    expect(showingRange(1, 10, 25, 'items')).toBe('Showing 1 to 10 of 25 items');
    expect(showingRange(3, 10, 25, 'items')).toBe('Showing 21 to 25 of 25 items');
    expect(showingRange(1, 10, 0, 'locations')).toBe('Showing 0 to 0 of 0 locations');
  });
});
