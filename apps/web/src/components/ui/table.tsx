import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
export function THead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className="border-b border-border bg-muted/50" {...props} />;
}
export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className="divide-y divide-border" {...props} />;
}
export function TR({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('hover:bg-muted/40', className)} {...props} />;
}
export function TH({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      className={cn('px-4 py-3 text-left font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}
export function TD({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}
/** A full-width row for the loading, empty and error texts of a table. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}

export type ListState = 'loading' | 'error' | 'ready';

/** A table's rows, or the text that stands in for them while loading, on failure and when empty. */
export function ListRows({
  state,
  columns,
  count,
  loading,
  failed,
  empty,
  onRetry,
  children,
}: {
  state: ListState;
  columns: number;
  count: number;
  loading: string;
  failed: string;
  empty: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (state === 'loading') return <TableMessage colSpan={columns}>{loading}</TableMessage>;
  if (state === 'error') {
    return (
      <TableMessage colSpan={columns}>
        <span className="mr-3">{failed}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </TableMessage>
    );
  }
  if (count === 0) return <TableMessage colSpan={columns}>{empty}</TableMessage>;
  return children;
}
