import { type InvoiceSummaryDto, isFinalized } from '@stockyard/shared';
import {
  CheckCircle2,
  Eye,
  FileDown,
  FileSpreadsheet,
  List,
  ListPlus,
  MoreHorizontal,
  Pencil,
  PieChart,
  Repeat,
  Trash2,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type InvoiceAction =
  | 'preview'
  | 'excel'
  | 'pdf'
  | 'edit'
  | 'items'
  | 'itemList'
  | 'summary'
  | 'convert'
  | 'finalize'
  | 'delete';

/** What the viewer may do to invoices: writes need Manage Invoices; credit notes an admin. */
export type InvoicePermissions = { manage: boolean; admin: boolean };

/** The row's menu of 02 section 2.1. */
export function InvoiceRowActions({
  invoice,
  permissions,
  onAction,
}: {
  invoice: InvoiceSummaryDto;
  permissions: InvoicePermissions;
  onAction: (action: InvoiceAction, invoice: InvoiceSummaryDto) => void;
}) {
  const finalized = isFinalized(invoice.status);
  // A finalized invoice cannot change, an admin's neither: a credit note corrects
  // it. A hire invoice's lines are its billing run's, and a credit note has no work to convert.
  const locked = finalized;
  const work = invoice.kind === 'WORK';
  const item = (action: InvoiceAction, label: string, Icon: typeof Eye, disabled = false) => (
    <DropdownMenuItem
      disabled={disabled}
      className="data-[disabled]:pointer-events-none data-[disabled]:opacity-50"
      onSelect={() => onAction(action, invoice)}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {label}
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${invoice.invoiceId}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {item('preview', 'Preview Invoice', Eye)}
        {item('excel', 'Download Excel', FileSpreadsheet)}
        {item('pdf', 'Download PDF', FileDown)}
        {permissions.manage && work ? item('edit', 'Edit Details', Pencil, locked) : null}
        {permissions.manage && work ? item('items', 'Add/Edit Items', ListPlus, locked) : null}
        {item('itemList', 'View Items List', List)}
        {item('summary', 'Job Type Summary', PieChart)}
        {permissions.manage ? (
          <>
            <DropdownMenuSeparator />
            {work ? item('convert', 'Convert to Rental', Repeat) : null}
            {item('finalize', 'Mark as Finalized', CheckCircle2, finalized)}
            {item('delete', 'Delete Invoice', Trash2, locked)}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
