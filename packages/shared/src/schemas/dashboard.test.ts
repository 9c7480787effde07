import { describe, expect, it } from 'vitest';
import {
  dashboardLocationId,
  inventoryLevel,
  monthStart,
  percentChange,
  periodRange,
  periodSteps,
} from '../dashboard';
import { dashboardQuery } from './dashboard';

describe('the dashboard periods', () => {
  it('start weeks on Monday, also across a month and a year', () => {
    expect(periodRange('week', '2026-11-25')).toEqual({
      from: '2026-11-23',
      to: '2026-11-30',
      unit: 'day',
    });
    // A Sunday belongs to the week that began the Monday before.
    expect(periodRange('week', '2026-11-29').from).toBe('2026-11-23');
    expect(periodRange('week', '2027-01-01')).toEqual({
      from: '2026-12-28',
      to: '2027-01-04',
      unit: 'day',
    });
  });

  it('cover the calendar day, month and year of today', () => {
    expect(periodRange('today', '2028-02-29')).toEqual({
      from: '2028-02-29',
      to: '2028-03-01',
      unit: 'day',
    });
    expect(periodRange('month', '2026-12-31')).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
      unit: 'day',
    });
    expect(periodRange('year', '2026-06-15')).toEqual({
      from: '2026-01-01',
      to: '2027-01-01',
      unit: 'month',
    });
    expect(monthStart('2026-11-25')).toBe('2026-11-01');
  });

  it('chart a step per day, or per month for a year', () => {
    expect(periodSteps(periodRange('month', '2026-02-10'))).toHaveLength(28);
    expect(periodSteps(periodRange('year', '2026-02-10'))).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
    ]);
  });

  it('take today by default and refuse another filter', () => {
    expect(dashboardQuery.parse({})).toEqual({ filter: 'today' });
    expect(dashboardQuery.safeParse({ filter: 'decade' }).success).toBe(false);
    expect(dashboardQuery.safeParse({ filter: 'Week' }).success).toBe(false);
  });
});

describe('the dashboard figures', () => {
  it('compare with last month to one decimal: 0 when both are 0, 100 from nothing', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(7, 0)).toBe(100);
    expect(percentChange(196, 150)).toBe(30.7);
    expect(percentChange(9, 17)).toBe(-47.1);
    expect(percentChange(150, 150)).toBe(0);
  });

  it("give a location's share of the units to one decimal, and its display id", () => {
    expect(inventoryLevel(30, 196)).toBe(15.3);
    expect(inventoryLevel(0, 0)).toBe(0);
    expect(dashboardLocationId(7)).toBe('LOC-007');
    expect(dashboardLocationId(123)).toBe('LOC-00123');
  });
});
