import {
  envelope,
  idParam,
  idText,
  rentalDateCorrectionSchema,
  rentalDtoSchema,
  rentalItemRatesSchema,
  rentalReturnDtoSchema,
  returnDateCorrectionSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as corrections from './material-rentals.corrections';
import * as service from './material-rentals.service';

const tags = ['material-rentals'];
const writes = errorResponses(400, 401, 403, 404, 409);

/** An admin's corrections of a rental's days and rates, with a reason. */
export const rentalCorrectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/:id/rental-date',
    {
      schema: {
        tags,
        summary: 'Correct the day a rental went out (admins, with a reason): never after a return',
        params: idParam,
        body: rentalDateCorrectionSchema,
        response: { 200: envelope(rentalDtoSchema), ...writes },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await corrections.correctRentalDate(app.ctx, actor, request.params.id, request.body);
      return ok(
        await service.getRental(app.ctx, actor.user, request.params.id),
        'Dispatch day corrected',
      );
    },
  );

  app.patch(
    '/:id/returns/:returnId',
    {
      schema: {
        tags,
        summary:
          "Correct the day a return's hire ended (admins, with a reason): never before the dispatch",
        params: z.object({ id: idText(), returnId: idText() }),
        body: returnDateCorrectionSchema,
        response: { 200: envelope(z.array(rentalReturnDtoSchema)), ...writes },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, returnId } = request.params;
      await corrections.correctReturnDate(app.ctx, actor, id, returnId, request.body);
      return ok(await service.listReturns(app.ctx, actor.user, id), 'Return day corrected');
    },
  );

  app.patch(
    '/:id/items/:itemId/rates',
    {
      schema: {
        tags,
        summary:
          'Re-rate a rental line on purpose (admins, with a reason): the billing runs correct what was billed',
        params: z.object({ id: idText(), itemId: idText() }),
        body: rentalItemRatesSchema,
        response: { 200: envelope(rentalDtoSchema), ...writes },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, itemId } = request.params;
      await corrections.rerateItem(app.ctx, actor, id, itemId, request.body);
      return ok(await service.getRental(app.ctx, actor.user, id), 'Rates changed');
    },
  );
};
