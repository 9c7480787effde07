import {
  RENTAL_FIGURE_LABELS as LABELS,
  RENTAL_MESSAGES,
  type RentalStatsDto,
} from '@stockyard/shared';
import { AlertTriangle, CheckCircle2, Clock, MapPin, Package, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** More location cards than this and the list scrolls (03 section 9). */
const VISIBLE_LOCATION_CARDS = 6;

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

/** One item figure of the overview or a location card: its label over its value. */
function ItemFigure({
  label,
  value,
  className,
}: {
  label: string;
  value: number | string;
  className?: string;
}) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', className)}>{value}</dd>
    </div>
  );
}

const RETURNED_TONE = 'text-green-700 dark:text-green-400';
const WRITTEN_OFF_TONE = 'text-red-700 dark:text-red-400';
const OUTSTANDING_TONE = 'text-orange-700 dark:text-orange-400';

/**
 * The counts of rentals (total, active, returned, overdue), then the items rented, returned (good),
 * damaged, lost and outstanding (02 2.11), each named for what it counts (PRODUCT-DECISIONS): the
 * items balance, rented = returned + damaged + lost + outstanding. The four counts are the admin's
 * (02 section 6); a field manager has the overview of their items.
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
            label={LABELS.totalRentals}
            value={show(stats?.total)}
            icon={<Truck className="h-5 w-5" />}
            tone="bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300"
          />
          <StatCard
            label={LABELS.activeRentals}
            value={show(stats?.active)}
            icon={<Clock className="h-5 w-5" />}
            tone="bg-yellow-100 text-yellow-700 dark:bg-yellow-900/40 dark:text-yellow-300"
          />
          <StatCard
            label={LABELS.returnedRentals}
            value={show(stats?.returned)}
            icon={<CheckCircle2 className="h-5 w-5" />}
            tone="bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300"
          />
          <StatCard
            label={LABELS.overdueRentals}
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
        <dl
          className="grid grid-cols-2 gap-3 text-center text-sm sm:grid-cols-5"
          aria-label="Items Overview"
        >
          <ItemFigure
            label={LABELS.itemsRented}
            value={show(stats?.itemsRented)}
            className="text-xl"
          />
          <ItemFigure
            label={LABELS.itemsReturned}
            value={show(stats?.itemsReturned)}
            className={cn('text-xl', RETURNED_TONE)}
          />
          <ItemFigure
            label={LABELS.itemsDamaged}
            value={show(stats?.itemsDamaged)}
            className={cn('text-xl', WRITTEN_OFF_TONE)}
          />
          <ItemFigure
            label={LABELS.itemsLost}
            value={show(stats?.itemsLost)}
            className={cn('text-xl', WRITTEN_OFF_TONE)}
          />
          <ItemFigure
            label={LABELS.itemsOutstanding}
            value={show(stats?.itemsOutstanding)}
            className={cn('text-xl', OUTSTANDING_TONE)}
          />
        </dl>
      </Card>
    </section>
  );
}

/**
 * The items rented, returned, damaged, lost and outstanding per location (03 section 2.9), under
 * the overview's labels, balancing as it does. A field manager sees their own
 * card only, marked Your Location; an admin sees every location, the list scrolling past six.
 */
export function LocationCards({
  byLocation,
  ownLocationId,
}: {
  /** Undefined while the figures load: a card's place is kept, so nothing below moves. */
  byLocation: RentalStatsDto['byLocation'] | undefined;
  /** The field manager's location; null for an admin. */
  ownLocationId: number | null;
}) {
  if (byLocation === undefined) {
    return (
      <section aria-label="Rentals by location" aria-busy="true" className="space-y-2">
        <h2 className="flex items-center gap-2 font-semibold">
          <MapPin className="h-4 w-4" aria-hidden />
          By Location
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {/* As tall as a location's card (its five figures and the pending line). */}
          <Card className="h-[14rem] animate-pulse bg-muted/50" data-skeleton="" />
        </div>
      </section>
    );
  }
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
                  {RENTAL_MESSAGES.yourLocation}
                </span>
              ) : null}
            </div>
            <dl className="grid grid-cols-2 gap-2 text-center text-sm">
              <ItemFigure label={LABELS.itemsRented} value={entry.rented} />
              <ItemFigure label={LABELS.itemsReturned} value={entry.returned} />
              <ItemFigure label={LABELS.itemsDamaged} value={entry.damaged} />
              <ItemFigure label={LABELS.itemsLost} value={entry.lost} />
              <ItemFigure label={LABELS.itemsOutstanding} value={entry.outstanding} />
            </dl>
            {entry.outstanding > 0 ? (
              <p className="flex items-center gap-1 text-xs text-orange-700 dark:text-orange-400">
                <AlertTriangle className="h-3.5 w-3.5" aria-hidden />
                {RENTAL_MESSAGES.pendingReturn(entry.outstanding)}
              </p>
            ) : null}
          </Card>
        ))}
      </div>
      {scrolls ? (
        <p className="text-xs text-muted-foreground">{RENTAL_MESSAGES.scrollHint}</p>
      ) : null}
    </section>
  );
}
