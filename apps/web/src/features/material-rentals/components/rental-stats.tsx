import type { RentalStatsDto } from '@stockyard/shared';
import { AlertTriangle, CheckCircle2, Clock, MapPin, Package, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** More location cards than this and the list scrolls (03 section 9). */
export const VISIBLE_LOCATION_CARDS = 6;

function StatCard({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: number | string;
  icon: ReactNode;
  tone: string;
}) {
  return (
    <Card className="flex items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid={`stat-${label}`}>
          {value}
        </p>
      </div>
      <span className={cn('rounded-full p-2', tone)} aria-hidden>
        {icon}
      </span>
    </Card>
  );
}

/**
 * Total, Active, Returned and Overdue, then the items rented, returned and outstanding (02 2.11).
 * The four counts are the admin's (02 section 6); a field manager has the overview of their items.
 */
export function RentalStats({
  stats,
  state,
  showCounts,
  onRetry,
}: {
  stats: RentalStatsDto | undefined;
  state: 'loading' | 'error' | 'ready';
  showCounts: boolean;
  onRetry: () => void;
}) {
  if (state === 'error') {
    return (
      <Card className="flex flex-wrap items-center gap-3 p-4 text-sm text-muted-foreground">
        <span>Failed to load rental statistics.</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </Card>
    );
  }
  const show = (value: number | undefined) => (stats ? (value ?? 0) : '-');
  return (
    <section aria-label="Rental statistics" className="space-y-4">
      {showCounts ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard
            label="Total"
            value={show(stats?.total)}
            icon={<Truck className="h-5 w-5" />}
            tone="bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300"
          />
          <StatCard
            label="Active"
            value={show(stats?.active)}
            icon={<Clock className="h-5 w-5" />}
            tone="bg-yellow-100 text-yellow-700 dark:bg-yellow-900/40 dark:text-yellow-300"
          />
          <StatCard
            label="Returned"
            value={show(stats?.returned)}
            icon={<CheckCircle2 className="h-5 w-5" />}
            tone="bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300"
          />
          <StatCard
            label="Overdue"
            value={show(stats?.overdue)}
            icon={<AlertTriangle className="h-5 w-5" />}
            tone="bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300"
          />
        </div>
      ) : null}
      <Card className="p-4">
        <h2 className="mb-3 flex items-center gap-2 font-semibold">
          <Package className="h-4 w-4" aria-hidden />
          Items Overview
        </h2>
        <dl className="grid grid-cols-3 gap-3 text-center">
          <div>
            <dt className="text-sm text-muted-foreground">Items Rented</dt>
            <dd className="text-xl font-semibold tabular-nums">{show(stats?.itemsRented)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Items Returned</dt>
            <dd className="text-xl font-semibold tabular-nums text-green-700 dark:text-green-400">
              {show(stats?.itemsReturned)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Items Outstanding</dt>
            <dd className="text-xl font-semibold tabular-nums text-orange-700 dark:text-orange-400">
              {show(stats?.itemsOutstanding)}
            </dd>
          </div>
        </dl>
      </Card>
    </section>
  );
}

/**
 * Rented, Returned and Outstanding per location (03 section 2.9). A field manager sees their own
 * card only, marked Your Location; an admin sees every location, the list scrolling past six.
 */
export function LocationCards({
  byLocation,
  ownLocationId,
}: {
  byLocation: RentalStatsDto['byLocation'];
  /** The field manager's location; null for an admin. */
  ownLocationId: number | null;
}) {
  const cards =
    ownLocationId === null
      ? byLocation
      : byLocation.filter((entry) => entry.location.id === ownLocationId);
  if (cards.length === 0) return null;
  const scrolls = ownLocationId === null && cards.length > VISIBLE_LOCATION_CARDS;
  return (
    <section aria-label="Rentals by location" className="space-y-2">
      <h2 className="flex items-center gap-2 font-semibold">
        <MapPin className="h-4 w-4" aria-hidden />
        By Location
      </h2>
      {/* Scrolling, the cards are a region a keyboard reaches and scrolls (WCAG 2.1.1). */}
      <div
        className={cn(
          'grid gap-3 sm:grid-cols-2 lg:grid-cols-3',
          scrolls &&
            'max-h-[22rem] overflow-y-auto pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        )}
        data-testid="location-cards"
        {...(scrolls ? { role: 'region', 'aria-label': 'Location cards', tabIndex: 0 } : {})}
      >
        {cards.map((entry) => (
          <Card
            key={entry.location.id}
            className="space-y-2 p-4"
            role="group"
            aria-label={entry.location.name}
          >
            <div className="flex items-start justify-between gap-2">
              <p className="truncate font-medium">{entry.location.name}</p>
              {ownLocationId !== null ? (
                <span className="whitespace-nowrap rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
                  Your Location
                </span>
              ) : null}
            </div>
            <dl className="grid grid-cols-3 gap-2 text-center text-sm">
              <div>
                <dt className="text-muted-foreground">Rented</dt>
                <dd className="font-semibold tabular-nums">{entry.rented}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Returned</dt>
                <dd className="font-semibold tabular-nums">{entry.returned}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Outstanding</dt>
                <dd className="font-semibold tabular-nums">{entry.outstanding}</dd>
              </div>
            </dl>
            {entry.outstanding > 0 ? (
              <p className="flex items-center gap-1 text-xs text-orange-700 dark:text-orange-400">
                <AlertTriangle className="h-3.5 w-3.5" aria-hidden />
                {entry.outstanding} items pending return
              </p>
            ) : null}
          </Card>
        ))}
      </div>
      {scrolls ? (
        <p className="text-xs text-muted-foreground">Scroll to see more locations</p>
      ) : null}
    </section>
  );
}
