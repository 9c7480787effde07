import { envelope, MESSAGES } from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/reply';
import * as service from './health.service';

const healthReply = envelope(z.object({ status: z.literal('ok'), database: z.literal('up') }));

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the database answers',
        // 400: a query parameter, which it takes none of (plugins/strict-query.ts).
        response: { 200: healthReply, ...errorResponses(400, 503) },
      },
    },
    async (_request, reply) => {
      try {
        await service.checkDatabase(app.ctx);
        return ok({ status: 'ok' as const, database: 'up' as const });
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({
          success: false,
          message: MESSAGES.unavailable,
          code: 'SERVICE_UNAVAILABLE',
        });
      }
    },
  );
};
