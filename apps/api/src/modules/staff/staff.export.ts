import type { StaffDto } from '@stockyard/shared';
import type { ExportColumn } from '../../lib/list-export';
import { DAY_FORMAT, dateCell } from '../../lib/spreadsheet';

export const SALARY_FORMAT = '"$"#,##0';

/** The staff list's export (03 section 7): one row a staff member, the form's fields. */
export const STAFF_COLUMNS: readonly ExportColumn<StaffDto>[] = [
  { header: 'Name', cell: (s) => s.name },
  { header: 'Email', cell: (s) => s.email },
  { header: 'Phone', cell: (s) => s.phone },
  { header: 'Position', cell: (s) => s.position },
  { header: 'Location', cell: (s) => s.location },
  { header: 'Department', cell: (s) => s.department },
  { header: 'Hire Date', cell: (s) => dateCell(s.hireDate, DAY_FORMAT) },
  { header: 'Salary', cell: (s) => ({ number: s.salary, format: SALARY_FORMAT }) },
  { header: 'Status', cell: (s) => s.status },
  { header: 'Address', cell: (s) => s.address },
  { header: 'Emergency Contact', cell: (s) => s.emergencyContact },
  { header: 'Emergency Phone', cell: (s) => s.emergencyPhone },
];
