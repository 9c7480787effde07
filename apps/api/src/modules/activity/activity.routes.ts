import { activityLogsPageSchema, activityLogsQuerySchema, envelope } from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import * as activityService from './activity.service';

/** The page in `data`, and its fields beside the envelope's too, where the spec reads them. */
const activityReply = envelope(activityLogsPageSchema).extend(activityLogsPageSchema.shape);

/** Read only: the log is append-only, so no path updates or deletes an entry. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags: ['activity'],
        summary: 'The activity log, newest first, filtered by location and day (admins only)',
        querystring: activityLogsQuerySchema,
        response: { 200: activityReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await activityService.listActivity(app.ctx, request.query);
      // The spec reads logs, totalLogs and totalPages from the answer itself; `data` keeps the envelope.
      return { ...ok(page), ...page };
    },
  );
};
