import type { ApiSuccess } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notifyToast } from '@/lib/toast';
import { notificationKeys } from './get-notifications';
import { markAllReadInCache } from './notifications-cache';

function markAllRead(): Promise<ApiSuccess<{ updated: number }>> {
  return api.post<ApiSuccess<{ updated: number }>>(
    '/notifications/mark-all-read',
    {},
    { silent: true },
  );
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      markAllReadInCache(queryClient);
      notifyToast.success('All notifications marked as read.');
    },
    onError: () => notifyToast.error('Failed to mark all as read.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
