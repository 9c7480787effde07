import {
  idParam,
  locationListQuery,
  locationPickerQuery,
  locationSchema,
  locationTypeParam,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { ok } from '../../lib/reply';
import * as service from './locations.service';

const tags = ['locations'];

export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: { tags, summary: 'Locations, by type or status', querystring: locationListQuery },
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
    '/active',
    {
      schema: { tags, summary: 'Active locations, for pickers', querystring: locationPickerQuery },
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
    { schema: { tags, summary: "Every location's id, name and status, for pickers" } },
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

  app.get('/:id', { schema: { tags, summary: 'One location', params: idParam } }, async (request) =>
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
    { schema: { tags, summary: 'Create a location', body: locationSchema } },
    async (request, reply) => {
      const location = await service.createLocation(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(location, 'Location created successfully'));
    },
  );

  app.put(
    '/update/:id',
    {
      schema: { tags, summary: 'Update a location', params: idParam, body: locationSchema },
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
      schema: { tags, summary: 'Delete a location that nothing refers to', params: idParam },
    },
    async (request) => {
      await service.removeLocation(app.ctx, actorOf(request), request.params.id);
      return ok(null, 'Location deleted successfully');
    },
  );
};
