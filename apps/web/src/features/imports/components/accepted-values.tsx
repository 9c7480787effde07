import {
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportKind,
  importColumnRequirement,
} from '@stockyard/shared';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';

/**
 * The kind's columns as the template heads them: whether the file must have each, or a new
 * record needs it, and the values it takes, the same list as the template's second sheet.
 */
export function AcceptedValues({ kind }: { kind: ImportKind }) {
  const columns: readonly ImportColumn[] = IMPORT_COLUMNS[kind];
  return (
    <details className="rounded-md border border-border text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium">
        Columns and accepted values
      </summary>
      <div className="border-t border-border">
        <Table aria-label="Columns and accepted values">
          <THead>
            <tr>
              <TH>Column</TH>
              <TH>Required</TH>
              <TH>Accepted values</TH>
            </tr>
          </THead>
          <TBody>
            {columns.map((column) => (
              <TR key={column.key}>
                <TD className="font-medium">{column.header}</TD>
                <TD>{importColumnRequirement(column)}</TD>
                <TD>{column.accepted ?? 'Text'}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
        <p className="px-3 py-2 text-muted-foreground">
          Words are taken whatever their case. A blank cell leaves a record's value as it is; a
          column the import does not take is named in the preview.
        </p>
      </div>
    </details>
  );
}
