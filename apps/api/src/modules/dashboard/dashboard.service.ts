import {
  type AdminStatsDto,
  type DashboardCountsDto,
  type DashboardPeriod,
  type DashboardStatsDto,
  inventoryLevel,
  localToday,
  monthStart,
  normalizeRole,
  PAGE_SIZES,
  percentChange,
  periodRange,
  periodSteps,
  type SessionUser,
  type UserStatsDto,
} from '@stockyard/shared';
import { serverTimeZone } from '../../config';
import type { AppContext } from '../../context';
import { scopeOf } from '../../lib/location-scope';
import { startOfDay } from '../../lib/zoned-day';
import { lowStock } from '../materials/materials.service';
import * as repo from './dashboard.repository';

/**
 * The dashboard's figures (01 sections 2, 3 and 7; issue 19). Counts of what
 * happens cover the period; standing totals are as of now. Days are the server's calendar days
 * (its TZ); weeks start on Monday. A field manager's figures are their location's. Every call
 * reads them afresh: a working day's writes would make kept figures stale at once.
 */

function calendar(period: DashboardPeriod) {
  const today = localToday();
  const zone = serverTimeZone();
  const range = periodRange(period, today);
  const thisMonth = monthStart(today);
  return {
    today,
    zone,
    range,
    thisMonth,
    instants: { from: startOfDay(range.from, zone), to: startOfDay(range.to, zone) },
    monthBegan: startOfDay(thisMonth, zone),
  };
}

/** The chart's units per step of the period. */
async function flowsOf(ctx: AppContext, scope: number | null, when: ReturnType<typeof calendar>) {
  const flows = await repo.rentalFlows(ctx.db, scope, when.range);
  return new Map(flows.map((flow) => [flow.step, flow]));
}

export async function dashboardStats(
  ctx: AppContext,
  user: SessionUser,
  period: DashboardPeriod,
): Promise<DashboardStatsDto> {
  const scope = scopeOf(user);
  const when = calendar(period);
  const [stock, figures, flows] = await Promise.all([
    repo.stockByLocation(ctx.db, scope),
    repo.standingFigures(ctx.db, scope, when.thisMonth),
    flowsOf(ctx, scope, when),
  ]);
  const unitsNow = round2(stock.reduce((sum, row) => sum + row.now, 0));
  return {
    totalMaterialCount: unitsNow,
    activeRentals: figures.rentedNow,
    percentageChangeFromLastMonth: percentChange(unitsNow, round2(figures.stockThen)),
    activeRentalsPercentageChange: percentChange(figures.rentedNow, figures.rentedThen),
    topLocations: stock.map((row) => ({
      location: { id: row.id, name: row.name, address: row.address },
      inventoryLevel: inventoryLevel(row.now, unitsNow),
      inventoryCount: row.now,
    })),
    series: periodSteps(when.range).map((date) => ({
      date,
      rentedOut: flows.get(date)?.rentedOut ?? 0,
      returned: flows.get(date)?.returned ?? 0,
    })),
  };
}

export async function adminStats(
  ctx: AppContext,
  user: SessionUser,
  period: DashboardPeriod,
): Promise<AdminStatsDto> {
  const when = calendar(period);
  const monthEnds = periodRange('month', localToday()).to;
  const [cards, lowStockItems] = await Promise.all([
    repo.adminCards(ctx.db, when.range, {
      from: when.monthBegan,
      to: startOfDay(monthEnds, when.zone),
    }),
    lowStock(ctx, user, { _limit: PAGE_SIZES.dashboardLowStock }),
  ]);
  return {
    totalInvoices: cards.invoices,
    totalUsers: cards.users,
    totalMaterials: cards.materials,
    totalRentalRequestsThisMonth: cards.requests,
    lowStock: lowStockItems,
  };
}

export async function userStats(
  ctx: AppContext,
  user: SessionUser,
  period: DashboardPeriod,
): Promise<UserStatsDto> {
  const scope = scopeOf(user);
  const when = calendar(period);
  const cards = await repo.userCards(ctx.db, scope, when.range);
  return {
    totalStaff: cards.staff,
    totalPresentStaff: cards.present,
    onLeaveStaff: cards.onLeave,
    totalInvoices: cards.invoices,
  };
}

/** The page's one call: the shared figures and the cards of the viewer's role. */
export async function dashboardCounts(
  ctx: AppContext,
  user: SessionUser,
  period: DashboardPeriod,
): Promise<DashboardCountsDto> {
  const admin = normalizeRole(user.role) === 'ADMIN';
  const [shared, cards] = await Promise.all([
    dashboardStats(ctx, user, period),
    admin ? adminStats(ctx, user, period) : userStats(ctx, user, period),
  ]);
  return {
    ...shared,
    period,
    admin: admin ? (cards as AdminStatsDto) : null,
    user: admin ? null : (cards as UserStatsDto),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
