import type { NotificationItem, NotificationsPage } from '@stockyard/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './get-notifications';

type Cached = NotificationsPage | InfiniteData<NotificationsPage> | undefined;

function isInfinite(data: Cached): data is InfiniteData<NotificationsPage> {
  return data !== undefined && 'pages' in data;
}

/** Applies a change to every cached page of notifications: the bell's and the screen's. */
function updateNotificationPages(
  queryClient: QueryClient,
  change: (page: NotificationsPage, index: number) => NotificationsPage,
): void {
  queryClient.setQueriesData<Cached>({ queryKey: notificationKeys.all }, (data) => {
    if (isInfinite(data)) return { ...data, pages: data.pages.map(change) };
    return data ? change(data, 0) : data;
  });
}

function findCachedNotification(
  queryClient: QueryClient,
  id: number,
): NotificationItem | undefined {
  for (const [, data] of queryClient.getQueriesData<Cached>({
    queryKey: notificationKeys.all,
  })) {
    const pages = isInfinite(data) ? data.pages : data ? [data] : [];
    for (const page of pages) {
      const found = page.notifications.find((n) => n.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** Marks one notification read in the caches (before the server answers). */
export function markReadInCache(queryClient: QueryClient, id: number): void {
  const wasUnread = findCachedNotification(queryClient, id)?.read === false;
  updateNotificationPages(queryClient, (page) => ({
    ...page,
    notifications: page.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
    unreadCount: Math.max(0, page.unreadCount - (wasUnread ? 1 : 0)),
  }));
}

export function markAllReadInCache(queryClient: QueryClient): void {
  updateNotificationPages(queryClient, (page) => ({
    ...page,
    notifications: page.notifications.map((n) => ({ ...n, read: true })),
    unreadCount: 0,
  }));
}

export function removeFromCache(queryClient: QueryClient, id: number): void {
  const removed = findCachedNotification(queryClient, id);
  if (!removed) return;
  updateNotificationPages(queryClient, (page) => {
    const had = page.notifications.some((n) => n.id === id);
    return {
      ...page,
      notifications: page.notifications.filter((n) => n.id !== id),
      totalNotifications: Math.max(0, page.totalNotifications - (had ? 1 : 0)),
      unreadCount: Math.max(0, page.unreadCount - (removed.read ? 0 : 1)),
    };
  });
}

/** A live notification: at the top of the bell's list, and one more unread everywhere. */
export function addToCache(queryClient: QueryClient, notification: NotificationItem): void {
  if (findCachedNotification(queryClient, notification.id)) return;
  queryClient.setQueryData<InfiniteData<NotificationsPage>>(notificationKeys.feed(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) =>
            index === 0
              ? {
                  ...page,
                  notifications: [notification, ...page.notifications],
                  totalNotifications: page.totalNotifications + 1,
                }
              : page,
          ),
        }
      : data,
  );
  updateNotificationPages(queryClient, (page) => ({
    ...page,
    unreadCount: page.unreadCount + (notification.read ? 0 : 1),
  }));
}
