import {
  BILLING_MESSAGES,
  billingRunResultSchema,
  billingRunSchema,
  envelope,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as service from './billing.service';

const tags = ['billing'];

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/runs',
    {
      schema: {
        tags,
        summary:
          "A billing run (admins): the hire of a calendar month or a 28-day cycle that has ended, for one site or every site with a customer, added to each site's draft hire invoice of the period. Running it again adds nothing.",
        body: billingRunSchema,
        response: { 200: envelope(billingRunResultSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const result = await service.runBilling(app.ctx, actorOf(request), request.body);
      return ok(result, BILLING_MESSAGES.done(result.invoices.length));
    },
  );
};
