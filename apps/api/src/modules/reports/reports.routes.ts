import { envelope, jobTypeSummaryDtoSchema, jobTypeSummaryQuery } from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import { jobTypeSummary } from '../invoices/invoices.service';

/** Reports read across invoices; the invoices module sums them (one module owns its tables). */
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
        await jobTypeSummary(app.ctx, requireAuth(request).user, request.query),
        'Job type summary fetched',
      ),
  );
};
