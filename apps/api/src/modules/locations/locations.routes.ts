import {
  customerRateDto,
  customerRateParams,
  customerRateSchema,
  emptyEnvelope,
  envelope,
  idParam,
  locationDtoSchema,
  locationExportQuery,
  locationListQuery,
  locationOptionSchema,
  locationPickerQuery,
  locationSchema,
  locationStatsSchema,
  locationTypeParam,
  pagedEnvelope,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { findFirst } from '../../lib/find-first';
import { datedFileName, exportResponse, sendListExport } from '../../lib/list-export';
import { assertWritable } from '../../lib/location-scope';
import { errorResponses, ok } from '../../lib/reply';
import { LOCATION_COLUMNS } from './locations.export';
import * as service from './locations.service';

const tags = ['locations'];
const locationPage = { 200: pagedEnvelope(locationDtoSchema), ...errorResponses(400, 401, 403) };
const oneLocation = envelope(locationDtoSchema);

export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'Locations, by type or status',
        querystring: locationListQuery,
        response: locationPage,
      },
    },
    async (request) => {
      const { items, pagination } = await service.listLocations(
        app.ctx,
        requireAuth(request).user,
        request.query,
      );
      return ok(items, 'Locations fetched', pagination);
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          "The locations the list's filters select (type, status), every page, newest first, as locations-<day>.xlsx or .csv (a field manager's: their own)",
        querystring: locationExportQuery,
        response: { 200: exportResponse('The locations list'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const rows = await service.exportLocations(app.ctx, requireAuth(request).user, filter);
      return sendListExport(reply, format, {
        fileName: datedFileName('locations'),
        sheet: 'Locations',
        columns: LOCATION_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/active',
    {
      schema: {
        tags,
        summary: 'Active locations, for pickers',
        querystring: locationPickerQuery,
        response: locationPage,
      },
    },
    async (request) => {
      const { items, pagination } = await service.listLocations(
        app.ctx,
        requireAuth(request).user,
        {
          ...request.query,
          status: 'ACTIVE',
        },
      );
      return ok(items, 'Active locations fetched', pagination);
    },
  );

  app.get(
    '/options',
    {
      schema: {
        tags,
        summary: "Every location's id, name and status, for pickers",
        response: { 200: envelope(z.array(locationOptionSchema)), ...errorResponses(401) },
      },
    },
    async () => ok(await service.locationOptions(app.ctx), 'Locations fetched'),
  );

  app.get(
    '/type/:type',
    {
      schema: {
        tags,
        summary: 'Locations of one type',
        params: locationTypeParam,
        querystring: locationPickerQuery,
        response: locationPage,
      },
    },
    async (request) => {
      const { items, pagination } = await service.listLocations(
        app.ctx,
        requireAuth(request).user,
        {
          ...request.query,
          type: request.params.type,
        },
      );
      return ok(items, 'Locations fetched', pagination);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One location',
        params: idParam,
        response: { 200: oneLocation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await service.getLocation(app.ctx, requireAuth(request).user, request.params.id),
        'Location fetched',
      ),
  );

  app.get(
    '/:id/stats',
    {
      schema: {
        tags,
        summary: 'Materials, units in stock and low stock at a location',
        params: idParam,
        response: { 200: envelope(locationStatsSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await service.locationStats(app.ctx, requireAuth(request).user, request.params.id),
        'Location statistics fetched',
      ),
  );

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Create a location',
        body: locationSchema,
        response: { 201: oneLocation, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const location = await service.createLocation(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(location, 'Location created successfully'));
    },
  );

  app.put(
    '/update/:id',
    {
      // Found, and the caller's access checked, before the body is read.
      preValidation: findFirst(idParam, async (ctx, auth, { id }) => {
        await service.getLocation(ctx, auth.user, id);
        assertWritable(auth.user, id);
      }),
      schema: {
        tags,
        summary: 'Update a location',
        params: idParam,
        body: locationSchema,
        response: { 200: oneLocation, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const location = await service.updateLocation(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return ok(location, 'Location updated successfully');
    },
  );

  app.delete(
    '/remove/:id',
    {
      schema: {
        tags,
        summary: 'Delete a location that nothing refers to',
        params: idParam,
        response: { 200: emptyEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.removeLocation(app.ctx, actorOf(request), request.params.id);
      return ok(null, 'Location deleted successfully');
    },
  );

  app.get(
    '/:id/rates',
    {
      schema: {
        tags,
        summary:
          "A site's customer's own hire rates (cents), each with the catalogue's rate beside it (admin)",
        params: idParam,
        response: {
          200: envelope(z.array(customerRateDto)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(await service.listCustomerRates(app.ctx, request.params.id), 'Customer rates fetched'),
  );

  app.put(
    '/:id/rates/:materialTypeId',
    {
      schema: {
        tags,
        summary:
          "Set a site's own hire rate (cents) for a material type, over the catalogue's (admin)",
        params: customerRateParams,
        body: customerRateSchema,
        response: { 200: envelope(customerRateDto), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await service.setCustomerRate(
          app.ctx,
          actorOf(request),
          request.params.id,
          request.params.materialTypeId,
          request.body,
        ),
        'Customer rate saved',
      ),
  );

  app.delete(
    '/:id/rates/:materialTypeId',
    {
      schema: {
        tags,
        summary: "Remove a site's own hire rate: the catalogue's prices it again (admin)",
        params: customerRateParams,
        response: { 200: emptyEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.removeCustomerRate(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.materialTypeId,
      );
      return ok(null, 'Customer rate removed');
    },
  );
};
