import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  grandTotalQuantity,
  INVOICE_UOMS,
  itemCalculatedQuantity,
  LOW_STOCK_THRESHOLD,
  materialStatus,
} from './calculations';

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

describe('itemCalculatedQuantity', () => {
  it.each([
    ['SQM (M2)', 2, 3, 4, 5, 24],
    ['Running MTR', 2, 3, 4, 5, 6],
    ['CUM (M3)', 2, 3, 4, 5, 120],
    ['CUM (M3) (12-18m)', 2, 1.5, 2, 0.5, 3],
    ['Unknown', 2, 3, 4, 5, 0],
  ] as const)(
    'measures %s: %d x %d x %d x %d = %d',
    (uom, quantity, length, width, height, total) => {
      expect(itemCalculatedQuantity({ uom, quantity, length, width, height })).toBe(total);
    },
  );

  it('counts a missing or non-finite value as 0 and rounds to 2 decimals', () => {
    expect(itemCalculatedQuantity({ uom: 'CUM (M3)', quantity: 1, length: 1, width: 1 })).toBe(0);
    expect(
      itemCalculatedQuantity({ uom: 'SQM (M2)', quantity: 1, length: Number.NaN, width: 2 }),
    ).toBe(0);
    expect(itemCalculatedQuantity({ uom: 'SQM (M2)', quantity: 1, length: 1.005, width: 1 })).toBe(
      1.01,
    );
    expect(itemCalculatedQuantity({ uom: 'Running MTR', quantity: 3, length: 0.1 })).toBe(0.3);
  });

  it('gives a grand total equal to the sum of the rounded items', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            uom: fc.constantFrom(...INVOICE_UOMS),
            quantity: fc.integer({ min: 0, max: 1000 }),
            length: fc.double({ min: 0, max: 100, noNaN: true }),
            width: fc.double({ min: 0, max: 100, noNaN: true }),
            height: fc.double({ min: 0, max: 100, noNaN: true }),
          }),
          { maxLength: 20 },
        ),
        (items) => {
          const sum = items.reduce((total, item) => total + itemCalculatedQuantity(item), 0);
          return Math.abs(grandTotalQuantity(items) - sum) < 0.005 + 1e-9;
        },
      ),
    );
  });
});
