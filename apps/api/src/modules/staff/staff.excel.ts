import type { Readable } from 'node:stream';
import { STAFF_EXPORT_FILE, type StaffDto } from '@stockyard/shared';
import {
  attachmentHeader,
  DAY_FORMAT,
  dateCell,
  sheetRow,
  streamedWorkbook,
  writeSheet,
} from '../../lib/spreadsheet';

const HEADER_FILL = 'FFE5E7EB';
export const SALARY_FORMAT = '"$"#,##0';

const COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Position',
  'Location',
  'Department',
  'Hire Date',
  'Salary',
  'Status',
  'Address',
  'Emergency Contact',
  'Emergency Phone',
];

export const staffAttachment = () => attachmentHeader(STAFF_EXPORT_FILE);

/** The staff the filters select, one row each, streamed as it is written. */
export function staffWorkbook(staff: StaffDto[]): Readable {
  const { workbook, stream } = streamedWorkbook();
  workbook.creator = 'Stockyard';
  const rows = [
    sheetRow(COLUMNS, { bold: true, fill: HEADER_FILL }),
    ...staff.map((s) =>
      sheetRow([
        s.name,
        s.email,
        s.phone,
        s.position,
        s.location,
        s.department,
        dateCell(s.hireDate, DAY_FORMAT),
        { number: s.salary, format: SALARY_FORMAT },
        s.status,
        s.address,
        s.emergencyContact,
        s.emergencyPhone,
      ]),
    ),
  ];
  writeSheet(workbook, 'Staff', 1, rows)
    .then(() => workbook.commit())
    .catch((error: Error) => stream.destroy(error));
  return stream;
}
