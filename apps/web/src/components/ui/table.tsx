import {
  createContext,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  use,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type Breakpoint, isAsWideAs, useScreenWidth } from '@/hooks/use-wide-screen';
import { cn } from '@/lib/cn';
import { Button } from './button';

/**
 * Whether an element's content is wider than the element, kept up to date as either resizes. The
 * observer's first report, after the browser's own layout, gives the first answer: measuring in
 * the render's commit would force a layout of every table before the page could paint.
 */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * A box that scrolls sideways what is too wide for the screen (a table on a phone). While it
 * scrolls it is a region named `label` that a keyboard can reach and scroll with the arrow keys
 * (WCAG 2.1.1); on a wide screen it is no extra tab stop.
 */
export function SidewaysScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div
      ref={box}
      className={cn(
        // relative: what is positioned inside (a header's sr-only text) scrolls with the table
        // instead of widening the page.
        'relative w-full overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
        className,
      )}
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}

/**
 * The screen's width (`useScreenWidth`) as a table's cells read it: a column shown only from a
 * breakpoint (`from` on TH and TD) and the text a row folds under its name below it (`Folded`)
 * are built only at the widths that show them. Outside a table, all of them.
 */
const TableWidth = createContext(Number.POSITIVE_INFINITY);

/**
 * A table, named for assistive technology, that scrolls sideways when it is wider than the screen.
 * On a phone it builds only the columns the screen shows, and what its rows fold under a name.
 */
export function Table({
  className,
  ...props
}: HTMLAttributes<HTMLTableElement> & { 'aria-label': string }) {
  const width = useScreenWidth();
  return (
    <TableWidth value={width}>
      <SidewaysScroll label={props['aria-label']}>
        <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
      </SidewaysScroll>
    </TableWidth>
  );
}

/** Whether a column shown only `from` a breakpoint is on this screen (on any without `from`). */
function shown(width: number, from: Breakpoint | undefined): boolean {
  return from === undefined || isAsWideAs(width, from);
}

/**
 * What a row shows in place of its columns on a screen narrower than `until` (the columns'
 * `from`): the details folded under the row's name. It is built only there.
 */
export function Folded({ until, children }: { until: Breakpoint; children: ReactNode }) {
  return isAsWideAs(use(TableWidth), until) ? null : children;
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
/** A header cell; with `from`, its column is shown (and built) only from that breakpoint. */
export function TH({
  className,
  from,
  ...props
}: ThHTMLAttributes<HTMLTableCellElement> & { from?: Breakpoint }) {
  if (!shown(use(TableWidth), from)) return null;
  return (
    <th
      className={cn('px-4 py-3 text-left font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}
/** A cell; with `from`, as its column's header (TH). */
export function TD({
  className,
  from,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & { from?: Breakpoint }) {
  if (!shown(use(TableWidth), from)) return null;
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

/**
 * A table's outline while its rows load: the grey bars of a page of rows (the lists' default
 * limit), as tall as that many text rows with their borders (index.css `.table-skeleton`), so that
 * the page shows its frame at once and nothing below moves when the rows arrive. It names the wait
 * (`label`) for assistive technology. One row, one cell and one element drawing the bars, which
 * pulse together: the outline is taken away when the rows come, and a row of elements per bar
 * made that removal a long task of its own on a phone (a browser tracing its page, as Lighthouse
 * does, records each element taken out of the layout with the call that took it).
 */
function TableSkeleton({ columns, label }: { columns: number; label: string }) {
  return (
    <tr data-skeleton="" aria-busy="true">
      <td colSpan={columns} className="table-skeleton-cell px-4">
        <span role="status" className="sr-only">
          {label}
        </span>
        <span aria-hidden="true" className="table-skeleton block animate-pulse" />
      </td>
    </tr>
  );
}

type ListRowsProps = {
  state: ListState;
  columns: number;
  count: number;
  loading: string;
  failed: string;
  empty: string;
  onRetry: () => void;
  children: ReactNode;
};

/** A table's rows, or the text that stands in for them while loading, on failure and when empty. */
function ListRows({
  state,
  columns,
  count,
  loading,
  failed,
  empty,
  onRetry,
  children,
}: ListRowsProps) {
  if (state === 'loading') return <TableSkeleton columns={columns} label={loading} />;
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

/**
 * A list's table body: its rows, or the outline, the failure or the empty text in their place,
 * with the rows still waiting to be sent (`before`, `after`) around them. When what it shows
 * changes (the outline gives way to the rows), the body is replaced whole: the new one is built
 * off the page and put in at once. Rows put in one by one beside the outline were each work in the
 * long task that drew them, on a phone (a browser tracing its page, as Lighthouse does, records
 * every element put in or taken out with the call that did it).
 */
export function ListBody({
  before,
  after,
  ...rows
}: ListRowsProps & { before?: ReactNode; after?: ReactNode }) {
  return (
    <TBody key={listShows(rows.state, rows.count)}>
      {before}
      <ListRows {...rows} />
      {after}
    </TBody>
  );
}

/**
 * What a list's body shows (the outline, the failure, the empty text or rows): the key of a body
 * that is replaced whole when it changes (ListBody).
 */
export function listShows(state: ListState, count: number): ListState | 'empty' {
  return state === 'ready' && count === 0 ? 'empty' : state;
}
