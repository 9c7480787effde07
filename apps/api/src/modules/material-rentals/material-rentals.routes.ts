import {
  emptyEnvelope,
  envelope,
  idParam,
  markReturnedSchema,
  RENTAL_MESSAGES,
  rentalDtoSchema,
  rentalExportQuery,
  rentalListDtoSchema,
  rentalListQuery,
  rentalReturnDtoSchema,
  rentalReturnSchema,
  rentalSchema,
  rentalStatsDtoSchema,
  rentalsWithReturnsDtoSchema,
  rentalsWithReturnsQuery,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { findFirst } from '../../lib/find-first';
import { datedFileName, exportResponse, sendListExport } from '../../lib/list-export';
import { errorResponses, ok } from '../../lib/reply';
import { rentalCorrectionRoutes } from './material-rentals.corrections.routes';
import { RENTAL_COLUMNS } from './material-rentals.export';
import {
  assertRentalReadable,
  exportRentals,
  getRental,
  listRentals,
  listRentalsWithReturns,
  listReturns,
  rentalStats,
} from './material-rentals.service';
import { createRental, removeRental, updateRental } from './material-rentals-dispatch.service';
import { markReturned, recordReturn } from './material-rentals-returns.service';

const tags = ['material-rentals'];
const oneRental = envelope(rentalDtoSchema);
// A field manager naming another location's rental is answered 404, as if it did not exist.
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);

export const materialRentalsRoutes: FastifyPluginAsyncZod = async (app) => {
  // An admin's corrections of the days and rates, with a reason.
  await app.register(rentalCorrectionRoutes);

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Rentals, newest first: search, status (OVERDUE derived) and destination',
        querystring: rentalListQuery,
        response: { 200: envelope(rentalListDtoSchema), ...reads },
      },
    },
    async (request) =>
      ok(await listRentals(app.ctx, requireAuth(request).user, request.query), 'Rentals fetched'),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          "The rentals the list's filters select (search, status, destination), every page, newest first, one row an item with its returned, lost or damaged and outstanding quantities, as material-rentals-<day>.xlsx or .csv (a field manager's: those to their location)",
        querystring: rentalExportQuery,
        response: { 200: exportResponse('The material rentals list'), ...reads },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const rows = await exportRentals(app.ctx, requireAuth(request).user, filters);
      return sendListExport(reply, format, {
        fileName: datedFileName('material-rentals'),
        sheet: 'Material Rentals',
        columns: RENTAL_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary:
          'Counts of the rentals the user may see and quantities of their items (rented = returned + written off as lost or damaged + outstanding), per destination',
        response: { 200: envelope(rentalStatsDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      ok(await rentalStats(app.ctx, requireAuth(request).user), 'Rental stats fetched'),
  );

  app.get(
    '/returns',
    {
      schema: {
        tags,
        summary:
          "A page of rentals, as the list gives it for the same filters, with each one's returns (the device's copy in one call); with since, the returns only of the rentals changed after it",
        querystring: rentalsWithReturnsQuery,
        response: { 200: envelope(rentalsWithReturnsDtoSchema), ...reads },
      },
    },
    async (request) =>
      ok(
        await listRentalsWithReturns(app.ctx, requireAuth(request).user, request.query),
        RENTAL_MESSAGES.withReturnsFetched,
      ),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One rental with its locations and items',
        params: idParam,
        response: { 200: oneRental, ...reads },
      },
    },
    async (request) =>
      ok(await getRental(app.ctx, requireAuth(request).user, request.params.id), 'Rental fetched'),
  );

  app.get(
    '/:id/returns',
    {
      schema: {
        tags,
        summary: "A rental's returns, oldest first, with cumulative and remaining quantities",
        params: idParam,
        response: { 200: envelope(z.array(rentalReturnDtoSchema)), ...reads },
      },
    },
    async (request) =>
      ok(
        await listReturns(app.ctx, requireAuth(request).user, request.params.id),
        'Return history fetched',
      ),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: "Rent material out: each item's quantity leaves the From location's stock",
        body: rentalSchema,
        response: { 201: oneRental, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const rental = await createRental(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(rental, RENTAL_MESSAGES.created));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary:
          'Edit a rental; RETURNED takes every remainder back (lost and damaged units are said per line by a return)',
        params: idParam,
        body: rentalSchema,
        response: { 200: oneRental, ...writes },
      },
    },
    async (request) =>
      ok(
        await updateRental(app.ctx, actorOf(request), request.params.id, request.body),
        RENTAL_MESSAGES.updated,
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rental with no returns: its quantities go back into stock',
        params: idParam,
        response: { 200: emptyEnvelope, ...writes },
      },
    },
    async (request) => {
      await removeRental(app.ctx, actorOf(request), request.params.id);
      return ok(null, RENTAL_MESSAGES.deleted);
    },
  );

  app.post(
    '/:id/mark-returned',
    {
      schema: {
        tags,
        summary:
          'Take back every remainder of a rental at once, on the day the hire ended (returnDate; left out: today)',
        params: idParam,
        body: markReturnedSchema,
        response: { 200: oneRental, ...writes },
      },
    },
    async (request) =>
      ok(
        await markReturned(app.ctx, actorOf(request), request.params.id, request.body),
        RENTAL_MESSAGES.markedReturned,
      ),
  );

  app.post(
    '/:id/returns',
    {
      // The rental is found and access checked before the body is read: 404 comes before 400.
      preValidation: findFirst(idParam, (ctx, auth, { id }) =>
        assertRentalReadable(ctx, auth.user, id),
      ),
      schema: {
        tags,
        summary: 'Return some of one item: its stock goes back to the From location',
        params: idParam,
        body: rentalReturnSchema,
        response: { 201: envelope(rentalReturnDtoSchema), ...writes },
      },
    },
    async (request, reply) => {
      const entry = await recordReturn(app.ctx, actorOf(request), request.params.id, request.body);
      return reply.status(201).send(ok(entry, RENTAL_MESSAGES.returnRecorded));
    },
  );
};
