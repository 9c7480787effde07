import { type ApiSuccess, PAGE_SIZES, type StaffDto, type StaffStatus } from '@stockyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type StaffListFilters = {
  search?: string;
  locationId?: number;
  status?: StaffStatus;
};

export const staffKeys = {
  all: ['staff'] as const,
  list: (page: number, filters: StaffListFilters) => ['staff', 'list', page, filters] as const,
  overview: (id: number) => ['attendance', 'overview', id] as const,
};

export const staffListQuery = (page: number, filters: StaffListFilters) =>
  queryOptions({
    queryKey: staffKeys.list(page, filters),
    queryFn: () =>
      api.get<ApiSuccess<StaffDto[]>>('/staff', {
        query: { page, pageSize: PAGE_SIZES.staff, ...filters },
        silent: true,
      }),
  });

/** A page of staff (10 a page), by name; the rows stay on screen while the next page loads. */
export function useStaffList(page: number, filters: StaffListFilters) {
  return useQuery({ ...staffListQuery(page, filters), placeholderData: keepPreviousData });
}
