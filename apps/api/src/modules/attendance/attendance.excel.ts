import type { Readable } from 'node:stream';
import { ATTENDANCE_EXPORT_FILE, type AttendanceDto } from '@stockyard/shared';
import { addRow, attachmentHeader, dateCell, streamedWorkbook } from '../../lib/spreadsheet';

const HEADER_FILL = 'FFE5E7EB';

const COLUMNS = [
  { header: 'Staff', width: 24 },
  { header: 'Location', width: 20 },
  { header: 'Date', width: 14 },
  { header: 'Check In', width: 10 },
  { header: 'Check Out', width: 10 },
  { header: 'Status', width: 12 },
  { header: 'Notes', width: 40 },
];

export const attendanceAttachment = () => attachmentHeader(ATTENDANCE_EXPORT_FILE);

/**
 * The records the filters select, one row each, written to the stream as they are read: a
 * failure half-way ends the stream with the error.
 */
export function attendanceWorkbook(rows: AsyncIterable<AttendanceDto>): Readable {
  const { workbook, stream } = streamedWorkbook();
  workbook.creator = 'Stockyard';
  const sheet = workbook.addWorksheet('Attendance');
  sheet.columns = COLUMNS.map(({ width }) => ({ width }));
  addRow(
    sheet,
    COLUMNS.map((c) => c.header),
    { bold: true, fill: HEADER_FILL },
  );
  const write = async () => {
    for await (const a of rows) {
      addRow(sheet, [
        a.staffName,
        a.location,
        dateCell(a.date),
        a.checkIn,
        a.checkOut,
        a.status,
        a.notes,
      ]);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: Error) => stream.destroy(error));
  return stream;
}
