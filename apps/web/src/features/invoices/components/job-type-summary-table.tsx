import type { JobTypeSummary } from '@stockyard/shared';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { formatQuantity } from '../invoice-form';

/**
 * One table per job type, a row per unit: its item quantity and calculated quantity, the totals of
 * that job type and unit (the Job Type Summary dialog, the preview and the report). A job type's
 * units are not added together: m², m³ and running metres make no one number. Each
 * job type is a heading one level below the one the tables sit under: 3 under a dialog's title, 2
 * on the report page under its h1, 4 under the invoice document's Job Type Summary.
 */
export function JobTypeSummaryTables({
  summary,
  headingLevel = 3,
  unknownJobType = 'Unknown Job Type',
  unknownUom = 'Unknown UOM',
}: {
  summary: JobTypeSummary;
  headingLevel?: 2 | 3 | 4;
  unknownJobType?: string;
  unknownUom?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="space-y-4">
      {summary.map((group) => {
        const jobType = group.jobType.trim() || unknownJobType;
        return (
          <section key={jobType} aria-label={jobType} className="rounded-md border border-border">
            <Heading className="border-b border-border px-4 py-2 font-semibold">{jobType}</Heading>
            <Table aria-label={`${jobType} by UOM`}>
              <THead>
                <tr>
                  <TH>UOM</TH>
                  <TH className="text-right">Total Item Quantity</TH>
                  <TH className="text-right">Total Calculated Quantity</TH>
                </tr>
              </THead>
              <TBody>
                {group.uoms.map((row) => (
                  <TR key={row.uom}>
                    <TD>{row.uom.trim() || unknownUom}</TD>
                    <TD className="text-right tabular-nums">
                      {formatQuantity(row.totalItemQuantity)}
                    </TD>
                    <TD className="text-right tabular-nums">
                      {formatQuantity(row.totalCalculatedQuantity)}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </section>
        );
      })}
    </div>
  );
}
