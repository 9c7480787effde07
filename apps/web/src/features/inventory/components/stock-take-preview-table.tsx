import type { StockTakeRow } from '@stockyard/shared';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { cn } from '@/lib/cn';

/** Errors first, then the changes, then what was not counted, each in the sheet's order. */
const ORDER: Record<StockTakeRow['status'], number> = {
  ERROR: 0,
  CHANGE: 1,
  NOT_COUNTED: 2,
  SAME: 3,
};

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

function rowStatus(row: StockTakeRow): string {
  if (row.status === 'ERROR') {
    return row.errors
      .map((fault) => (fault.cell ? `${fault.cell}: ${fault.message}` : fault.message))
      .join('; ');
  }
  if (row.status === 'NOT_COUNTED') return 'Not counted';
  if (row.status === 'SAME') return 'Unchanged';
  return 'To change';
}

/** A preview's rows that a confirmation would act on or refuses: errors, changes, not counted. */
export function StockTakePreviewTable({ rows }: { rows: StockTakeRow[] }) {
  const shown = rows
    .filter((row) => row.status !== 'SAME')
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.rowNumber - b.rowNumber);
  return (
    <div className="-mx-6 border-y border-border">
      <Table aria-label="Stock-take differences">
        <THead>
          <tr>
            <TH>Row</TH>
            <TH>Material</TH>
            <TH className="text-right">Expected</TH>
            <TH className="text-right">Counted</TH>
            <TH className="text-right">Difference</TH>
            <TH>Status</TH>
          </tr>
        </THead>
        <TBody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-4 py-6 text-center text-muted-foreground">
                Every count matches the stock.
              </td>
            </tr>
          ) : (
            shown.map((row) => (
              <TR key={row.rowNumber}>
                <TD className="tabular-nums">{row.rowNumber}</TD>
                <TD>
                  {row.name || '-'}
                  {row.itemNumber ? (
                    <span className="block text-xs text-muted-foreground">{row.itemNumber}</span>
                  ) : null}
                </TD>
                <TD className="text-right tabular-nums">
                  {row.currentQuantity ?? '-'}
                  {row.sheetExpected !== null &&
                  row.currentQuantity !== null &&
                  row.sheetExpected !== row.currentQuantity ? (
                    <span className="block text-xs text-muted-foreground">
                      sheet: {row.sheetExpected}
                    </span>
                  ) : null}
                </TD>
                <TD className="text-right tabular-nums">{row.counted ?? '-'}</TD>
                <TD
                  className={cn(
                    'text-right font-medium tabular-nums',
                    (row.difference ?? 0) > 0 && 'text-green-700 dark:text-green-400',
                    (row.difference ?? 0) < 0 && 'text-red-700 dark:text-red-400',
                  )}
                >
                  {row.difference === null || row.status !== 'CHANGE'
                    ? '-'
                    : signed(row.difference)}
                </TD>
                <TD className={cn(row.status === 'ERROR' && 'text-destructive')}>
                  {rowStatus(row)}
                </TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
    </div>
  );
}
