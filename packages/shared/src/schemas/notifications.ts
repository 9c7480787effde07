import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants';
import { NOTIFICATION_TYPES } from '../notification-types';
import { paginationQuery } from './common';
import { isoInstantSchema } from './responses';
import { plainText } from './text';

const booleanQuery = (message: string) =>
  z.enum(['true', 'false'], { error: message }).transform((value) => value === 'true');

/**
 * GET /notifications. `withPagination=false` asks for the whole list, which is still capped at
 * MAX_PAGE_LIMIT rows from the newest. `type` is compared in upper case.
 */
export const notificationsQuerySchema = paginationQuery(PAGE_SIZES.notifications)
  .extend({
    withPagination: booleanQuery('withPagination must be true or false').default(true),
    type: z
      .string({ error: 'Invalid notification type' })
      .trim()
      .toUpperCase()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.enum(NOTIFICATION_TYPES, { error: 'Invalid notification type' }).optional()),
    search: plainText(
      z
        .string({ error: 'Search must be text' })
        .trim()
        .max(200, { error: 'Search must be at most 200 characters' }),
      'Search',
    )
      .optional()
      .transform((value) => value || undefined),
  })
  .transform((query) =>
    query.withPagination ? query : { ...query, page: 1, limit: MAX_PAGE_LIMIT },
  );
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;
export type NotificationsQueryInput = z.input<typeof notificationsQuerySchema>;

/**
 * A notification as the API answers it and as the socket pushes it. Here, not in
 * ../notifications.ts, whose constants every page's first script reads: a schema is built as its
 * module loads.
 */
export const notificationItemSchema = z.object({
  id: z.int(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  read: z.boolean(),
  createdAt: isoInstantSchema,
  /** The page of the app it is about, which a click on it opens (`notificationPath`). */
  path: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** The answer of GET /notifications (inside `data`). */
export const notificationsPageSchema = z.object({
  notifications: z.array(notificationItemSchema),
  totalPages: z.int(),
  currentPage: z.int(),
  totalNotifications: z.int(),
  /** Unread notifications of the user, whatever the filters: the bell's badge. */
  unreadCount: z.int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;
