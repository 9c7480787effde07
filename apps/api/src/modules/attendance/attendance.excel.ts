import type { Readable } from 'node:stream';
import { ATTENDANCE_EXPORT_FILE } from '@stockyard/shared';
import {
  attachmentHeader,
  DAY_FORMAT,
  dateCell,
  type SheetRow,
  sheetRow,
  streamedWorkbook,
  timeCell,
  writeSheet,
} from '../../lib/spreadsheet';
import type { ExportedRow } from './attendance.service';

const HEADER_FILL = 'FFE5E7EB';

const COLUMNS = ['Staff', 'Location', 'Date', 'Check In', 'Check Out', 'Status', 'Notes'];

export const attendanceAttachment = () => attachmentHeader(ATTENDANCE_EXPORT_FILE);

/** The heading row, then one row a record: the day a date cell, the times time cells. */
async function* attendanceRows(rows: AsyncIterable<ExportedRow>): AsyncGenerator<SheetRow> {
  yield sheetRow(COLUMNS, { bold: true, fill: HEADER_FILL });
  for await (const a of rows) {
    yield sheetRow([
      a.staffName,
      a.location,
      dateCell(a.date, DAY_FORMAT),
      timeCell(a.checkIn),
      timeCell(a.checkOut),
      a.status,
      a.notes,
    ]);
  }
}

/**
 * The records the filters select, one row each, written to the stream as they are read (the
 * first ones read ahead to size the columns): a failure half-way ends the stream with the error.
 */
export function attendanceWorkbook(rows: AsyncIterable<ExportedRow>): Readable {
  const { workbook, stream } = streamedWorkbook();
  workbook.creator = 'Stockyard';
  writeSheet(workbook, 'Attendance', 1, attendanceRows(rows))
    .then(() => workbook.commit())
    .catch((error: Error) => stream.destroy(error));
  return stream;
}
