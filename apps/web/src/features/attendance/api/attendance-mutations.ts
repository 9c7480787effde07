import {
  type ApiSuccess,
  ATTENDANCE_STATUS_LABELS,
  type AttendanceDto,
  type AttendanceInput,
  isoToDisplayDate,
  type UpdateAttendanceInput,
} from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SentOrKept, sendOrKeep } from '@/lib/offline/device';
import { attendanceKeys } from './get-attendance';

/** Who a new mark is of and where, as the screens show it while it waits on the device. */
type MarkedStaff = { name: string; location: string };

export type AttendanceChange =
  | { id: null; input: AttendanceInput; staff: MarkedStaff }
  | { id: number; input: UpdateAttendanceInput };

/**
 * Mark Attendance (a new record) and Edit (a record's fields); the dialog shows refusals itself.
 * A mark made without a connection waits in the outbox with its key; an edit needs the connection.
 */
export function useSaveAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AttendanceChange): Promise<SentOrKept<ApiSuccess<AttendanceDto>>> => {
      if (change.id !== null) {
        return api
          .put<ApiSuccess<AttendanceDto>>(`/attendance/${change.id}`, change.input, {
            silent: true,
          })
          .then((answer) => ({ kept: false, answer }));
      }
      const { input, staff } = change;
      return sendOrKeep<ApiSuccess<AttendanceDto>>({
        title: `Attendance of ${staff.name} on ${isoToDisplayDate(input.date)}: ${ATTENDANCE_STATUS_LABELS[input.status]}`,
        preview: {
          kind: 'attendance',
          staffId: input.staffId,
          staffName: staff.name,
          locationId: input.locationId,
          location: staff.location,
          date: input.date,
          checkIn: input.checkIn ?? null,
          checkOut: input.checkOut ?? null,
          status: input.status,
          notes: input.notes ?? null,
        },
        write: { method: 'POST', path: '/attendance', body: input },
      });
    },
    onSuccess: (outcome) => {
      if (!outcome.kept) return queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
    },
  });
}
