import {
  EMAIL_OUTBOX_MESSAGES,
  emailOutboxItemSchema,
  emailOutboxQuerySchema,
  envelope,
  idParam,
  pagedEnvelope,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as service from './email-outbox.service';

const tags = ['email-outbox'];

/** The e-mail the server could not deliver, and sending it again (admins only). */
export const emailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary:
          'The outbox’s failed mail (given up after its attempts, latest first) or pending mail (next due first), with the last error',
        querystring: emailOutboxQuerySchema,
        response: {
          200: pagedEnvelope(emailOutboxItemSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { items, pagination } = await service.listEmails(app.ctx, request.query);
      return ok(items, EMAIL_OUTBOX_MESSAGES.listed, pagination);
    },
  );

  app.post(
    '/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a mail not yet sent again now, its attempts starting over',
        params: idParam,
        response: {
          200: envelope(emailOutboxItemSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const item = await service.retryEmail(app.ctx, actorOf(request), request.params.id);
      return ok(item, EMAIL_OUTBOX_MESSAGES.retried);
    },
  );
};
