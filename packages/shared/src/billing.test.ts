import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  type BillableHireItem,
  billRentalItem,
  centsToDecimalString,
  chargedBefore,
  DAYS_PER_WEEK,
  formatMoney,
  type HireItem,
  type HireRate,
  type HireStretch,
  hireCost,
  hireGroups,
  invoiceTotals,
  isoDaysBetween,
  parseMoneyToCents,
  type RepairMovement,
  roundHalfAwayFromZero,
  scrapShares,
  vatRateText,
  workLineAmount,
} from './billing';

const NUM_RUNS = 300;
const BASE_DAY = '2026-01-01';

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

/** A rental item: quantity 1–50, on hire within a year, 0–5 returns (same day or later). */
const itemArb: fc.Arbitrary<HireItem> = fc
  .record({
    quantity: fc.integer({ min: 1, max: 50 }),
    onHireOffset: fc.integer({ min: 0, max: 365 }),
    returns: fc.array(
      fc.record({
        after: fc.integer({ min: 0, max: 120 }),
        units: fc.integer({ min: 1, max: 20 }),
      }),
      { maxLength: 5 },
    ),
  })
  .map(({ quantity, onHireOffset, returns }) => {
    const onHire = addIsoDays(BASE_DAY, onHireOffset);
    let left = quantity;
    const kept = [];
    for (const { after, units } of returns) {
      const taken = Math.min(units, left);
      if (taken === 0) break;
      kept.push({ day: addIsoDays(onHire, after), units: taken });
      left -= taken;
    }
    return { quantity, onHire, returns: kept };
  });

const rateArb: fc.Arbitrary<HireRate> = fc.record({
  dayCents: fc.integer({ min: 1, max: 5000 }),
  weekCents: fc.option(fc.integer({ min: 1, max: 30000 }), { nil: null }),
  minimumDays: fc.integer({ min: 0, max: 30 }),
});

/** Period ends relative to onHire (some before it), sorted: the run of bills. */
const cutsArb = fc
  .array(fc.integer({ min: -10, max: 200 }), { minLength: 1, maxLength: 8 })
  .map((offsets) => [...offsets].sort((a, b) => a - b));

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Bills an item in consecutive runs, one per period end, as the caller would. */
function billInRuns(item: HireItem, rate: HireRate, periodEnds: string[]): HireStretch[][] {
  let billedThrough: string | null = null;
  const runs: HireStretch[][] = [];
  for (const periodEnd of periodEnds) {
    const billable: BillableHireItem = { ...item, billedThrough };
    const bill = billRentalItem(billable, rate, periodEnd);
    runs.push(bill.stretches);
    billedThrough = bill.billedThrough;
  }
  return runs;
}

const total = (runs: HireStretch[][]) =>
  runs.flat().reduce((sum, stretch) => sum + stretch.amountCents, 0);

const endsFromOffsets = (item: HireItem, offsets: number[]) =>
  offsets.map((offset) => addIsoDays(item.onHire, offset));

/** Units on hire on a day, straight from the item. */
function unitsOnHire(item: HireItem, day: string): number {
  if (day < item.onHire) return 0;
  const returned = item.returns.filter((r) => r.day <= day).reduce((sum, r) => sum + r.units, 0);
  return item.quantity - returned;
}

/** Brute force: the cheapest cover of m days by k weeks and single days, over every k. */
function bruteHireCost(days: number, rate: HireRate): number {
  const m = Math.max(days, rate.minimumDays);
  let best = m * rate.dayCents;
  if (rate.weekCents === null) return best;
  for (let k = 0; k <= Math.ceil(m / DAYS_PER_WEEK); k++) {
    best = Math.min(best, k * rate.weekCents + Math.max(0, m - 7 * k) * rate.dayCents);
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Days
// ---------------------------------------------------------------------------------------------

describe('calendar days', () => {
  it('adds and counts days across months, leap days and years', () => {
    expect(addIsoDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addIsoDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addIsoDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addIsoDays('2026-03-29', 1)).toBe('2026-03-30'); // UK clocks change; no effect
    expect(isoDaysBetween('2026-01-05', '2026-02-01')).toBe(27);
    expect(isoDaysBetween('2026-02-01', '2026-01-05')).toBe(-27);
  });

  it('refuses a day that is not on the calendar', () => {
    expect(() => addIsoDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => isoDaysBetween('05/01/2026', '2026-01-06')).toThrow(RangeError);
  });

  it('addIsoDays and isoDaysBetween agree', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -800, max: 800 }),
        (a, n) => {
          const from = addIsoDays(BASE_DAY, a);
          expect(isoDaysBetween(from, addIsoDays(from, n))).toBe(n);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// hireCost
// ---------------------------------------------------------------------------------------------

describe('hireCost', () => {
  it('charges days at the day rate without a week rate', () => {
    expect(hireCost(10, { dayCents: 100, weekCents: null, minimumDays: 0 })).toBe(1000);
  });

  it('uses the week rate when cheaper: 14 days at 500 a week cost 1000, not 1400', () => {
    expect(hireCost(14, { dayCents: 100, weekCents: 500, minimumDays: 0 })).toBe(1000);
  });

  it('takes the cheapest mix: 9 days = a week + 2 days; 6 days = a whole week', () => {
    const rate = { dayCents: 100, weekCents: 500, minimumDays: 0 };
    expect(hireCost(9, rate)).toBe(700);
    expect(hireCost(6, rate)).toBe(500);
    expect(hireCost(3, rate)).toBe(300);
  });

  it('charges the minimum hire: 7 days minimum, a 2-day hire costs 7 days', () => {
    const rate = { dayCents: 100, weekCents: null, minimumDays: 7 };
    expect(hireCost(2, rate)).toBe(700);
    expect(hireCost(0, rate)).toBe(700);
    expect(hireCost(8, rate)).toBe(800);
  });

  it('equals the cheapest cover by weeks and days (brute force)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), rateArb, (days, rate) => {
        expect(hireCost(days, rate)).toBe(bruteHireCost(days, rate));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('is monotone non-decreasing in days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 60 }),
        rateArb,
        (days, more, rate) => {
          expect(hireCost(days + more, rate)).toBeGreaterThanOrEqual(hireCost(days, rate));
          expect(hireCost(days + 1, rate)).toBeGreaterThanOrEqual(hireCost(days, rate));
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('never costs more than days × day rate once past the minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), rateArb, (extra, rate) => {
        const days = rate.minimumDays + extra;
        expect(hireCost(days, rate)).toBeLessThanOrEqual(days * rate.dayCents);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses negative or fractional days and rates', () => {
    const rate = { dayCents: 100, weekCents: null, minimumDays: 0 };
    expect(() => hireCost(-1, rate)).toThrow(RangeError);
    expect(() => hireCost(1.5, rate)).toThrow(RangeError);
    expect(() => hireCost(1, { ...rate, dayCents: 1.5 })).toThrow(RangeError);
  });

  it('stays exact past 2^53 in BigInt, then refuses to lose precision', () => {
    const rate = { dayCents: 2 ** 52, weekCents: null, minimumDays: 0 };
    expect(hireCost(1, rate)).toBe(2 ** 52);
    expect(() => hireCost(3, rate)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// chargedBefore and hireGroups
// ---------------------------------------------------------------------------------------------

describe('chargedBefore', () => {
  const rate = { dayCents: 100, weekCents: null, minimumDays: 3 };
  const group = { quantity: 2, onHire: '2026-01-05', offHire: '2026-01-10' };

  it('is 0 up to and including the on-hire day', () => {
    expect(chargedBefore(group, '2026-01-01', rate)).toBe(0);
    expect(chargedBefore(group, '2026-01-05', rate)).toBe(0);
  });

  it('charges the minimum from the first day, then days, and stops at the off-hire day', () => {
    expect(chargedBefore(group, '2026-01-06', rate)).toBe(600);
    expect(chargedBefore(group, '2026-01-09', rate)).toBe(800);
    expect(chargedBefore(group, '2026-01-10', rate)).toBe(1000);
    expect(chargedBefore(group, '2026-03-01', rate)).toBe(1000);
  });

  it('keeps charging an open group', () => {
    expect(chargedBefore({ ...group, offHire: null }, '2026-01-15', rate)).toBe(2000);
  });
});

describe('hireGroups', () => {
  it('groups returns by day, merges same-day returns, and keeps the rest open', () => {
    const groups = hireGroups({
      quantity: 10,
      onHire: '2026-01-05',
      returns: [
        { day: '2026-01-20', units: 3 },
        { day: '2026-01-12', units: 2 },
        { day: '2026-01-20', units: 1 },
      ],
    });
    expect(groups).toEqual([
      { quantity: 2, onHire: '2026-01-05', offHire: '2026-01-12' },
      { quantity: 4, onHire: '2026-01-05', offHire: '2026-01-20' },
      { quantity: 4, onHire: '2026-01-05', offHire: null },
    ]);
  });

  it('omits the open group when everything came back', () => {
    const groups = hireGroups({
      quantity: 3,
      onHire: '2026-01-05',
      returns: [{ day: '2026-01-05', units: 3 }],
    });
    expect(groups).toEqual([{ quantity: 3, onHire: '2026-01-05', offHire: '2026-01-05' }]);
  });

  it('throws when more is returned than hired, or before the on-hire day', () => {
    expect(() =>
      hireGroups({ quantity: 2, onHire: '2026-01-05', returns: [{ day: '2026-01-06', units: 3 }] }),
    ).toThrow(RangeError);
    expect(() =>
      hireGroups({ quantity: 2, onHire: '2026-01-05', returns: [{ day: '2026-01-04', units: 1 }] }),
    ).toThrow(RangeError);
  });

  it('keeps every unit in exactly one group', () => {
    fc.assert(
      fc.property(itemArb, (item) => {
        const groups = hireGroups(item);
        expect(groups.reduce((sum, g) => sum + g.quantity, 0)).toBe(item.quantity);
        expect(groups.filter((g) => g.offHire === null).length).toBeLessThanOrEqual(1);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// billRentalItem: examples
// ---------------------------------------------------------------------------------------------

describe('billRentalItem examples', () => {
  const dayRate = { dayCents: 100, weekCents: null, minimumDays: 0 };
  const item: HireItem = {
    quantity: 10,
    onHire: '2026-01-05',
    returns: [{ day: '2026-01-20', units: 4 }],
  };

  it('bills January: 4 × 15 days + 6 × 27 days at 100 cents', () => {
    const bill = billRentalItem({ ...item, billedThrough: null }, dayRate, '2026-01-31');
    expect(bill).toEqual({
      billedThrough: '2026-01-31',
      stretches: [
        { quantity: 4, from: '2026-01-05', to: '2026-01-19', days: 15, amountCents: 6000 },
        { quantity: 6, from: '2026-01-05', to: '2026-01-31', days: 27, amountCents: 16200 },
      ],
    });
  });

  it('bills February for the units still out only', () => {
    const bill = billRentalItem({ ...item, billedThrough: '2026-01-31' }, dayRate, '2026-02-28');
    expect(bill.stretches).toEqual([
      { quantity: 6, from: '2026-02-01', to: '2026-02-28', days: 28, amountCents: 16800 },
    ]);
  });

  it('bills the weekly price: 1 unit for 14 days at 500 a week is 1000', () => {
    const rate = { dayCents: 100, weekCents: 500, minimumDays: 0 };
    const bill = billRentalItem(
      {
        quantity: 1,
        onHire: '2026-01-05',
        returns: [{ day: '2026-01-19', units: 1 }],
        billedThrough: null,
      },
      rate,
      '2026-01-31',
    );
    expect(bill.stretches).toEqual([
      { quantity: 1, from: '2026-01-05', to: '2026-01-18', days: 14, amountCents: 1000 },
    ]);
  });

  it('bills the minimum hire once: a 2-day hire with a 7-day minimum costs 7 days', () => {
    const rate = { dayCents: 100, weekCents: null, minimumDays: 7 };
    const bill = billRentalItem(
      {
        quantity: 1,
        onHire: '2026-01-05',
        returns: [{ day: '2026-01-07', units: 1 }],
        billedThrough: null,
      },
      rate,
      '2026-01-31',
    );
    expect(bill.stretches).toEqual([
      { quantity: 1, from: '2026-01-05', to: '2026-01-06', days: 2, amountCents: 700 },
    ]);
  });

  it('charges the minimum up front and then nothing until it is used up', () => {
    const rate = { dayCents: 100, weekCents: null, minimumDays: 7 };
    const open: HireItem = { quantity: 1, onHire: '2026-01-05', returns: [] };
    const first = billRentalItem({ ...open, billedThrough: null }, rate, '2026-01-06');
    expect(first.stretches).toEqual([
      { quantity: 1, from: '2026-01-05', to: '2026-01-06', days: 2, amountCents: 700 },
    ]);
    const second = billRentalItem({ ...open, billedThrough: '2026-01-06' }, rate, '2026-01-11');
    expect(second.stretches).toEqual([
      { quantity: 1, from: '2026-01-07', to: '2026-01-11', days: 5, amountCents: 0 },
    ]);
    const third = billRentalItem({ ...open, billedThrough: '2026-01-11' }, rate, '2026-01-13');
    expect(third.stretches).toEqual([
      { quantity: 1, from: '2026-01-12', to: '2026-01-13', days: 2, amountCents: 200 },
    ]);
  });

  it('bills a same-day return its minimum hire as a 0-day stretch on the on-hire day', () => {
    const rate = { dayCents: 100, weekCents: null, minimumDays: 3 };
    const sameDay: HireItem = {
      quantity: 2,
      onHire: '2026-01-05',
      returns: [{ day: '2026-01-05', units: 2 }],
    };
    const bill = billRentalItem({ ...sameDay, billedThrough: null }, rate, '2026-01-31');
    expect(bill.stretches).toEqual([
      { quantity: 2, from: '2026-01-05', to: '2026-01-05', days: 0, amountCents: 600 },
    ]);
    const next = billRentalItem({ ...sameDay, billedThrough: '2026-01-31' }, rate, '2026-02-28');
    expect(next.stretches).toEqual([]);
  });

  it('bills a same-day return with no minimum as nothing at all', () => {
    const bill = billRentalItem(
      {
        quantity: 1,
        onHire: '2026-01-05',
        returns: [{ day: '2026-01-05', units: 1 }],
        billedThrough: null,
      },
      dayRate,
      '2026-01-31',
    );
    expect(bill.stretches).toEqual([]);
  });

  it('bills nothing and keeps billedThrough when the period ends before the on-hire day', () => {
    const bill = billRentalItem({ ...item, billedThrough: null }, dayRate, '2025-12-31');
    expect(bill).toEqual({ stretches: [], billedThrough: null });
  });

  it('bills nothing again for a period already billed', () => {
    const bill = billRentalItem({ ...item, billedThrough: '2026-01-31' }, dayRate, '2026-01-20');
    expect(bill).toEqual({ stretches: [], billedThrough: '2026-01-31' });
  });
});

// ---------------------------------------------------------------------------------------------
// billRentalItem: properties
// ---------------------------------------------------------------------------------------------

describe('billRentalItem properties', () => {
  it('bills the same in two runs as in one', () => {
    fc.assert(
      fc.property(
        itemArb,
        rateArb,
        fc.integer({ min: -10, max: 200 }),
        fc.integer({ min: -10, max: 200 }),
        (item, rate, a, b) => {
          const [cut, end] = endsFromOffsets(item, a < b ? [a, b] : [b, a]) as [string, string];
          expect(total(billInRuns(item, rate, [cut, end]))).toBe(
            total(billInRuns(item, rate, [end])),
          );
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('bills the same in many runs as in one', () => {
    fc.assert(
      fc.property(itemArb, rateArb, cutsArb, (item, rate, offsets) => {
        const ends = endsFromOffsets(item, offsets);
        const lastEnd = ends[ends.length - 1]!;
        expect(total(billInRuns(item, rate, ends))).toBe(total(billInRuns(item, rate, [lastEnd])));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('charges every unit-day from onHire to the last period end exactly once', () => {
    fc.assert(
      fc.property(itemArb, rateArb, cutsArb, (item, rate, offsets) => {
        const ends = endsFromOffsets(item, offsets);
        const lastEnd = ends[ends.length - 1]!;
        const stretches = billInRuns(item, rate, ends).flat();
        for (const stretch of stretches) {
          if (stretch.days > 0) {
            expect(isoDaysBetween(stretch.from, stretch.to) + 1).toBe(stretch.days);
          } else {
            // The one 0-day stretch: a same-day return's minimum, shown on the on-hire day.
            expect(stretch).toMatchObject({ from: item.onHire, to: item.onHire });
            expect(stretch.amountCents).toBeGreaterThan(0);
          }
        }
        const lastDay = isoDaysBetween(item.onHire, lastEnd);
        for (let offset = -2; offset <= lastDay + 2; offset++) {
          const day = addIsoDays(item.onHire, offset);
          const covered = stretches
            .filter((s) => s.days > 0 && s.from <= day && day <= s.to)
            .reduce((sum, s) => sum + s.quantity, 0);
          expect(covered).toBe(day <= lastEnd ? unitsOnHire(item, day) : 0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps each run within its period and contiguous with the previous run', () => {
    fc.assert(
      fc.property(itemArb, rateArb, cutsArb, (item, rate, offsets) => {
        const ends = endsFromOffsets(item, offsets);
        let billedThrough: string | null = null;
        for (const end of ends) {
          const bill = billRentalItem({ ...item, billedThrough }, rate, end);
          const start = billedThrough === null ? item.onHire : addIsoDays(billedThrough, 1);
          for (const stretch of bill.stretches) {
            expect(stretch.from >= start && stretch.from >= item.onHire).toBe(true);
            expect(stretch.to <= end).toBe(true);
            expect(stretch.amountCents).toBeGreaterThanOrEqual(0);
          }
          billedThrough = bill.billedThrough;
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('with a day rate only and no minimum, charges unit-days × day rate', () => {
    const dayOnlyRate = rateArb.map((rate) => ({ ...rate, weekCents: null, minimumDays: 0 }));
    fc.assert(
      fc.property(itemArb, dayOnlyRate, cutsArb, (item, rate, offsets) => {
        const ends = endsFromOffsets(item, offsets);
        const lastEnd = ends[ends.length - 1]!;
        const afterLast = addIsoDays(lastEnd, 1);
        const daysUntil = (day: string) =>
          Math.max(0, isoDaysBetween(item.onHire, day < afterLast ? day : afterLast));
        let unitDays = 0;
        let returned = 0;
        for (const r of item.returns) {
          unitDays += r.units * daysUntil(r.day);
          returned += r.units;
        }
        unitDays += (item.quantity - returned) * daysUntil(afterLast);
        expect(total(billInRuns(item, rate, ends))).toBe(unitDays * rate.dayCents);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Rounding, work lines, VAT
// ---------------------------------------------------------------------------------------------

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero, for every sign', () => {
    expect(roundHalfAwayFromZero(5n, 10n)).toBe(1n);
    expect(roundHalfAwayFromZero(-5n, 10n)).toBe(-1n);
    expect(roundHalfAwayFromZero(5n, -10n)).toBe(-1n);
    expect(roundHalfAwayFromZero(-5n, -10n)).toBe(1n);
    expect(roundHalfAwayFromZero(15n, 10n)).toBe(2n);
    expect(roundHalfAwayFromZero(-25n, 10n)).toBe(-3n);
    expect(roundHalfAwayFromZero(14n, 10n)).toBe(1n);
    expect(roundHalfAwayFromZero(-14n, 10n)).toBe(-1n);
    expect(roundHalfAwayFromZero(0n, 7n)).toBe(0n);
    expect(() => roundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });

  it('is within half of the exact quotient, and odd', () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 20n), 10n ** 20n), fc.bigInt(1n, 10n ** 6n), (n, d) => {
        const r = roundHalfAwayFromZero(n, d);
        const error = r * d - n;
        expect(2n * (error < 0n ? -error : error) <= d).toBe(true);
        expect(roundHalfAwayFromZero(-n, d)).toBe(-r);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('workLineAmount', () => {
  it('multiplies exact hundredths and rounds once', () => {
    expect(workLineAmount(12.5, 1000)).toBe(12500);
    expect(workLineAmount(0.1, 5)).toBe(1); // 0.5 cent → 1
    expect(workLineAmount(0.01, 49)).toBe(0); // 0.49 cent → 0
    expect(workLineAmount(-0.1, 5)).toBe(-1); // credit: −0.5 cent → −1
    expect(workLineAmount(1.15, 333)).toBe(383); // 382.95 → 383 (float 1.15 * 333 would not do)
    expect(workLineAmount(3, 0)).toBe(0);
  });

  it('refuses a quantity with more than 2 decimals', () => {
    expect(() => workLineAmount(1.005, 100)).toThrow(RangeError);
    expect(() => workLineAmount(Number.NaN, 100)).toThrow(RangeError);
    expect(() => workLineAmount(1, 1.5)).toThrow(RangeError);
  });

  it('keeps the rounded sum within half a cent per line of the exact sum', () => {
    const lineArb = fc.record({
      hundredths: fc.integer({ min: -10_000_000, max: 10_000_000 }),
      rate: fc.integer({ min: 0, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), (lines) => {
        let roundedHundredths = 0n;
        let exactHundredths = 0n;
        for (const { hundredths, rate } of lines) {
          roundedHundredths += 100n * BigInt(workLineAmount(hundredths / 100, rate));
          exactHundredths += BigInt(hundredths) * BigInt(rate);
        }
        const error = roundedHundredths - exactHundredths;
        expect((error < 0n ? -error : error) <= 50n * BigInt(lines.length)).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('invoiceTotals', () => {
  it('adds lines, rounds VAT once on the net', () => {
    // Each line's VAT would be 0.4 cent (0 rounded per line); once on the net, 1.2 → 1.
    expect(invoiceTotals([2, 2, 2], 2000)).toEqual({ netCents: 6, vatCents: 1, grossCents: 7 });
    expect(invoiceTotals([1001], 1750)).toEqual({
      netCents: 1001,
      vatCents: 175,
      grossCents: 1176,
    });
    expect(invoiceTotals([10], 2500)).toEqual({ netCents: 10, vatCents: 3, grossCents: 13 }); // 2.5 → 3
    expect(invoiceTotals([], 2000)).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
    expect(invoiceTotals([12345], 0)).toEqual({ netCents: 12345, vatCents: 0, grossCents: 12345 });
  });

  it('mirrors a credit note exactly', () => {
    expect(invoiceTotals([-10], 2500)).toEqual({ netCents: -10, vatCents: -3, grossCents: -13 });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, bp) => {
          const invoice = invoiceTotals(lines, bp);
          const credit = invoiceTotals(
            lines.map((x) => -x),
            bp,
          );
          expect(credit.netCents + invoice.netCents).toBe(0);
          expect(credit.vatCents + invoice.vatCents).toBe(0);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('keeps VAT within half a cent of exact and gross = net + VAT', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -100_000_000, max: 100_000_000 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, bp) => {
          const { netCents, vatCents, grossCents } = invoiceTotals(lines, bp);
          expect(netCents).toBe(lines.reduce((a, b) => a + b, 0));
          expect(grossCents).toBe(netCents + vatCents);
          const error = BigInt(vatCents) * 10_000n - BigInt(netCents) * BigInt(bp);
          expect((error < 0n ? -error : error) <= 5_000n).toBe(true);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Formatting and parsing
// ---------------------------------------------------------------------------------------------

describe('money text', () => {
  it('formats with Intl in the currency style', () => {
    expect(formatMoney(123450, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(-305, 'GBP')).toBe('-£3.05');
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
    expect(formatMoney(900719925474099, 'GBP')).toBe('£9,007,199,254,740.99');
  });

  it('writes plain decimals', () => {
    expect(centsToDecimalString(1250)).toBe('12.50');
    expect(centsToDecimalString(-305)).toBe('-3.05');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(-5)).toBe('-0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
  });

  it('parses typed amounts', () => {
    expect(parseMoneyToCents('12')).toBe(1200);
    expect(parseMoneyToCents('12.5')).toBe(1250);
    expect(parseMoneyToCents('12.50')).toBe(1250);
    expect(parseMoneyToCents('1,234.50')).toBe(123450);
    expect(parseMoneyToCents(' 0.07 ')).toBe(7);
    expect(parseMoneyToCents('1,234,567')).toBe(123456700);
    // Decimal commas, as much of Europe types them: one rule for every amount.
    expect(parseMoneyToCents('1,20')).toBe(120);
    expect(parseMoneyToCents('1,23')).toBe(123);
    expect(parseMoneyToCents('1.234,50')).toBe(123450);
    expect(parseMoneyToCents('.5')).toBe(50);
  });

  it('refuses what is not a typed amount', () => {
    for (const text of [
      '',
      '12.345',
      '-1',
      '+1',
      '£12',
      '1,234,5',
      '12,34.50',
      '12.',
      'abc',
      '1e3',
    ]) {
      expect(parseMoneyToCents(text)).toBeNull();
    }
    expect(parseMoneyToCents('99999999999999999')).toBeNull();
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseMoneyToCents(centsToDecimalString(cents))).toBe(cents);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('writes VAT rates', () => {
    expect(vatRateText(2000)).toBe('20%');
    expect(vatRateText(1750)).toBe('17.5%');
    expect(vatRateText(525)).toBe('5.25%');
    expect(vatRateText(0)).toBe('0%');
  });
});

describe('scrapShares', () => {
  const damaged = (id: number, units: number, returnId: number) => ({
    id,
    units,
    scrapped: false,
    returnId,
  });
  const out = (id: number, units: number, scrapped: boolean) => ({
    id,
    units: -units,
    scrapped,
    returnId: null,
  });

  it('writes off the oldest damaged units first, a repair taking its turn', () => {
    // Return 7 brought 5 damaged, return 8 brought 4; 3 repaired, then 4 scrapped: the last 2 of
    // return 7 and the first 2 of return 8.
    expect(
      scrapShares([damaged(1, 5, 7), damaged(2, 4, 8), out(3, 3, false), out(4, 4, true)]),
    ).toEqual([
      { movementId: 4, returnId: 7, units: 2 },
      { movementId: 4, returnId: 8, units: 2 },
    ]);
  });

  it('gives units out beyond those known to have come in to no return', () => {
    expect(scrapShares([out(1, 2, true), damaged(2, 1, 9), out(3, 1, true)])).toEqual([
      { movementId: 1, returnId: null, units: 2 },
      { movementId: 3, returnId: null, units: 1 },
    ]);
  });

  it('shares each scrap out exactly, and never more of a return than it brought', () => {
    const history = fc
      .array(
        fc.record({
          incoming: fc.boolean(),
          units: fc.integer({ min: 1, max: 20 }),
          scrap: fc.boolean(),
        }),
        { maxLength: 40 },
      )
      .map((steps) => {
        // A valid repair stock: never more out than in.
        let stock = 0;
        return steps.flatMap((step, index): RepairMovement[] => {
          if (step.incoming) {
            stock += step.units;
            return [{ id: index + 1, units: step.units, scrapped: false, returnId: 100 + index }];
          }
          const units = Math.min(step.units, stock);
          stock -= units;
          return units === 0
            ? []
            : [{ id: index + 1, units: -units, scrapped: step.scrap, returnId: null }];
        });
      });
    fc.assert(
      fc.property(history, (movements) => {
        const shares = scrapShares(movements);
        for (const movement of movements.filter((m) => m.scrapped)) {
          const mine = shares.filter((share) => share.movementId === movement.id);
          expect(mine.reduce((sum, share) => sum + share.units, 0)).toBe(-movement.units);
          expect(mine.every((share) => share.returnId !== null)).toBe(true);
        }
        for (const entry of movements.filter((m) => m.units > 0)) {
          const taken = shares
            .filter((share) => share.returnId === entry.returnId)
            .reduce((sum, share) => sum + share.units, 0);
          expect(taken).toBeLessThanOrEqual(entry.units);
        }
      }),
      { numRuns: 300 },
    );
  });
});
