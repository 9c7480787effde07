import type { NotificationItem } from '@stockyard/shared';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { formatDateTime, relativeTime } from '@/lib/dates';
import { notificationTypeLabel } from './notification-type';

/**
 * One notification in the dropdown: a link to what it is about (its `path`), which also marks it
 * read; its delete button shows on hover, focus, or a touch screen.
 */
export function NotificationRow({
  notification,
  deleting,
  onOpen,
  onDelete,
}: {
  notification: NotificationItem;
  deleting: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const unread = !notification.read;
  return (
    <li
      className={cn(
        'group flex items-start border-b border-border last:border-b-0 hover:bg-muted/60',
        unread && 'bg-accent/60',
      )}
    >
      <Link
        to={notification.path}
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 py-3 pl-4 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <span
          aria-hidden
          className={cn(
            'mt-1.5 h-2 w-2 shrink-0 rounded-full',
            unread ? 'bg-primary' : 'bg-transparent',
          )}
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block break-words text-sm', unread && 'font-medium')}>
            {notification.message}
          </span>
          <span className="mt-1 flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
            <span>{notificationTypeLabel(notification.type)}</span>
            <span aria-hidden>·</span>
            <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
              {relativeTime(notification.createdAt)}
            </time>
            {unread ? <span className="sr-only">(unread)</span> : null}
          </span>
        </span>
      </Link>
      <button
        type="button"
        aria-label="Delete notification"
        disabled={deleting}
        onClick={onDelete}
        className="m-2 shrink-0 rounded-md p-1.5 text-muted-foreground opacity-0 transition-opacity hover:bg-background hover:text-destructive focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring group-hover:opacity-100 disabled:opacity-50 [@media(hover:none)]:opacity-100"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}
