import {
  displayId,
  LOCATION_STATUS_LABELS,
  LOCATION_TYPE_LABELS,
  type LocationDto,
} from '@stockyard/shared';
import type { ExportColumn } from '../../lib/list-export';

/** The Locations list's export: its columns, as the screen heads and shows them. */
export const LOCATION_COLUMNS: readonly ExportColumn<LocationDto>[] = [
  { header: 'ID', cell: (l) => displayId('LOC', l.id) },
  { header: 'Name', cell: (l) => l.name },
  { header: 'Type', cell: (l) => LOCATION_TYPE_LABELS[l.type] },
  { header: 'Address', cell: (l) => l.address },
  { header: 'Status', cell: (l) => LOCATION_STATUS_LABELS[l.status] },
  { header: 'Customer name', cell: (l) => l.customerName },
  { header: 'Customer address', cell: (l) => l.customerAddress },
  { header: 'Customer e-mail', cell: (l) => l.customerEmail },
  { header: 'VAT ID', cell: (l) => l.customerVatId },
  { header: 'Zero-rated (no VAT)', cell: (l) => (l.customerZeroRated ? 'Yes' : 'No') },
];
