import { STAFF_STATUSES, type StaffStatus } from './staff-codes';

/**
 * A staff member's limits, messages and the way the list shows them, and no schema (decision 074):
 * the staff page imports them without building the staff's zod schemas, which schemas/staff.ts
 * makes from them.
 */

/** The largest annual salary the form takes (numeric(12, 2) holds it with room). */
export const MAX_SALARY = 1_000_000_000;

export const STAFF_MESSAGES = {
  // 03 section 5, Staff form (word for word).
  nameMin: 'Name must be at least 2 characters',
  emailInvalid: 'Invalid email format',
  phoneMin: 'Phone number must be at least 10 digits',
  positionRequired: 'Position is required',
  locationRequired: 'Location is required',
  departmentRequired: 'Department is required',
  hireDateRequired: 'Hire date is required',
  salaryPositive: 'Salary must be a positive number',
  addressMin: 'Address must be at least 5 characters',
  emergencyContactRequired: 'Emergency contact name is required',
  emergencyPhoneMin: 'Emergency phone must be at least 10 digits',
  statusInvalid: `Status must be one of ${STAFF_STATUSES.join(', ')}`,
  salaryMax: `Salary must be at most ${MAX_SALARY}`,
  // The server's refusals.
  notFound: 'Staff member not found',
  emailTaken: 'A staff member with this email already exists',
  locationInvalid: 'Location not found',
  // 03 sections 2.2 and 8.
  empty: 'No staff members found.',
  searchPlaceholder: 'Search by name, email or position...',
  deleteConfirm: 'Are you sure you want to delete this staff member? This action cannot be undone.',
  listFailed: 'Failed to fetch staff list.',
  locationsFailed: 'Failed to fetch locations.',
  addFailed: 'Failed to add staff member.',
  updateFailed: 'Failed to update staff member.',
  deleteFailed: 'Failed to delete staff member.',
  exportFailed: 'Failed to export staff list.',
  added: 'Staff Added',
  updated: 'Staff Updated',
  deleted: 'Staff Deleted',
  addedText: 'Staff member has been added successfully.',
  updatedText: 'Staff member has been updated successfully.',
  deletedText: 'Staff member has been deleted successfully.',
  exported: 'Export Successful',
  exportedText: 'The staff list has been downloaded.',
} as const;

/** The export's file name without its extension (03: staff-list.xlsx; .csv for CSV). */
export const STAFF_EXPORT_FILE = 'staff-list';

/** A status badge's colour (03 section 9): green active, yellow on leave, grey otherwise. */
export const STAFF_STATUS_TONES: Record<StaffStatus, 'green' | 'yellow' | 'grey'> = {
  ACTIVE: 'green',
  ON_LEAVE: 'yellow',
  INACTIVE: 'grey',
};

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** A day as the staff list shows it (03 section 2.2): day, short month, year, e.g. 18 Mar 2024. */
export function shortDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return `${Number(match[3])} ${SHORT_MONTHS[Number(match[2]) - 1] ?? ''} ${match[1]}`;
}

/** An annual salary as the list shows it: a dollar sign with thousands separators, e.g. $12,345. */
export function salaryText(salary: number): string {
  return `$${Math.round(salary).toLocaleString('en-US')}`;
}
