import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, materialStatus } from './calculations';

describe('materialStatus', () => {
  it.each([
    [0, 'Out of Stock'],
    [1, 'Low Stock'],
    [10, 'Low Stock'],
    [11, 'Available'],
  ] as const)('calls a quantity of %i %s', (quantity, status) => {
    expect(materialStatus(quantity)).toBe(status);
  });

  it('is Low Stock exactly from 1 to the threshold, whatever the quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (quantity) => {
        const status = materialStatus(quantity);
        if (quantity === 0) return status === 'Out of Stock';
        if (quantity <= LOW_STOCK_THRESHOLD) return status === 'Low Stock';
        return status === 'Available';
      }),
    );
  });

  it('never gets better as the quantity falls', () => {
    const rank = { 'Out of Stock': 0, 'Low Stock': 1, Available: 2 } as const;
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return rank[materialStatus(low)] <= rank[materialStatus(high)];
      }),
    );
  });
});
