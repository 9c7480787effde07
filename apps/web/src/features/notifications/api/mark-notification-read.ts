import type { ApiSuccess, NotificationItem } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notifyToast } from '@/lib/toast';
import { notificationKeys } from './get-notifications';
import { markReadInCache } from './notifications-cache';

function markNotificationRead(id: number): Promise<ApiSuccess<NotificationItem>> {
  return api.patch<ApiSuccess<NotificationItem>>(`/notifications/${id}/read`, {}, { silent: true });
}

/** Marks that one notification read: at once on screen, then on the server. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      markReadInCache(queryClient, id);
    },
    onError: () => notifyToast.error('Failed to mark notification as read.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
