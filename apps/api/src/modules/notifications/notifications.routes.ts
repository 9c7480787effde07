import {
  emptyEnvelope,
  envelope,
  idParam,
  notificationItemSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as notificationsService from './notifications.service';

/** Every signed-in user reaches their own notifications, and only those. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The signed-in user’s notifications, newest first, with the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: envelope(notificationsPageSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok(await notificationsService.listNotifications(app.ctx, user.id, request.query));
    },
  );

  app.post(
    '/mark-all-read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification of the user read',
        response: {
          200: envelope(z.object({ updated: z.int() })),
          ...errorResponses(401),
        },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const result = await notificationsService.markAllRead(app.ctx, user.id);
      return ok(result, 'All notifications marked as read.');
    },
  );

  app.patch(
    '/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        params: idParam,
        response: { 200: envelope(notificationItemSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const notification = await notificationsService.markRead(app.ctx, user.id, request.params.id);
      return ok(notification, 'Notification marked as read.');
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Delete one notification',
        params: idParam,
        response: { 200: emptyEnvelope, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await notificationsService.deleteNotification(app.ctx, user.id, request.params.id);
      return ok(null, 'Notification deleted.');
    },
  );
};
