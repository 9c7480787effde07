import type { ApiSuccess, DashboardCountsDto, DashboardPeriod } from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

// Read again after others' writes by its root (app/live-updates.ts).
const dashboardKeys = {
  all: queryRoots.dashboard,
  counts: (period: DashboardPeriod) => ['dashboard', 'counts', period] as const,
};

function getDashboardCounts(period: DashboardPeriod): Promise<DashboardCountsDto> {
  return api
    .get<ApiSuccess<DashboardCountsDto>>('/users/dashboard-counts', {
      query: { filter: period },
      // A failure shows as a quiet line with Retry on the page, not as a toast.
      silent: true,
    })
    .then((answer) => answer.data);
}

/** The page's one call: the shared figures and the cards of the viewer's role, fresh on each visit. */
export function useDashboardCounts(period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.counts(period),
    queryFn: () => getDashboardCounts(period),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
