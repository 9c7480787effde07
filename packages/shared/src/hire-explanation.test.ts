import { describe, expect, it } from 'vitest';
import { billRentalItem, type HireRate } from './billing';
import { hireCover, hireLineExplanation } from './hire-explanation';

const rate: HireRate = { dayCents: 30, weekCents: 150, minimumDays: 0 };
const line = {
  kind: 'HIRE',
  quantity: 37,
  fromDate: '2026-09-01',
  toDate: '2026-09-09',
  days: 9,
  dayCents: 30,
  weekCents: 150,
  minimumDays: 0,
};

describe('a hire line explained (issue 50 item 7)', () => {
  it('says the days billed before and the price of each, first billing', () => {
    expect(
      hireLineExplanation({ ...line, amountCents: 37 * 210, daysBilledBefore: 0 }, 'EUR'),
    ).toBe(
      '37 × 9 days (01/09/2026–09/09/2026; 0 days billed before): 1 week at €1.50 + 2 days at €0.30 = €2.10 a unit; × 37 = €77.70',
    );
  });

  it("explains the issue's €55.50: 14 days in all less the 5 billed before", () => {
    expect(hireLineExplanation({ ...line, amountCents: 5550, daysBilledBefore: 5 }, 'EUR')).toBe(
      '37 × 9 days (01/09/2026–09/09/2026; 5 days billed before): 14 days in all: 2 weeks at €1.50 = €3.00, less the 5 days billed before: 5 days at €0.30 = €1.50; €1.50 a unit; × 37 = €55.50',
    );
  });

  it('says the minimum hire, and a same-day return', () => {
    const minimum = { ...rate, minimumDays: 3 };
    expect(hireCover(0, minimum)).toEqual({ charged: 3, weeks: 0, days: 3, cents: 90 });
    expect(
      hireLineExplanation(
        {
          ...line,
          quantity: 2,
          fromDate: '2026-09-01',
          toDate: '2026-09-01',
          days: 0,
          minimumDays: 3,
          amountCents: 180,
          daysBilledBefore: 0,
        },
        'EUR',
      ),
    ).toBe(
      '2 × 0 days (01/09/2026; 0 days billed before): minimum hire of 3 days: 3 days at €0.30 = €0.90 a unit; × 2 = €1.80',
    );
  });

  it('agrees with every stretch the billing engine makes, month after month', () => {
    const item = {
      quantity: 40,
      onHire: '2026-08-07',
      returns: [{ day: '2026-09-18', units: 3 }],
    };
    let billedThrough: string | null = null;
    for (const periodEnd of ['2026-08-31', '2026-09-30', '2026-10-31']) {
      const bill = billRentalItem({ ...item, billedThrough }, rate, periodEnd);
      for (const stretch of bill.stretches) {
        const before = Math.round(
          (Date.parse(stretch.from) - Date.parse(item.onHire)) / 86_400_000,
        );
        const text = hireLineExplanation(
          {
            ...line,
            quantity: stretch.quantity,
            fromDate: stretch.from,
            toDate: stretch.to,
            days: stretch.days,
            amountCents: stretch.amountCents,
            daysBilledBefore: before,
          },
          'EUR',
        );
        expect(text, `${stretch.from} ${stretch.quantity}`).toMatch(/ billed before\)/);
        expect(
          text.endsWith(`× ${stretch.quantity} = €${(stretch.amountCents / 100).toFixed(2)}`),
        ).toBe(true);
      }
      billedThrough = bill.billedThrough;
    }
  });

  it('says nothing of a line its days and rate do not give, or that is no hire', () => {
    expect(hireLineExplanation({ ...line, amountCents: 1, daysBilledBefore: 0 }, 'EUR')).toBe('');
    expect(hireLineExplanation({ ...line, amountCents: 37 * 210 }, 'EUR')).toBe('');
    expect(
      hireLineExplanation(
        { ...line, kind: 'WRITE_OFF', amountCents: 37 * 210, daysBilledBefore: 0 },
        'EUR',
      ),
    ).toBe('');
  });
});
