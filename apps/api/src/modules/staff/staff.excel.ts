import type { Readable } from 'node:stream';
import { STAFF_EXPORT_FILE, type StaffDto } from '@stockyard/shared';
import { addRow, attachmentHeader, dateCell, streamedWorkbook } from '../../lib/spreadsheet';

const HEADER_FILL = 'FFE5E7EB';
export const SALARY_FORMAT = '"$"#,##0';

const COLUMNS = [
  { header: 'Name', width: 24 },
  { header: 'Email', width: 28 },
  { header: 'Phone', width: 16 },
  { header: 'Position', width: 18 },
  { header: 'Location', width: 20 },
  { header: 'Department', width: 18 },
  { header: 'Hire Date', width: 14 },
  { header: 'Salary', width: 14 },
  { header: 'Status', width: 12 },
  { header: 'Address', width: 30 },
  { header: 'Emergency Contact', width: 22 },
  { header: 'Emergency Phone', width: 18 },
];

export const staffAttachment = () => attachmentHeader(STAFF_EXPORT_FILE);

/** The staff the filters select, one row each, streamed as it is written. */
export function staffWorkbook(rows: StaffDto[]): Readable {
  const { workbook, stream } = streamedWorkbook();
  workbook.creator = 'Stockyard';
  const sheet = workbook.addWorksheet('Staff');
  sheet.columns = COLUMNS.map(({ width }) => ({ width }));
  addRow(
    sheet,
    COLUMNS.map((c) => c.header),
    { bold: true, fill: HEADER_FILL },
  );
  for (const s of rows) {
    addRow(sheet, [
      s.name,
      s.email,
      s.phone,
      s.position,
      s.location,
      s.department,
      dateCell(s.hireDate),
      { number: s.salary, format: SALARY_FORMAT },
      s.status,
      s.address,
      s.emergencyContact,
      s.emergencyPhone,
    ]);
  }
  sheet.commit();
  workbook.commit().catch((error: Error) => stream.destroy(error));
  return stream;
}
