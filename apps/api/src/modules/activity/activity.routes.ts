import { activityLogsQuerySchema } from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import * as activityService from './activity.service';

/** Read only: the log is append-only, so no path updates or deletes an entry. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags: ['activity'],
        summary: 'The activity log, newest first, filtered by location and day (admins only)',
        querystring: activityLogsQuerySchema,
      },
    },
    async (request) => {
      const page = await activityService.listActivity(app.ctx, request.query);
      // The spec reads logs, totalLogs and totalPages from the answer itself; `data` keeps the envelope.
      return { ...ok(page), ...page };
    },
  );
};
