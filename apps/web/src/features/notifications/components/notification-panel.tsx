import type { NotificationItem } from '@stockyard/shared';
import { CheckCheck } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDeleteNotification } from '../api/delete-notification';
import type { useNotificationFeed } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { FetchErrorLine } from './fetch-error-line';
import { NotificationRow } from './notification-row';

type Feed = ReturnType<typeof useNotificationFeed>;

/** Loads the next page when the end of the list scrolls into view. */
function useLoadMoreOnScroll(feed: Feed) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetching, isError, fetchNextPage } = feed;
  useEffect(() => {
    const root = scrollRef.current;
    const end = endRef.current;
    if (!root || !end || !hasNextPage || isFetching || isError) return;
    // A new observer reports at once when the end is still in view, so short pages keep loading.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root, rootMargin: '0px 0px 40px 0px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  return { scrollRef, endRef };
}

/** The bell's dropdown (01-core.md, Notification dropdown). */
export function NotificationPanel({ feed, onNavigate }: { feed: Feed; onNavigate: () => void }) {
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllRead();
  const remove = useDeleteNotification();
  const { scrollRef, endRef } = useLoadMoreOnScroll(feed);

  const notifications = useMemo(() => {
    const seen = new Set<number>();
    const all: NotificationItem[] = [];
    for (const page of feed.data?.pages ?? []) {
      for (const item of page.notifications) {
        if (!seen.has(item.id)) {
          seen.add(item.id);
          all.push(item);
        }
      }
    }
    return all;
  }, [feed.data]);
  const unread = feed.data?.pages[0]?.unreadCount ?? 0;
  const loading = feed.isPending || feed.isFetchingNextPage;

  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2.5">
        <h2 className="font-semibold">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 text-primary"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          <CheckCheck className="h-4 w-4" aria-hidden />
          Mark all as read
        </Button>
      </div>
      <div ref={scrollRef} className="max-h-[min(24rem,60vh)] overflow-y-auto overscroll-contain">
        {notifications.length > 0 ? (
          <ul aria-label="Notification list">
            {notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                deleting={remove.isPending && remove.variables === notification.id}
                onOpen={() => {
                  if (!notification.read) markRead.mutate(notification.id);
                  onNavigate();
                }}
                onDelete={() => remove.mutate(notification.id)}
              />
            ))}
          </ul>
        ) : null}
        {loading ? (
          <p className="px-4 py-4 text-center text-sm text-muted-foreground">Loading...</p>
        ) : null}
        {feed.isError ? (
          <FetchErrorLine
            className="px-4 py-4"
            onRetry={() => void (feed.isFetchNextPageError ? feed.fetchNextPage() : feed.refetch())}
          />
        ) : null}
        {!loading && !feed.isError && notifications.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">
            No new notifications.
          </p>
        ) : null}
        <div ref={endRef} aria-hidden className="h-px" />
      </div>
      <div className="border-t border-border p-1.5">
        <Link
          to="/notifications"
          onClick={onNavigate}
          className="block rounded-md px-3 py-2 text-center text-sm font-medium text-primary hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          View all notifications
        </Link>
      </div>
    </div>
  );
}
