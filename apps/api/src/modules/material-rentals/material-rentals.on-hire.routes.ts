import {
  envelope,
  idParam,
  ON_HIRE_MESSAGES,
  onHireSentSchema,
  onHireStatementSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { findFirst } from '../../lib/find-first';
import { errorResponses, ok } from '../../lib/reply';
import { attachmentHeader } from '../../lib/spreadsheet';
import { getLocation } from '../locations/locations.service';
import { onHireStatement, sendOnHireStatement } from './material-rentals.on-hire';
import { onHireFileName, renderOnHirePdf } from './material-rentals.on-hire.pdf';

const tags = ['locations'];
const binary = z.string().meta({ format: 'binary' });
// A field manager naming another location is answered 404, as if it did not exist.
const reads = errorResponses(400, 401, 403, 404);
/** The location is found before any body is read: an unknown one is 404. */
const locationFirst = findFirst(idParam, (ctx, auth, { id }) => getLocation(ctx, auth.user, id));

/** What is on hire at a site, under /api/locations. */
export const onHireRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/on-hire',
    {
      schema: {
        tags,
        summary:
          "What is on hire at a location: each line of its active rentals with units out, where from, due back, days out, and for an admin the hire so far (a field manager's: their own location)",
        params: idParam,
        response: { 200: envelope(onHireStatementSchema), ...reads },
      },
    },
    async (request) =>
      ok(
        await onHireStatement(app.ctx, requireAuth(request).user, request.params.id),
        ON_HIRE_MESSAGES.fetched,
      ),
  );

  app.get(
    '/:id/on-hire/pdf',
    {
      schema: {
        tags,
        summary: "A location's on-hire statement as a PDF (an admin's with the hire so far)",
        params: idParam,
        response: {
          200: {
            description: 'The .pdf file',
            content: { 'application/pdf': { schema: binary } },
          },
          ...reads,
        },
      },
    },
    async (request, reply) => {
      const statement = await onHireStatement(
        app.ctx,
        requireAuth(request).user,
        request.params.id,
      );
      const file = await renderOnHirePdf(statement);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', attachmentHeader(onHireFileName(statement)));
      // The typed reply knows only the schema's string.
      return reply.send(file as unknown as string);
    },
  );

  app.post(
    '/:id/on-hire/send',
    {
      preValidation: locationFirst,
      schema: {
        tags,
        summary:
          "E-mail a location's on-hire statement (an admin's, with the hire so far) to its customer's e-mail, through the outbox: the PDF as of now is stored with the mail (409 when the location has no customer e-mail)",
        params: idParam,
        response: {
          202: envelope(onHireSentSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const sent = await sendOnHireStatement(app.ctx, actorOf(request), request.params.id);
      return reply.status(202).send(ok(sent, ON_HIRE_MESSAGES.emailed));
    },
  );
};
