import { z } from 'zod';
import { DEFAULT_DASHBOARD_PERIOD } from '../constants';
import { DASHBOARD_MESSAGES, DASHBOARD_PERIOD_VALUES } from '../dashboard';
import { materialDtoSchema } from './materials';

/**
 * The dashboard (01 sections 2, 3 and 7; PRODUCT-DECISIONS.md; docs/decisions/015): what a
 * manager sees first, per role and period. The one contract of both ends.
 */

export const dashboardQuery = z.object({
  filter: z
    .enum(DASHBOARD_PERIOD_VALUES, { error: DASHBOARD_MESSAGES.filterInvalid })
    .default(DEFAULT_DASHBOARD_PERIOD),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

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
