/**
 * Attendance (03 sections 2.3, 3 to 9; PRODUCT-DECISIONS.md): a staff member's day at a location.
 */

export const ATTENDANCE_STATUSES = ['PRESENT', 'ABSENT', 'LATE', 'HALF_DAY'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
