import type { RentalSeriesPoint } from '@stockyard/shared';
import { formatCount } from '@stockyard/shared';
import { lazy, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { Card } from '@/components/ui/card';

const RentalsBars = lazy(() => import('./rentals-bars'));

/** The chart's place, as tall as the chart, while its figures or its code load. */
function ChartSkeleton() {
  return <div className="h-64 animate-pulse rounded bg-muted" data-testid="skeleton" />;
}

/**
 * Whether the element has come onto the screen: the chart's code and drawing are most of the
 * dashboard's work, and on a phone the card is below the stat cards. Where there is
 * no IntersectionObserver (jsdom), at once.
 */
function useNearScreen(ref: React.RefObject<HTMLElement | null>, settled: boolean): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    // Measured once the cards above have their figures, and so their height.
    if (near || !settled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: the chart's drawing is rendered in slices, between which the phone paints.
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, settled, ref]);
  return near;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A step of the chart as people read it: 12 Jun, or Jun for a month of This Year. */
export function stepLabel(date: string, byMonth: boolean): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const name = MONTHS[month - 1] ?? '';
  return byMonth ? name : `${day} ${name}`;
}

/** Units rented out and returned per day (per month for This Year) over the period. */
export function RentalsChart({
  series,
  byMonth,
  loading,
}: {
  series: RentalSeriesPoint[];
  byMonth: boolean;
  loading: boolean;
}) {
  const points = series.map((point) => ({ ...point, label: stepLabel(point.date, byMonth) }));
  const rentedOut = series.reduce((sum, point) => sum + point.rentedOut, 0);
  const returned = series.reduce((sum, point) => sum + point.returned, 0);
  const place = useRef<HTMLDivElement>(null);
  const near = useNearScreen(place, !loading);
  return (
    <Card className="p-4">
      <section aria-label="Rental activity">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">Rental Activity</h2>
          <p className="text-sm text-muted-foreground">
            {formatCount(rentedOut)} items rented out, {formatCount(returned)} returned
          </p>
        </div>
        <div ref={place}>
          {loading || !near ? (
            <ChartSkeleton />
          ) : (
            <Suspense fallback={<ChartSkeleton />}>
              <RentalsBars points={points} />
            </Suspense>
          )}
        </div>
      </section>
    </Card>
  );
}
