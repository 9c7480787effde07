import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A cell of the items editor. On a wide screen it is a table cell; on a phone the row folds into
 * a card and each cell shows its column's name above its control.
 */
export function ItemCell({
  label,
  error,
  className,
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={cn('px-1.5 py-2 align-top max-2xl:block max-2xl:px-0 max-2xl:py-0', className)}>
      <span className="mb-1 block text-xs font-medium text-muted-foreground 2xl:hidden" aria-hidden>
        {label}
      </span>
      {children}
      {error ? (
        <span role="alert" className="mt-1 block text-xs text-destructive">
          {error}
        </span>
      ) : null}
    </td>
  );
}
