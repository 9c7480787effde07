import type { ApiSuccess, NotificationsPage, NotificationType } from '@stockyard/shared';
import { PAGE_SIZES } from '@stockyard/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { notifyToast } from '@/lib/toast';

export type NotificationsParams = {
  page: number;
  limit: number;
  type?: NotificationType;
  search?: string;
};

export const notificationKeys = {
  all: ['notifications'] as const,
  feed: () => [...notificationKeys.all, 'feed'] as const,
  list: (params: NotificationsParams) => [...notificationKeys.all, 'list', params] as const,
};

async function getNotifications(
  params: NotificationsParams,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  // The callers show "Failed to fetch notifications" and an error line with a retry.
  const { data } = await api.get<ApiSuccess<NotificationsPage>>('/notifications', {
    query: { ...params, withPagination: true },
    signal,
    silent: true,
  });
  return data;
}

/** One toast per failed fetch (01-core.md section 8), shared by the bell and the screen. */
function useFetchErrorToast(isError: boolean, errorUpdatedAt: number): void {
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) {
      notifyToast.error('Failed to fetch notifications', { id: 'notifications-fetch' });
    }
  }, [isError, errorUpdatedAt]);
}

/** The screen's page of notifications, with its filters. */
export function useNotifications(params: NotificationsParams) {
  const query = useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
  });
  useFetchErrorToast(query.isError, query.errorUpdatedAt);
  return query;
}

/** The bell's list, ten at a time, newest first; its first page carries the unread count. */
export function useNotificationFeed() {
  const query = useInfiniteQuery({
    queryKey: notificationKeys.feed(),
    queryFn: ({ pageParam, signal }) =>
      getNotifications({ page: pageParam, limit: PAGE_SIZES.notifications }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });
  useFetchErrorToast(query.isError, query.errorUpdatedAt);
  return query;
}
