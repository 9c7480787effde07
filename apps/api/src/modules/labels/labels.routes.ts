import { envelope, labelsQuery, labelsSchema } from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import * as service from './labels.service';

/** Labels to print; who may call is the access table's. */
export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['labels'],
        summary:
          "What the labels of these material types and locations print: each one's words and the address its QR code encodes (PUBLIC_URL/m/<item number or id>, PUBLIC_URL/l/<id>)",
        querystring: labelsQuery,
        response: { 200: envelope(labelsSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await service.readLabels(app.ctx, request.query), 'Labels fetched'),
  );
};
