import type { ApiSuccess, LocationType } from '@stockyard/shared';
import { PAGE_SIZES } from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { notifyToast } from '@/lib/toast';

export type ActivityLog = {
  id: number;
  action: string;
  description: string;
  timestamp: string;
  user: {
    name: string;
    email: string;
    location: { name: string; address: string; type: LocationType } | null;
  } | null;
};

export type ActivityLogsPage = { logs: ActivityLog[]; totalLogs: number; totalPages: number };

export type ActivityLogsParams = { page: number; locationId?: number; startDate?: string };

export function getActivityLogs(
  params: ActivityLogsParams,
  signal?: AbortSignal,
): Promise<ApiSuccess<ActivityLogsPage>> {
  // The page shows "Failed to fetch activities." itself (03 section 8).
  return api.get<ApiSuccess<ActivityLogsPage>>('/activity-logs/list', {
    query: {
      ...params,
      limit: PAGE_SIZES.activityLogs,
      sortBy: 'timestamp',
      sortOrder: 'desc',
    },
    signal,
    silent: true,
  });
}

export function useActivityLogs(params: ActivityLogsParams) {
  const query = useQuery({
    queryKey: ['activity-logs', params],
    queryFn: ({ signal }) => getActivityLogs(params, signal),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) {
      notifyToast.error('Failed to fetch activities.', { id: 'activity-fetch' });
    }
  }, [isError, errorUpdatedAt]);
  return query;
}
