import { envelope, jobTypeSummaryDtoSchema, jobTypeSummaryQuery } from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as service from './reports.service';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoice-job-type-summary',
    {
      schema: {
        tags: ['reports'],
        summary: 'Invoice items per job type and unit, over the invoices the viewer may see',
        querystring: jobTypeSummaryQuery,
        response: {
          200: envelope(jobTypeSummaryDtoSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await service.invoiceJobTypeSummary(app.ctx, requireAuth(request).user, request.query),
        'Job type summary fetched',
      ),
  );
};
