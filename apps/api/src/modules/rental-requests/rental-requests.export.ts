import { RENTAL_REQUEST_STATUS_LABELS, type RentalRequestSummaryDto } from '@stockyard/shared';
import type { ExportColumn } from '../../lib/list-export';
import { count, DAY_FORMAT, dateCell } from '../../lib/spreadsheet';

/** The Rental Requests list's export: its columns as the screen heads and shows them. */
export const REQUEST_COLUMNS: readonly ExportColumn<RentalRequestSummaryDto>[] = [
  { header: 'Request ID', cell: (r) => `#${r.id}` },
  { header: 'Request By', cell: (r) => r.requestedBy?.name ?? null },
  { header: 'Email', cell: (r) => r.requestedBy?.email ?? null },
  { header: 'Location', cell: (r) => r.location.name },
  { header: 'Date', cell: (r) => dateCell(r.requestedDate, DAY_FORMAT) },
  { header: '# of Items', cell: (r) => count(r.itemCount) },
  { header: 'Status', cell: (r) => RENTAL_REQUEST_STATUS_LABELS[r.status] },
];
