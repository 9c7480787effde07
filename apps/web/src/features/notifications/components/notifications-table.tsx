import type { NotificationItem } from '@stockyard/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Folded, Table, TableMessage, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDateTime, relativeTime } from '@/lib/dates';
import { notificationTypeLabel } from './notification-type';

/**
 * The screen's table (03 section 2.5): unread rows are highlighted; a message opens what it is
 * about and marks it read.
 */
export function NotificationsTable({
  notifications,
  message,
  markingId,
  onMarkRead,
}: {
  notifications: NotificationItem[];
  /** Loading, empty or error content shown instead of rows. */
  message: ReactNode;
  markingId: number | null;
  onMarkRead: (id: number) => void;
}) {
  return (
    <Table aria-label="Notification list">
      <THead>
        <tr>
          <TH>Message</TH>
          <TH from="sm">Type</TH>
          <TH from="sm">Date</TH>
          <TH className="text-right">Actions</TH>
        </tr>
      </THead>
      <TBody>
        {message ? (
          <TableMessage colSpan={4}>{message}</TableMessage>
        ) : (
          notifications.map((notification) => {
            const unread = !notification.read;
            return (
              <TR
                key={notification.id}
                className={cn(unread && 'bg-accent hover:bg-accent/70 dark:bg-accent/50')}
                aria-label={unread ? 'Unread notification' : undefined}
              >
                <TD className={cn('wrap-anywhere', unread && 'font-medium')}>
                  <span className="flex items-start gap-2">
                    <span
                      aria-hidden
                      className={cn(
                        'mt-1.5 h-2 w-2 shrink-0 rounded-full',
                        unread ? 'bg-primary' : 'bg-transparent',
                      )}
                    />
                    <span className="min-w-0">
                      <Link
                        to={notification.path}
                        onClick={() => {
                          if (unread) onMarkRead(notification.id);
                        }}
                        className="hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
                      >
                        {notification.message}
                      </Link>
                      {/* On a phone, type and date sit under the message instead of in columns. */}
                      <Folded until="sm">
                        <span className="mt-1 block text-xs font-normal text-muted-foreground">
                          {notificationTypeLabel(notification.type)} ·{' '}
                          {relativeTime(notification.createdAt)}
                        </span>
                      </Folded>
                    </span>
                  </span>
                </TD>
                <TD from="sm" className="whitespace-nowrap text-muted-foreground">
                  {notificationTypeLabel(notification.type)}
                </TD>
                <TD from="sm" className="whitespace-nowrap text-muted-foreground">
                  <time
                    dateTime={notification.createdAt}
                    title={formatDateTime(notification.createdAt)}
                  >
                    {relativeTime(notification.createdAt)}
                  </time>
                </TD>
                <TD className="whitespace-nowrap text-right">
                  {unread ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={markingId === notification.id}
                      onClick={() => onMarkRead(notification.id)}
                    >
                      Mark Read
                    </Button>
                  ) : (
                    <span className="inline-flex items-center gap-1 text-sm text-green-700 dark:text-green-400">
                      <Check className="h-4 w-4" aria-hidden />
                      Read
                    </span>
                  )}
                </TD>
              </TR>
            );
          })
        )}
      </TBody>
    </Table>
  );
}
