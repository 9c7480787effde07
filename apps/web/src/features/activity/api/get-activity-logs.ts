import type { ActivityLogItem, ActivityLogsPage, ApiSuccess } from '@stockyard/shared';
import { PAGE_SIZES } from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { notifyToast } from '@/lib/toast';

export type ActivityLog = ActivityLogItem;

export type ActivityLogsParams = { page: number; locationId?: number; startDate?: string };

function viewerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function getActivityLogs(
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
      // The chosen date is a day where the viewer is.
      timeZone: viewerTimeZone(),
    },
    signal,
    silent: true,
  });
}

export function useActivityLogs(params: ActivityLogsParams) {
  const query = useQuery({
    queryKey: [...queryRoots.activity, params],
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
