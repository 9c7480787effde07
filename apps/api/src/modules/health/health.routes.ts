import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Answers 200 when the database answers' } },
    async (_request, reply) => {
      try {
        await service.checkDatabase(app.ctx);
        return { success: true, message: 'OK', data: { status: 'ok', database: 'up' } };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({
          success: false,
          message: 'Service is temporarily unavailable.',
          code: 'SERVICE_UNAVAILABLE',
        });
      }
    },
  );
};
