import {
  IMPORT_ROW_STATUS_LABELS,
  type ImportPreview,
  type ImportRow,
  type ImportRowStatus,
} from '@stockyard/shared';
import { Badge } from '@/components/ui/badge';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { cn } from '@/lib/cn';

/** The most rows the table draws; the counts above it cover the whole file. */
const PREVIEW_ROWS_SHOWN = 200;

const TONES: Record<ImportRowStatus, 'green' | 'yellow' | 'grey' | 'red' | 'blue'> = {
  new: 'blue',
  update: 'yellow',
  unchanged: 'grey',
  error: 'red',
};

/** Errors first, then the rows that change something, then the rest, each in the file's order. */
const ORDER: Record<ImportRowStatus, number> = { error: 0, new: 1, update: 1, unchanged: 2 };

const errorText = (row: ImportRow) =>
  row.errors.map((e) => (e.cell ? `${e.cell}: ${e.message}` : e.message)).join('; ');

/** The preview of a file: each row's number, status, values and errors with their cells. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const rows = [...preview.rows]
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.rowNumber - b.rowNumber)
    .slice(0, PREVIEW_ROWS_SHOWN);
  const invalid = (row: ImportRow, key: string) => row.errors.some((e) => e.column === key);
  return (
    <div className="space-y-2">
      {preview.rows.length > PREVIEW_ROWS_SHOWN ? (
        <p className="text-sm text-muted-foreground">
          Showing {PREVIEW_ROWS_SHOWN} of {preview.rows.length.toLocaleString('en-GB')} rows, those
          in error first.
        </p>
      ) : null}
      <div className="-mx-6 border-y border-border">
        <Table aria-label="Import preview">
          <THead>
            <tr>
              <TH>Row</TH>
              <TH>Status</TH>
              {preview.columns.map((column) => (
                <TH key={column.key}>{column.header}</TH>
              ))}
              <TH>Errors</TH>
            </tr>
          </THead>
          <TBody>
            {rows.map((row) => (
              <TR key={row.rowNumber}>
                <TD className="tabular-nums">{row.rowNumber}</TD>
                <TD>
                  <Badge tone={TONES[row.status]}>{IMPORT_ROW_STATUS_LABELS[row.status]}</Badge>
                </TD>
                {preview.columns.map((column) => (
                  <TD
                    key={column.key}
                    className={cn(invalid(row, column.key) && 'font-medium text-destructive')}
                  >
                    {row.values[column.key] || ''}
                  </TD>
                ))}
                <TD className="text-destructive">{errorText(row)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </div>
  );
}
