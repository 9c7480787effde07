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
import type { AppContext } from '../../context';
import { scopeOf } from '../../lib/location-scope';
import { startOfDay } from '../../lib/zoned-day';
import { lowStock } from '../materials/materials.service';
import * as repo from './dashboard.repository';
import { KeptReads } from './kept-reads';

/**
 * The dashboard's figures (01 sections 2, 3 and 7; issue 19; decision 015). Counts of what
 * happens cover the period; standing totals are as of now. Days are the server's calendar days
 * (its TZ); weeks start on Monday. A field manager's figures are their location's.
 */

/** The server's time zone: the calendar its days, weeks, months and years follow. */
function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

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
    todayBegan: startOfDay(today, zone),
    monthBegan: startOfDay(thisMonth, zone),
  };
}

type Flow = Awaited<ReturnType<typeof repo.rentalFlows>>[number];
type Kept = { flows: KeptReads<Flow[]>; lastMonth: KeptReads<{ stock: number; rentals: number }> };
const kept = new WeakMap<AppContext, Kept>();
const KEPT_MS = 60_000;

function keptOf(ctx: AppContext): Kept {
  let found = kept.get(ctx);
  if (!found) {
    found = { flows: new KeptReads(KEPT_MS, 2_000), lastMonth: new KeptReads(KEPT_MS, 1_000) };
    kept.set(ctx, found);
  }
  return found;
}

/** The chart's units per step: the days before today kept a minute, today read live. */
async function flowsOf(ctx: AppContext, scope: number | null, when: ReturnType<typeof calendar>) {
  const unit = when.range.unit;
  const before =
    when.range.from < when.today
      ? keptOf(ctx).flows.get(`${scope ?? 'all'}|${unit}|${when.range.from}|${when.today}`, () =>
          repo.rentalFlows(
            ctx.db,
            scope,
            { from: when.instants.from, to: when.todayBegan, unit },
            when.zone,
          ),
        )
      : Promise.resolve([]);
  const live = repo.rentalFlows(
    ctx.db,
    scope,
    { from: when.todayBegan, to: when.instants.to, unit },
    when.zone,
  );
  const byStep = new Map<string, Flow>();
  for (const flow of [...(await before), ...(await live)]) {
    const known = byStep.get(flow.step);
    byStep.set(
      flow.step,
      known
        ? {
            step: flow.step,
            rentedOut: known.rentedOut + flow.rentedOut,
            returned: known.returned + flow.returned,
          }
        : flow,
    );
  }
  return byStep;
}

/**
 * The units in stock and out on rentals when this month began: history, which only an edit of an
 * older rental changes, so kept a minute per scope and month.
 */
function endOfLastMonth(ctx: AppContext, scope: number | null, when: ReturnType<typeof calendar>) {
  return keptOf(ctx).lastMonth.get(`${scope ?? 'all'}|${when.thisMonth}`, async () => {
    const [stock, rentals] = await Promise.all([
      repo.stockAtMonthStart(ctx.db, scope, when.thisMonth),
      repo.rentalsOutAt(ctx.db, scope, when.monthBegan),
    ]);
    return { stock, rentals };
  });
}

export async function dashboardStats(
  ctx: AppContext,
  user: SessionUser,
  period: DashboardPeriod,
): Promise<DashboardStatsDto> {
  const scope = scopeOf(user);
  const when = calendar(period);
  const [stock, rentedNow, before, flows] = await Promise.all([
    repo.stockByLocation(ctx.db, scope),
    repo.rentalsOutNow(ctx.db, scope),
    endOfLastMonth(ctx, scope, when),
    flowsOf(ctx, scope, when),
  ]);
  const unitsNow = round2(stock.reduce((sum, row) => sum + row.now, 0));
  return {
    totalMaterialCount: unitsNow,
    activeRentals: rentedNow,
    percentageChangeFromLastMonth: percentChange(unitsNow, round2(before.stock)),
    activeRentalsPercentageChange: percentChange(rentedNow, before.rentals),
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
