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

/** One figure of the dashboard; while loading, a skeleton of the same size. */
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
      {loading ? (
        <div className="mt-2 space-y-2" aria-hidden data-testid="skeleton">
          <div className="h-7 w-20 animate-pulse rounded bg-muted" />
          {children ? <div className="h-4 w-36 animate-pulse rounded bg-muted" /> : null}
        </div>
      ) : (
        <>
          <p className="mt-1 text-2xl font-semibold tabular-nums">{formatCount(value)}</p>
          {children ? <p className="mt-1 text-xs text-muted-foreground">{children}</p> : null}
        </>
      )}
    </Card>
  );
}
