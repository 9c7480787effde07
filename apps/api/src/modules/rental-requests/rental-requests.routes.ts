import {
  approveRentalRequestSchema,
  createRentalRequestSchema,
  envelope,
  idParam,
  pagedEnvelope,
  rejectRentalRequestSchema,
  rentalRequestDtoSchema,
  rentalRequestExportQuery,
  rentalRequestListQuery,
  rentalRequestNotesSchema,
  rentalRequestSummaryDtoSchema,
  requestableMaterialSchema,
  requestableMaterialsQuery,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { datedFileName, exportResponse, sendListExport } from '../../lib/list-export';
import { errorResponses, ok } from '../../lib/reply';
import { REQUEST_COLUMNS } from './rental-requests.export';
import * as service from './rental-requests.service';

const tags = ['rental-requests'];
const oneRequest = envelope(rentalRequestDtoSchema);
const decisions = { 200: oneRequest, ...errorResponses(400, 401, 403, 404, 409) };

export const rentalRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: "Rental requests, newest first (a field manager's: their location's)",
        querystring: rentalRequestListQuery,
        response: {
          200: pagedEnvelope(rentalRequestSummaryDtoSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { items, pagination } = await service.listRequests(
        app.ctx,
        requireAuth(request).user,
        request.query,
      );
      return ok(items, 'Rental requests fetched', pagination);
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          "The requests the list's status and search select, every page, newest first, as rental-requests-<day>.xlsx or .csv (a field manager's: their location's)",
        querystring: rentalRequestExportQuery,
        response: {
          200: exportResponse('The rental requests list'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const rows = await service.exportRequests(app.ctx, requireAuth(request).user, filters);
      return sendListExport(reply, format, {
        fileName: datedFileName('rental-requests'),
        sheet: 'Rental Requests',
        columns: REQUEST_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/materials',
    {
      schema: {
        tags,
        summary:
          "The stock a request may ask for: every active location's materials, by location and name",
        querystring: requestableMaterialsQuery,
        response: {
          200: envelope(z.array(requestableMaterialSchema)),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      requireAuth(request);
      return ok(await service.requestableMaterials(app.ctx, request.query), 'Materials fetched');
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One rental request with its materials and its decision',
        params: idParam,
        response: { 200: oneRequest, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await service.getRequest(app.ctx, requireAuth(request).user, request.params.id),
        'Rental request fetched',
      ),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary:
          'Ask for material: the bulk form (locationId, items) or the single form (name, quantity, unit, location)',
        body: createRentalRequestSchema,
        response: { 201: oneRequest, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await service.createRequest(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(created, 'Material request submitted successfully.'));
    },
  );

  app.patch(
    '/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending request, with notes',
        params: idParam,
        body: approveRentalRequestSchema,
        response: decisions,
      },
    },
    async (request) => {
      const decided = await service.decideRequest(
        app.ctx,
        actorOf(request),
        request.params.id,
        'APPROVED',
        request.body.notes,
      );
      return ok(decided, 'Request approved successfully.');
    },
  );

  app.patch(
    '/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending request, with notes',
        params: idParam,
        body: rejectRentalRequestSchema,
        response: decisions,
      },
    },
    async (request) => {
      const decided = await service.decideRequest(
        app.ctx,
        actorOf(request),
        request.params.id,
        'REJECTED',
        request.body.notes,
      );
      return ok(decided, 'Request rejected successfully.');
    },
  );

  app.patch(
    '/:id/notes',
    {
      schema: {
        tags,
        summary: 'Edit the notes of an approved or rejected request',
        params: idParam,
        body: rentalRequestNotesSchema,
        response: decisions,
      },
    },
    async (request) => {
      const updated = await service.updateNotes(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body.notes,
      );
      return ok(updated, 'Notes updated successfully.');
    },
  );
};
