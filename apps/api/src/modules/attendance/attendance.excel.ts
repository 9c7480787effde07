import type { Readable } from 'node:stream';
import { ATTENDANCE_EXPORT_FILE } from '@stockyard/shared';
import { ContentCache } from '../../lib/content-cache';
import { addRow, attachmentHeader, dateCell, streamedWorkbook } from '../../lib/spreadsheet';
import type { ExportedRow } from './attendance.service';

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
export function attendanceWorkbook(rows: AsyncIterable<ExportedRow>): Readable {
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

/** How many records a file may hold to be kept by its content; a larger one is streamed as read. */
export const KEPT_FILE_ROWS = 2_000;

const files = new ContentCache(16 * 1024 * 1024);

/**
 * A file of at most KEPT_FILE_ROWS records (a location's month is about 200), kept by its content
 * as the invoice files are (decision 011): the same records asked again, as the office does at the
 * end of a month, are one build, not one per call.
 */
export function keptAttendanceFile(rows: ExportedRow[]): Promise<Buffer> {
  return files.get(rows, async () => {
    async function* each() {
      yield* rows;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of attendanceWorkbook(each())) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
}
