import type { LiveNotification } from '@stockyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/session';
import { useSocket } from '@/lib/socket';
import { notifyToast } from '@/lib/toast';
import { notificationKeys } from './get-notifications';
import { addToCache } from './notifications-cache';

/**
 * New notifications arrive over the session's socket: each raises a toast and joins the bell's
 * list and count without a reload (01-core.md section 4). One toast per event: the user's own
 * action already showed its success toast, so its notification only joins the list.
 */
export function useLiveNotifications(): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? null;
  useEffect(() => {
    if (!socket) return;
    const onNotification = (notification: LiveNotification) => {
      if (notification.actorId !== userId) notifyToast.info(notification.message);
      addToCache(queryClient, notification);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    };
    // Whatever arrived before the connection was up (or while it was down) is fetched once it is.
    const onConnect = () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    };
    socket.on('notification', onNotification);
    socket.on('connect', onConnect);
    return () => {
      socket.off('notification', onNotification);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient, userId]);
}
