import { z } from 'zod';
import { ATTENDANCE_MESSAGES, TIME_PATTERN } from '../attendance';
import { PAGE_SIZES } from '../constants';
import { parseIsoDate } from '../dates';
import { ATTENDANCE_STATUSES } from '../staff-codes';
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
