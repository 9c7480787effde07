import type { ExportColumn } from '../../lib/list-export';
import { DAY_FORMAT, dateCell, timeCell } from '../../lib/spreadsheet';
import type { ExportedRow } from './attendance.service';

/** The attendance list's export: one row a record, the day a date cell, the times time cells. */
export const ATTENDANCE_COLUMNS: readonly ExportColumn<ExportedRow>[] = [
  { header: 'Staff', cell: (a) => a.staffName },
  { header: 'Location', cell: (a) => a.location },
  { header: 'Date', cell: (a) => dateCell(a.date, DAY_FORMAT) },
  { header: 'Check In', cell: (a) => timeCell(a.checkIn) },
  { header: 'Check Out', cell: (a) => timeCell(a.checkOut) },
  { header: 'Status', cell: (a) => a.status },
  { header: 'Notes', cell: (a) => a.notes },
];
