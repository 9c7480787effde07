import {
  idParam,
  lowStockQuery,
  materialListQuery,
  materialSchema,
  movementListQuery,
  transferMaterialSchema,
  updateStockSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { ok } from '../../lib/reply';
import * as service from './materials.service';
import * as stock from './materials-stock.service';

const tags = ['materials'];

export const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'Inventory, newest first, optionally at one location',
        querystring: materialListQuery,
      },
    },
    async (request) => {
      const { items, pagination } = await service.listMaterials(
        app.ctx,
        requireAuth(request).user,
        request.query,
      );
      return ok(items, 'Materials fetched', pagination);
    },
  );

  app.get(
    '/low-stock',
    {
      schema: {
        tags,
        summary: 'Materials at or under the low-stock threshold',
        querystring: lowStockQuery,
      },
    },
    async (request) => {
      return ok(
        await service.lowStock(app.ctx, requireAuth(request).user, request.query),
        'Low stock materials fetched',
      );
    },
  );

  app.get(
    '/location/:id',
    {
      schema: {
        tags,
        summary: 'Inventory of one location',
        params: idParam,
        querystring: materialListQuery.omit({ locationId: true }),
      },
    },
    async (request) => {
      const { items, pagination } = await service.materialsAtLocation(
        app.ctx,
        requireAuth(request).user,
        request.params.id,
        request.query,
      );
      return ok(items, 'Materials fetched', pagination);
    },
  );

  app.get(
    '/detail/:id',
    { schema: { tags, summary: 'One material', params: idParam } },
    async (request) =>
      ok(
        await service.getMaterial(app.ctx, requireAuth(request).user, request.params.id),
        'Material fetched',
      ),
  );

  app.get(
    '/:id/movements',
    {
      schema: {
        tags,
        summary: "A material's stock history, newest first",
        params: idParam,
        querystring: movementListQuery,
      },
    },
    async (request) => {
      const { items, pagination } = await service.listMovements(
        app.ctx,
        requireAuth(request).user,
        request.params.id,
        request.query,
      );
      return ok(items, 'Stock movements fetched', pagination);
    },
  );

  app.post(
    '/create',
    { schema: { tags, summary: 'Add an inventory item', body: materialSchema } },
    async (request, reply) => {
      const material = await service.createMaterial(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(material, 'Inventory item added successfully.'));
    },
  );

  app.put(
    '/update/:id',
    {
      schema: { tags, summary: 'Edit an inventory item', params: idParam, body: materialSchema },
    },
    async (request) => {
      const material = await service.updateMaterial(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return ok(material, 'Inventory item updated successfully.');
    },
  );

  app.delete(
    '/remove/:id',
    {
      schema: {
        tags,
        summary: 'Delete an inventory item; one with history stays in the ledger',
        params: idParam,
      },
    },
    async (request) => {
      await service.removeMaterial(app.ctx, actorOf(request), request.params.id);
      return ok(null, 'Inventory item deleted successfully.');
    },
  );

  app.patch(
    '/:id/stock',
    {
      schema: {
        tags,
        summary: 'Set, add or take away stock',
        params: idParam,
        body: updateStockSchema,
      },
    },
    async (request) => {
      const material = await stock.updateStock(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return ok(material, 'Stock updated successfully');
    },
  );

  app.post(
    '/:id/transfer',
    {
      schema: {
        tags,
        summary: 'Move stock to another location',
        params: idParam,
        body: transferMaterialSchema,
      },
    },
    async (request) => {
      const result = await stock.transferMaterial(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return ok(result, 'Material transferred successfully');
    },
  );
};
