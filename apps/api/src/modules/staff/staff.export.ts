import { DEFAULT_BILLING_TERMS, type StaffDto } from '@stockyard/shared';
import type { ExportColumn } from '../../lib/list-export';
import { DAY_FORMAT, dateCell, money } from '../../lib/spreadsheet';

/**
 * The staff list's export (03 section 7): one row a staff member, the form's fields; the salary
 * in the company's currency with its decimals, not in dollars.
 */
export const staffColumns = (currency: string): readonly ExportColumn<StaffDto>[] => [
  { header: 'Name', cell: (s) => s.name },
  { header: 'Email', cell: (s) => s.email },
  { header: 'Phone', cell: (s) => s.phone },
  { header: 'Position', cell: (s) => s.position },
  { header: 'Location', cell: (s) => s.location },
  { header: 'Department', cell: (s) => s.department },
  { header: 'Hire Date', cell: (s) => dateCell(s.hireDate, DAY_FORMAT) },
  { header: 'Salary', cell: (s) => money(s.salary, currency) },
  { header: 'Status', cell: (s) => s.status },
  { header: 'Address', cell: (s) => s.address },
  { header: 'Emergency Contact', cell: (s) => s.emergencyContact },
  { header: 'Emergency Phone', cell: (s) => s.emergencyPhone },
];

/** The columns' headers and cells in the default currency (what reads only the headers uses). */
export const STAFF_COLUMNS = staffColumns(DEFAULT_BILLING_TERMS.currency);
