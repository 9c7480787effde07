import { formatCount } from '@stockyard/shared';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** The change from last month: green at 0 or more, amber below (01 section 2). */
export function PercentChange({ value }: { value: number }) {
  const rising = value >= 0;
  return (
    <span
      className={cn(
        'font-medium',
        rising ? 'text-green-700 dark:text-green-400' : 'text-amber-600 dark:text-amber-400',
      )}
    >
      {rising ? '+' : ''}
      {value}% from last month
    </span>
  );
}

/**
 * One figure of the dashboard; while loading, its grey bars in the same space (index.css
 * `.stat-skeleton`, one element). The answer takes that one element out and puts the figure and its
 * caption in as one (keyed, so that React does not reuse the element), inside an element that
 * stays: on a phone every element changed when the answer comes is work in the task
 * that draws it, and a changed class costs more than an element put in (a browser tracing its
 * page, as Lighthouse does, records each with the call that made it).
 */
export function StatCard({
  title,
  value,
  loading,
  icon,
  children,
}: {
  title: string;
  value: number;
  loading: boolean;
  icon: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="p-4" role="group" aria-label={title}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <span className="text-muted-foreground" aria-hidden>
          {icon}
        </span>
      </div>
      {/* The card's last element whatever it holds: no other element of the card changes. */}
      <div>
        {loading ? (
          <div
            key="loading"
            className="stat-skeleton animate-pulse"
            data-caption={children ? '' : undefined}
            aria-hidden
            data-testid="skeleton"
          />
        ) : (
          <div key="figure">
            <p className="mt-1 text-2xl font-semibold tabular-nums">{formatCount(value)}</p>
            {children ? <p className="mt-1 text-xs text-muted-foreground">{children}</p> : null}
          </div>
        )}
      </div>
    </Card>
  );
}
