import type {
  ApiSuccess,
  AttendanceDto,
  AttendanceInput,
  UpdateAttendanceInput,
} from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './get-attendance';

/** Mark Attendance (a new record) and Edit (a record's fields); the dialog shows refusals itself. */
export function useSaveAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { id: null; input: AttendanceInput } | { id: number; input: UpdateAttendanceInput },
    ) =>
      change.id === null
        ? api.post<ApiSuccess<AttendanceDto>>('/attendance', change.input, { silent: true })
        : api.put<ApiSuccess<AttendanceDto>>(`/attendance/${change.id}`, change.input, {
            silent: true,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}
