import {
  DASHBOARD_MESSAGES,
  DASHBOARD_PERIODS,
  type DashboardCountsDto,
  type DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
  normalizeRole,
  RENTAL_FIGURE_LABELS,
} from '@stockyard/shared';
import {
  Boxes,
  ClipboardList,
  FileText,
  Package,
  Plane,
  Truck,
  UserCheck,
  Users,
} from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { useDeferredAnswer } from '@/hooks/use-paged-list';
import { INTROS } from '@/lib/page-intros';
import { useSession } from '@/lib/session';
import { useDashboardCounts } from './api/get-dashboard-counts';
import { LocationsTable } from './components/locations-table';
import { LowStockTable } from './components/low-stock-table';
import { RentalsChart } from './components/rentals-chart';
import { PercentChange, StatCard } from './components/stat-card';

const PERIOD_PARAM = 'period';

function readPeriod(raw: string | null): DashboardPeriod {
  return (
    DASHBOARD_PERIODS.find((option) => option.value === raw)?.value ?? DEFAULT_DASHBOARD_PERIOD
  );
}

/** The dashboard (01 section 2): the role's cards, the shared figures, the chart, the locations. */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const period = readPeriod(params.get(PERIOD_PARAM));
  const isAdmin = normalizeRole(useSession()?.user.role) === 'ADMIN';
  const counts = useDashboardCounts(period);
  // Drawn in slices, as the lists draw their rows: the cards, the chart and the table at once were
  // one long task on a phone.
  const answer = useDeferredAnswer(counts);
  const loading = answer.state === 'loading';
  const figures: DashboardCountsDto | undefined = answer.data;

  const choose = (next: DashboardPeriod) => {
    const changed = new URLSearchParams(params);
    if (next === DEFAULT_DASHBOARD_PERIOD) changed.delete(PERIOD_PARAM);
    else changed.set(PERIOD_PARAM, next);
    setParams(changed);
  };

  const admin = figures?.admin;
  const user = figures?.user;
  const icon = 'h-5 w-5';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageIntro intro={INTROS.dashboard()} />
        <Select
          aria-label="Period"
          className="w-40"
          value={period}
          onChange={(event) => choose(event.target.value as DashboardPeriod)}
        >
          {DASHBOARD_PERIODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>

      {counts.isError ? (
        <p
          className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground"
          role="status"
        >
          {DASHBOARD_MESSAGES.loadFailed}
          <Button variant="outline" size="sm" onClick={() => counts.refetch()}>
            Retry
          </Button>
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {isAdmin ? (
          <>
            <StatCard
              title="Total Invoices"
              value={admin?.totalInvoices ?? 0}
              loading={loading}
              icon={<FileText className={icon} />}
            />
            <StatCard
              title="Total Users"
              value={admin?.totalUsers ?? 0}
              loading={loading}
              icon={<Users className={icon} />}
            />
            <StatCard
              title="Total Materials"
              value={admin?.totalMaterials ?? 0}
              loading={loading}
              icon={<Package className={icon} />}
            />
            <StatCard
              title="Rental Requests (This Month)"
              value={admin?.totalRentalRequestsThisMonth ?? 0}
              loading={loading}
              icon={<ClipboardList className={icon} />}
            />
          </>
        ) : (
          <>
            <StatCard
              title="Total Staff"
              value={user?.totalStaff ?? 0}
              loading={loading}
              icon={<Users className={icon} />}
            />
            <StatCard
              title="Total Present Staff"
              value={user?.totalPresentStaff ?? 0}
              loading={loading}
              icon={<UserCheck className={icon} />}
            />
            <StatCard
              title="On Leave Staff"
              value={user?.onLeaveStaff ?? 0}
              loading={loading}
              icon={<Plane className={icon} />}
            />
            <StatCard
              title="Total Invoices"
              value={user?.totalInvoices ?? 0}
              loading={loading}
              icon={<FileText className={icon} />}
            />
          </>
        )}
        <StatCard
          title="Total Inventory"
          value={figures?.totalMaterialCount ?? 0}
          loading={loading}
          icon={<Boxes className={icon} />}
        >
          {DASHBOARD_MESSAGES.totalInventoryCaption} ·{' '}
          <PercentChange value={figures?.percentageChangeFromLastMonth ?? 0} />
        </StatCard>
        {/* Units, not rentals: named as every rental figure names items (PRODUCT-DECISIONS). */}
        <StatCard
          title={RENTAL_FIGURE_LABELS.itemsOutOnRental}
          value={figures?.activeRentals ?? 0}
          loading={loading}
          icon={<Truck className={icon} />}
        >
          {DASHBOARD_MESSAGES.activeRentalsCaption} ·{' '}
          <PercentChange value={figures?.activeRentalsPercentageChange ?? 0} />
        </StatCard>
      </div>

      <RentalsChart series={figures?.series ?? []} byMonth={period === 'year'} loading={loading} />
      <LocationsTable locations={figures?.topLocations ?? []} loading={loading} />
      {isAdmin ? <LowStockTable items={admin?.lowStock ?? []} /> : null}
    </div>
  );
}
