/**
 * The codes of a staff member's status and of an attendance mark, and their words. Apart from the
 * staff and attendance schemas, so that a screen that only names a code (code-labels, every list)
 * does not build those schemas when it loads.
 */

export const STAFF_STATUSES = ['ACTIVE', 'INACTIVE', 'ON_LEAVE'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** The form's labels (03 section 2.2, word for word). */
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  ACTIVE: 'Active (Available)',
  INACTIVE: 'Inactive (Unavailable)',
  ON_LEAVE: 'On Leave (Temporarily Away)',
};

export const ATTENDANCE_STATUSES = ['PRESENT', 'ABSENT', 'LATE', 'HALF_DAY'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/**
 * The marks that count a staff member as present (the dashboard's Total Present Staff): there, on
 * time or late. ABSENT and HALF_DAY do not.
 */
export const PRESENT_ATTENDANCE_STATUSES = [
  'PRESENT',
  'LATE',
] as const satisfies readonly AttendanceStatus[];

export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  PRESENT: 'Present',
  ABSENT: 'Absent',
  LATE: 'Late',
  HALF_DAY: 'Half Day',
};
