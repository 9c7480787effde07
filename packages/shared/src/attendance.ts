import { isoToDisplayDate } from './dates';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from './staff-codes';

/**
 * An attendance record's messages, its times in words and the way the list shows it, and no schema
 * (decision 074): the attendance page imports them without building the attendance's zod schemas,
 * which schemas/attendance.ts makes from them.
 */

export const ATTENDANCE_MESSAGES = {
  // 03 section 5, Attendance form (word for word).
  staffRequired: 'Staff member is required',
  locationRequired: 'Location is required',
  dateRequired: 'Date is required',
  statusInvalid: `Status must be one of ${ATTENDANCE_STATUSES.join(', ')}`,
  overlapTitle: 'Validation Error',
  // The other record named: where it is (the same site or another), its day and its times.
  overlapWith: (other: OverlappingAttendance) =>
    `Staff member has overlapping attendance at ${other.location} on ${isoToDisplayDate(other.date)} (${attendanceSpan(other)}).`,
  // When the other record is gone by the time it is looked for (it was changed meanwhile).
  overlap: 'Staff member has overlapping attendance.',
  // Check-out after check-in, when both are given (the rule).
  timeInvalid: 'Enter a time as HH:MM',
  checkOutBeforeCheckIn: 'Check out must be after check in',
  // The server's refusals.
  notFound: 'Attendance record not found',
  staffNotFound: 'Staff member not found',
  locationInvalid: 'Location not found',
  // PRODUCT-DECISIONS.md, third round: a record is at the staff member's own location.
  notStaffLocation: "Attendance is recorded at the staff member's own location",
  // 03 sections 2.3 and 8.
  loading: 'Loading attendance records...',
  empty: 'No attendance records found.',
  searchPlaceholder: 'Search by staff name...',
  showing: (from: number, to: number, total: number) =>
    `Showing ${from} to ${to} of ${total} records`,
  marked: 'Attendance Marked',
  markedText: (name: string) => `Attendance for ${name} has been recorded.`,
  updated: 'Attendance Updated',
  updatedText: 'The attendance record has been updated.',
  markFailed: 'Failed to mark attendance.',
  updateFailed: 'Failed to update attendance.',
  listFailed: 'Failed to fetch attendance records.',
  locationsFailed: 'Failed to fetch locations.',
  exportFailedTitle: 'Export Failed',
  exportFailed: 'Failed to export attendance records.',
  exported: 'Export Successful',
  exportedText: 'The attendance records have been downloaded.',
  overviewTitle: 'Attendance Overview',
  overviewLoading: 'Loading...',
  overviewFailed: 'Failed to fetch attendance.',
  overviewEmpty: 'No attendance data.',
} as const;

/** The export's file name without its extension (03: attendance-list.xlsx; .csv for CSV). */
export const ATTENDANCE_EXPORT_FILE = 'attendance-list';

/** HH:MM on a 24-hour clock, as the time inputs give it (seconds, when sent, are dropped). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/**
 * A time as the screens show it (03 section 2.3): HH:MM; a full timestamp gives its UTC time;
 * nothing gives null.
 */
export function attendanceTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = TIME_PATTERN.exec(value.trim());
  if (match) return `${match[1]}:${match[2]}`;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return instant.toISOString().slice(11, 16);
}

/** The record an attendance write overlaps: where it is, its day (yyyy-MM-dd) and its times. */
export type OverlappingAttendance = {
  location: string;
  date: string;
  checkIn: string | null;
  checkOut: string | null;
};

/** A record's times in words: 09:00 to 12:00, in at 09:30, out at 11:30, or no times. */
export function attendanceSpan(record: { checkIn: string | null; checkOut: string | null }) {
  const checkIn = attendanceTime(record.checkIn);
  const checkOut = attendanceTime(record.checkOut);
  if (checkIn && checkOut) return `${checkIn} to ${checkOut}`;
  if (checkIn) return `in at ${checkIn}`;
  if (checkOut) return `out at ${checkOut}`;
  return 'no times';
}

/** A status badge's colour (03 section 9): green present, red absent, yellow late, blue half day. */
export const ATTENDANCE_STATUS_TONES: Record<
  AttendanceStatus,
  'green' | 'red' | 'yellow' | 'blue'
> = { PRESENT: 'green', ABSENT: 'red', LATE: 'yellow', HALF_DAY: 'blue' };

/** The overview's pie chart colours, in the same order of meaning (03 section 9). */
export const ATTENDANCE_CHART_COLORS: Record<AttendanceStatus, string> = {
  PRESENT: '#22c55e',
  ABSENT: '#ef4444',
  LATE: '#eab308',
  HALF_DAY: '#3b82f6',
};
