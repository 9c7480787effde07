import { type InvoiceSummaryDto, isFinalized } from '@stockyard/shared';
import type { ExportColumn } from '../../lib/list-export';
import { DAY_FORMAT, dateCell, quantity } from '../../lib/spreadsheet';

/**
 * The Invoice List's export: its columns as the screen heads and shows them, and each invoice's
 * Grand Total Volume Qty (as its preview names it).
 */
export const INVOICE_COLUMNS: readonly ExportColumn<InvoiceSummaryDto>[] = [
  { header: 'Invoice ID', cell: (i) => i.invoiceId },
  { header: 'Client Name', cell: (i) => i.clientName },
  { header: 'Location', cell: (i) => i.location.name },
  { header: 'Issue Date', cell: (i) => dateCell(i.issueDate, DAY_FORMAT) },
  { header: 'Due Date', cell: (i) => dateCell(i.dueDate, DAY_FORMAT) },
  { header: 'Status', cell: (i) => (isFinalized(i.status) ? 'FINALIZED' : 'DRAFT') },
  { header: 'Grand Total Volume Qty', cell: (i) => quantity(i.grandTotalCalculatedVolumeQty) },
];
