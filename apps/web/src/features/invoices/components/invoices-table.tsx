import {
  formatMoney,
  INVOICE_KIND_LABELS,
  type InvoiceSummaryDto,
  isFinalized,
} from '@stockyard/shared';
import { Badge } from '@/components/ui/badge';
import { Folded, ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { formatDate } from '@/lib/dates';
import { useCodeTypefaces } from '@/lib/typefaces';
import {
  type InvoiceAction,
  type InvoicePermissions,
  InvoiceRowActions,
} from './invoice-row-actions';

export function InvoiceStatusBadge({ status }: { status: string }) {
  return isFinalized(status) ? (
    <Badge tone="green">FINALIZED</Badge>
  ) : (
    <Badge tone="yellow">DRAFT</Badge>
  );
}

export function InvoicesTable({
  invoices,
  state,
  permissions,
  onAction,
  onRetry,
}: {
  invoices: InvoiceSummaryDto[];
  state: ListState;
  permissions: InvoicePermissions;
  onAction: (action: InvoiceAction, invoice: InvoiceSummaryDto) => void;
  onRetry: () => void;
}) {
  useCodeTypefaces();
  return (
    <Table aria-label="Invoices">
      <THead>
        <tr>
          <TH>Invoice ID</TH>
          <TH>Number</TH>
          <TH from="lg">Kind</TH>
          <TH>Client Name</TH>
          <TH from="md">Location</TH>
          <TH from="md">Issue Date</TH>
          <TH from="md">Due Date</TH>
          <TH from="sm">Status</TH>
          <TH className="text-right">Total</TH>
          <TH className="text-right">Actions</TH>
        </tr>
      </THead>
      <ListBody
        state={state}
        columns={10}
        count={invoices.length}
        loading="Loading invoices..."
        failed="Failed to fetch invoices"
        empty="No invoices found."
        onRetry={onRetry}
      >
        {invoices.map((invoice) => (
          <TR key={invoice.id}>
            <TD className="whitespace-nowrap font-mono text-xs">{invoice.invoiceId}</TD>
            <TD className="whitespace-nowrap font-mono text-xs">
              {invoice.number ?? <span className="text-muted-foreground">Draft</span>}
            </TD>
            <TD from="lg">{INVOICE_KIND_LABELS[invoice.kind]}</TD>
            <TD className="font-medium">
              {invoice.clientName}
              {/* On a phone the other columns fold under the client. */}
              <Folded until="md">
                <div className="mt-1 space-y-1 text-xs font-normal text-muted-foreground">
                  <p>{invoice.location.name}</p>
                  <p>
                    {formatDate(invoice.issueDate)} to {formatDate(invoice.dueDate)}
                  </p>
                  <Folded until="sm">
                    <p>
                      <InvoiceStatusBadge status={invoice.status} />
                    </p>
                  </Folded>
                </div>
              </Folded>
            </TD>
            <TD from="md">{invoice.location.name}</TD>
            <TD from="md" className="whitespace-nowrap">
              {formatDate(invoice.issueDate)}
            </TD>
            <TD from="md" className="whitespace-nowrap">
              {formatDate(invoice.dueDate)}
            </TD>
            <TD from="sm">
              <InvoiceStatusBadge status={invoice.status} />
            </TD>
            <TD className="whitespace-nowrap text-right tabular-nums">
              {formatMoney(invoice.grossCents, invoice.currency)}
            </TD>
            <TD className="text-right">
              <InvoiceRowActions invoice={invoice} permissions={permissions} onAction={onAction} />
            </TD>
          </TR>
        ))}
      </ListBody>
    </Table>
  );
}
