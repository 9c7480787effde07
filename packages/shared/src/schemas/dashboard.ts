import { z } from 'zod';
import { DASHBOARD_PERIODS, type DashboardPeriod, DEFAULT_DASHBOARD_PERIOD } from '../constants';
import { type CalendarDate, parseIsoDate, toIsoDate } from '../dates';
import { materialDtoSchema } from './materials';

/**
 * The dashboard (01 sections 2, 3 and 7; PRODUCT-DECISIONS.md; docs/decisions/015): what a
 * manager sees first, per role and period. The one contract of both ends.
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

export const dashboardQuery = z.object({
  filter: z
    .enum(DASHBOARD_PERIOD_VALUES, { error: DASHBOARD_MESSAGES.filterInvalid })
    .default(DEFAULT_DASHBOARD_PERIOD),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

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

export const topLocationSchema = z.object({
  location: z.object({ id: z.int(), name: z.string(), address: z.string() }),
  inventoryLevel: z.number(),
  inventoryCount: z.number(),
});
export type TopLocation = z.infer<typeof topLocationSchema>;

export const rentalSeriesPointSchema = z.object({
  /** The day, or the month's first day for This Year. */
  date: z.string(),
  rentedOut: z.number(),
  returned: z.number(),
});
export type RentalSeriesPoint = z.infer<typeof rentalSeriesPointSchema>;

/** GET /users/dashboard-stats: the figures both roles see. */
export const dashboardStatsDtoSchema = z.object({
  totalMaterialCount: z.number(),
  activeRentals: z.number(),
  percentageChangeFromLastMonth: z.number(),
  activeRentalsPercentageChange: z.number(),
  topLocations: z.array(topLocationSchema),
  series: z.array(rentalSeriesPointSchema),
});
export type DashboardStatsDto = z.infer<typeof dashboardStatsDtoSchema>;

/** GET /users/admin-stats: the admin's cards and the Low Stock Items. */
export const adminStatsDtoSchema = z.object({
  totalInvoices: z.int(),
  totalUsers: z.int(),
  totalMaterials: z.int(),
  totalRentalRequestsThisMonth: z.int(),
  lowStock: z.array(materialDtoSchema),
});
export type AdminStatsDto = z.infer<typeof adminStatsDtoSchema>;

/** GET /dashboard/user-stats: the field manager's cards. */
export const userStatsDtoSchema = z.object({
  totalStaff: z.int(),
  totalPresentStaff: z.int(),
  onLeaveStaff: z.int(),
  totalInvoices: z.int(),
});
export type UserStatsDto = z.infer<typeof userStatsDtoSchema>;

/** GET /users/dashboard-counts: the page's one call, the role's cards beside the shared figures. */
export const dashboardCountsDtoSchema = dashboardStatsDtoSchema.extend({
  period: z.enum(DASHBOARD_PERIOD_VALUES),
  admin: adminStatsDtoSchema.nullable(),
  user: userStatsDtoSchema.nullable(),
});
export type DashboardCountsDto = z.infer<typeof dashboardCountsDtoSchema>;
