import type { NotificationItem, NotificationsPage, NotificationsQuery } from '@stockyard/shared';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { paginate } from '../../lib/reply';
import * as repo from './notifications.repository';

const NOT_FOUND_MESSAGE = 'Notification not found.';

/** The user's notifications, newest first, with the totals the bell and the screen show. */
export async function listNotifications(
  ctx: AppContext,
  userId: number,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const filters = { type: query.type, search: query.search };
  const { rows, total, unread } = await repo.listNotifications(ctx.db, userId, filters, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    notifications: rows,
    totalPages: paginate(total, query.page, query.limit).totalPages,
    currentPage: query.page,
    totalNotifications: total,
    unreadCount: unread,
  };
}

export async function markAllRead(ctx: AppContext, userId: number): Promise<{ updated: number }> {
  return { updated: await repo.markAllRead(ctx.db, userId) };
}

/** Another user's notification answers 404, exactly like one that does not exist. */
export async function markRead(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<NotificationItem> {
  const notification = await repo.markRead(ctx.db, userId, id);
  if (!notification) throw notFound(NOT_FOUND_MESSAGE);
  return notification;
}

export async function deleteNotification(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<void> {
  if (!(await repo.deleteNotification(ctx.db, userId, id))) throw notFound(NOT_FOUND_MESSAGE);
}
