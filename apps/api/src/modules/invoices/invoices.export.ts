import { INVOICE_KIND_LABELS, type InvoiceSummaryDto, isFinalized } from '@stockyard/shared';
import type { ExportColumn } from '../../lib/list-export';
import { DAY_FORMAT, dateCell } from '../../lib/spreadsheet';
import { moneyCell } from './invoices.excel';

/**
 * The Invoice List's export: its columns as the screen heads and shows them, the number and kind,
 * and each invoice's gross total in its currency (volumes of different units are not added up).
 */
export const INVOICE_COLUMNS: readonly ExportColumn<InvoiceSummaryDto>[] = [
  { header: 'Invoice ID', cell: (i) => i.invoiceId },
  { header: 'Client Name', cell: (i) => i.clientName },
  { header: 'Location', cell: (i) => i.location.name },
  { header: 'Issue Date', cell: (i) => dateCell(i.issueDate, DAY_FORMAT) },
  { header: 'Due Date', cell: (i) => dateCell(i.dueDate, DAY_FORMAT) },
  { header: 'Status', cell: (i) => (isFinalized(i.status) ? 'FINALIZED' : 'DRAFT') },
  { header: 'Number', cell: (i) => i.number ?? '' },
  { header: 'Kind', cell: (i) => INVOICE_KIND_LABELS[i.kind] },
  { header: 'Gross', cell: (i) => moneyCell(i.grossCents, i.currency) },
];
