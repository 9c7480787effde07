import { UNREAD_BADGE_CAP } from '@stockyard/shared';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '@/components/ui/opened-once';
import { useNotificationFeed } from '../api/get-notifications';
import { useLiveNotifications } from '../api/use-live-notifications';

// The panel's code (its rows, their words and dates) loads as the bell first opens, not with the
// shell on every page.
const NotificationPanel = lazy(() =>
  import('./notification-panel').then((module) => ({ default: module.NotificationPanel })),
);

/** "9+" above nine (01-core.md section 9). */
function unreadBadgeText(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** The header's bell: the unread badge, and the dropdown of notifications. */
export function NotificationBell() {
  useLiveNotifications();
  const feed = useNotificationFeed();
  const [open, setOpen] = useState(false);
  // Radix's popover is drawn from the bell's first opening: its trigger anchors the popper by
  // setting state as it mounts, a synchronous re-render inside the commit that draws every page.
  const drawn = useOpenedOnce(open);
  const unread = feed.data?.pages[0]?.unreadCount ?? 0;
  const badge = unread > 0 ? unreadBadgeText(unread) : null;
  const trigger = {
    className:
      'relative rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    'aria-label': badge ? `Notifications, ${badge} unread` : 'Notifications',
    children: (
      <>
        <Bell className="h-5 w-5" aria-hidden />
        {badge ? (
          <span
            aria-hidden
            className="absolute right-0.5 top-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground"
          >
            {badge}
          </span>
        ) : null}
      </>
    ),
  };

  if (!drawn) {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={false}
        data-state="closed"
        {...trigger}
        onClick={() => setOpen(true)}
      />
    );
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger {...trigger} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-lg border border-border bg-card shadow-lg"
        >
          <Suspense
            fallback={
              <p className="px-4 py-4 text-center text-sm text-muted-foreground">Loading...</p>
            }
          >
            <NotificationPanel feed={feed} onNavigate={() => setOpen(false)} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
