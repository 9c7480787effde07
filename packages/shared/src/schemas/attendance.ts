import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { isoToDisplayDate, parseIsoDate } from '../dates';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../staff-codes';
import { idField, idText, optionalIdQuery, paginationQuery } from './common';
import { exportFields } from './exports';
import { isoInstantSchema } from './responses';
import { allOrOneLocationQuery } from './staff';
import { blankToUndefined, plainText, upperCased } from './text';

/**
 * Attendance (03 sections 2.3, 3 to 9; PRODUCT-DECISIONS.md): a staff member's day at a location.
 * Two records of one staff member overlap when their intervals share any time, one containing the
 * other included (docs/decisions/012); the database refuses them.
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

/** An optional HH:MM: blank is none. */
const timeField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: ATTENDANCE_MESSAGES.timeInvalid })
    .trim()
    .regex(TIME_PATTERN, { error: ATTENDANCE_MESSAGES.timeInvalid })
    .transform((text) => text.slice(0, 5))
    .optional(),
);

const dateField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: ATTENDANCE_MESSAGES.dateRequired })
    .refine((text) => parseIsoDate(text) !== null, { error: ATTENDANCE_MESSAGES.dateRequired }),
);

const statusField = z.preprocess(
  (value) => upperCased(blankToUndefined(value)),
  z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_MESSAGES.statusInvalid }).default('PRESENT'),
);

const notesField = z.preprocess(
  blankToUndefined,
  plainText(
    z
      .string({ error: 'Notes must be text' })
      .trim()
      .max(1000, { error: 'Notes must be at most 1000 characters' }),
    'Notes',
    { multiline: true },
  ).optional(),
);

/** Check-out after check-in when both are given (a time that is no HH:MM has its own message). */
const checkOutAfterCheckIn = ({ checkIn, checkOut }: { checkIn?: string; checkOut?: string }) =>
  !checkIn ||
  !checkOut ||
  !TIME_PATTERN.test(checkIn) ||
  !TIME_PATTERN.test(checkOut) ||
  checkOut.slice(0, 5) > checkIn.slice(0, 5);

/** The Edit form (03 section 2.3): date, times, location, status, notes. */
const attendanceFields = z.object({
  date: dateField,
  locationId: idField(ATTENDANCE_MESSAGES.locationRequired),
  checkIn: timeField,
  checkOut: timeField,
  status: statusField,
  notes: notesField,
});

/** What PUT /attendance/{id} takes. */
export const updateAttendanceSchema = attendanceFields.refine(checkOutAfterCheckIn, {
  error: ATTENDANCE_MESSAGES.checkOutBeforeCheckIn,
  path: ['checkOut'],
});
export type UpdateAttendanceInput = z.infer<typeof updateAttendanceSchema>;

/** What POST /attendance takes: the Mark form, the Edit form's fields and the staff member. */
export const attendanceSchema = attendanceFields
  .extend({ staffId: idField(ATTENDANCE_MESSAGES.staffRequired) })
  .refine(checkOutAfterCheckIn, {
    error: ATTENDANCE_MESSAGES.checkOutBeforeCheckIn,
    path: ['checkOut'],
  });
export type AttendanceInput = z.infer<typeof attendanceSchema>;
export type AttendanceFormInput = z.input<typeof attendanceSchema>;

/** yyyy-MM, the month picker's value. */
export const ATTENDANCE_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The attendance filters (03 section 7): staff name, location, month, status, staff member. */
export const attendanceFiltersQuery = z.object({
  search: z.preprocess(
    blankToUndefined,
    plainText(z.string().trim().max(100), 'Search').optional(),
  ),
  locationId: allOrOneLocationQuery,
  month: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Month must be written yyyy-MM' })
      .regex(ATTENDANCE_MONTH_PATTERN, { error: 'Month must be written yyyy-MM' })
      .optional(),
  ),
  status: z.preprocess((value) => {
    const status = upperCased(blankToUndefined(value));
    return status === 'ALL' ? undefined : status;
  }, z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_MESSAGES.statusInvalid }).optional()),
  staffId: optionalIdQuery('Staff must be a staff member id'),
});
export type AttendanceFilters = z.infer<typeof attendanceFiltersQuery>;

/** GET <list>/export: the list's filters, every page, as xlsx or csv. */
export const attendanceExportQuery = attendanceFiltersQuery.extend(exportFields);
export type AttendanceExportQuery = z.infer<typeof attendanceExportQuery>;

export const attendanceListQuery = attendanceFiltersQuery.extend(
  paginationQuery(PAGE_SIZES.attendance).shape,
);
export type AttendanceListQuery = z.infer<typeof attendanceListQuery>;

export const staffIdParam = z.object({ staffId: idText() });

/** GET /attendance/staff/{staffId}: one day's records, or all of them. */
export const attendanceByStaffQuery = z.object({
  date: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Date must be written yyyy-MM-dd' })
      .refine((text) => parseIsoDate(text) !== null, {
        error: 'Date must be written yyyy-MM-dd',
      })
      .optional(),
  ),
});

// Answers.

export const attendanceDtoSchema = z.object({
  id: z.int(),
  staffId: z.int(),
  staffName: z.string(),
  locationId: z.int(),
  /** The location's name (03 section 3). */
  location: z.string(),
  date: z.string(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES),
  notes: z.string().nullable(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type AttendanceDto = z.infer<typeof attendanceDtoSchema>;

/** A staff member's records counted by status (the Attendance Overview's pie chart). */
export const attendanceOverviewSchema = z.object({
  PRESENT: z.int(),
  ABSENT: z.int(),
  LATE: z.int(),
  HALF_DAY: z.int(),
});
export type AttendanceOverview = z.infer<typeof attendanceOverviewSchema>;

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
