import type { ApiSuccess, AttendanceOverview } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './get-staff';

/** A staff member's records counted by status (View Attendance); the dialog shows a failure. */
export function useAttendanceOverview(staffId: number | null) {
  return useQuery({
    queryKey: staffKeys.overview(staffId ?? 0),
    queryFn: () =>
      api
        .get<ApiSuccess<AttendanceOverview>>(`/attendance/staff/${staffId}/overview`, {
          silent: true,
        })
        .then((answer) => answer.data),
    enabled: staffId !== null,
  });
}
