import type { ApiSuccess } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notifyToast } from '@/lib/toast';
import { notificationKeys } from './get-notifications';
import { removeFromCache } from './notifications-cache';

function deleteNotification(id: number): Promise<ApiSuccess<null>> {
  return api.delete<ApiSuccess<null>>(`/notifications/${id}`, { silent: true });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_answer, id) => {
      removeFromCache(queryClient, id);
      notifyToast.success('Notification deleted.');
    },
    onError: () => notifyToast.error('Failed to delete notification.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
