import { type InvoiceSummaryDto, isFinalized } from '@stockyard/shared';
import {
  CheckCircle2,
  Eye,
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
  | 'edit'
  | 'items'
  | 'itemList'
  | 'summary'
  | 'convert'
  | 'finalize'
  | 'delete';

/** What the viewer may do to invoices: writes need Manage Invoices; a finalized one an admin. */
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
  // A finalized invoice is changed or deleted by an admin only (02 section 6).
  const locked = finalized && !permissions.admin;
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
        {permissions.manage ? item('edit', 'Edit Details', Pencil, locked) : null}
        {permissions.manage ? item('items', 'Add/Edit Items', ListPlus, locked) : null}
        {item('itemList', 'View Items List', List)}
        {item('summary', 'Job Type Summary', PieChart)}
        {permissions.manage ? (
          <>
            <DropdownMenuSeparator />
            {item('convert', 'Convert to Rental', Repeat)}
            {item('finalize', 'Mark as Finalized', CheckCircle2, finalized)}
            {item('delete', 'Delete Invoice', Trash2, locked)}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
