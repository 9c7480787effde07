import { DASHBOARD_PERIODS, type DashboardPeriod } from './constants';
import { type CalendarDate, parseIsoDate, toIsoDate } from './dates';

/**
 * The dashboard's periods, messages and figures (a period's days, the change from last month, a
 * location's share), and no schema (decision 074): the dashboard imports them without building its
 * answers' zod schemas, which schemas/dashboard.ts makes.
 */

/** The period values, as the select offers them (constants.ts). */
export const DASHBOARD_PERIOD_VALUES = DASHBOARD_PERIODS.map((p) => p.value) as [
  DashboardPeriod,
  ...DashboardPeriod[],
];

export const DASHBOARD_MESSAGES = {
  filterInvalid: `Filter must be one of ${DASHBOARD_PERIOD_VALUES.join(', ')}`,
  totalInventoryCaption: 'Items across all locations',
  activeRentalsCaption: 'Currently rented items',
  noLocations: 'No locations found.',
  searchPlaceholder: 'Search locations...',
  loadFailed: 'Figures could not be loaded',
} as const;

/** A period's calendar days, [from, to): weeks start on Monday; `unit` is the chart's step. */
export type PeriodRange = { from: string; to: string; unit: 'day' | 'month' };

function shift(date: CalendarDate, days: number, months = 0): CalendarDate {
  const probe = new Date(Date.UTC(date.year, date.month - 1 + months, date.day + days));
  return { year: probe.getUTCFullYear(), month: probe.getUTCMonth() + 1, day: probe.getUTCDate() };
}

/** The days a period covers around `today` (yyyy-MM-dd, the server's calendar day). */
export function periodRange(period: DashboardPeriod, today: string): PeriodRange {
  const day = parseIsoDate(today);
  if (!day) throw new Error(`Not a calendar day: ${today}`);
  switch (period) {
    case 'today':
      return { from: today, to: toIsoDate(shift(day, 1)), unit: 'day' };
    case 'week': {
      const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
      const monday = shift(day, -((weekday + 6) % 7));
      return { from: toIsoDate(monday), to: toIsoDate(shift(monday, 7)), unit: 'day' };
    }
    case 'month': {
      const first = { ...day, day: 1 };
      return { from: toIsoDate(first), to: toIsoDate(shift(first, 0, 1)), unit: 'day' };
    }
    case 'year':
      return {
        from: toIsoDate({ year: day.year, month: 1, day: 1 }),
        to: toIsoDate({ year: day.year + 1, month: 1, day: 1 }),
        unit: 'month',
      };
  }
}

/** The first day of `today`'s month: the end of last month is the instant it begins. */
export function monthStart(today: string): string {
  return `${today.slice(0, 7)}-01`;
}

/** The chart's steps of a period: each day, or each month's first day for a year. */
export function periodSteps(range: PeriodRange): string[] {
  const steps: string[] = [];
  let step = parseIsoDate(range.from);
  while (step && toIsoDate(step) < range.to) {
    steps.push(toIsoDate(step));
    step = range.unit === 'day' ? shift(step, 1) : shift(step, 0, 1);
  }
  return steps;
}

/**
 * The change from last month, in percent to one decimal: 0 when both are 0, 100 when last month
 * was 0 and now is more (PRODUCT-DECISIONS.md).
 */
export function percentChange(now: number, endOfLastMonth: number): number {
  if (endOfLastMonth === 0) return now === 0 ? 0 : 100;
  return Math.round(((now - endOfLastMonth) / endOfLastMonth) * 1000) / 10;
}

/** A location's share of the units in stock, in percent to one decimal. */
export function inventoryLevel(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 1000) / 10;
}

/** The dashboard's location ids: LOC-00 followed by the id (01 section 9). */
export function dashboardLocationId(id: number): string {
  return `LOC-00${id}`;
}
