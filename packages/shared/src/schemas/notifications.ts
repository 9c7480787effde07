import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants';
import { NOTIFICATION_TYPES } from '../notifications';
import { paginationQuery } from './common';
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
