import {
  type ApiSuccess,
  type AttendanceDto,
  type AttendanceStatus,
  PAGE_SIZES,
  type StaffDto,
} from '@stockyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AttendanceListFilters = {
  search?: string;
  month?: string;
  locationId?: number;
  status?: AttendanceStatus;
  staffId?: number;
};

export const attendanceKeys = {
  all: ['attendance'] as const,
  list: (page: number, filters: AttendanceListFilters) =>
    ['attendance', 'list', page, filters] as const,
  activeStaff: ['staff', 'active'] as const,
  member: (id: number) => ['staff', 'member', id] as const,
};

export const attendanceListQuery = (page: number, filters: AttendanceListFilters) =>
  queryOptions({
    queryKey: attendanceKeys.list(page, filters),
    queryFn: () =>
      api.get<ApiSuccess<AttendanceDto[]>>('/attendance', {
        query: { page, limit: PAGE_SIZES.attendance, ...filters },
      }),
  });

/** A page of records (10 a page), newest day first; the rows stay while the next page loads. */
export function useAttendanceList(page: number, filters: AttendanceListFilters) {
  return useQuery({ ...attendanceListQuery(page, filters), placeholderData: keepPreviousData });
}

export const activeStaffQuery = () =>
  queryOptions({
    queryKey: attendanceKeys.activeStaff,
    queryFn: () =>
      api
        .get<ApiSuccess<StaffDto[]>>('/staff/all/active', { silent: true })
        .then((answer) => answer.data),
  });

/** The Mark form's staff picker: the ACTIVE staff the user may see. */
export function useActiveStaff(enabled: boolean) {
  return useQuery({ ...activeStaffQuery(), enabled });
}

/** The staff member of /attendance/{staffId}. */
export function useStaffMember(id: number | null) {
  return useQuery({
    queryKey: attendanceKeys.member(id ?? 0),
    queryFn: () =>
      api.get<ApiSuccess<StaffDto>>(`/staff/${id}`, { silent: true }).then((answer) => answer.data),
    enabled: id !== null,
    retry: false,
  });
}
