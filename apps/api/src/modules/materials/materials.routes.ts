import {
  emptyEnvelope,
  envelope,
  idParam,
  lowStockQuery,
  materialDtoSchema,
  materialExportQuery,
  materialListQuery,
  materialOptionSchema,
  materialOptionsQuery,
  materialSchema,
  movementListQuery,
  pagedEnvelope,
  REPAIR_MESSAGES,
  repairStockSchema,
  stockMovementDtoSchema,
  transferMaterialSchema,
  transferResultSchema,
  updateStockSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { findFirst } from '../../lib/find-first';
import { datedFileName, exportResponse, sendListExport } from '../../lib/list-export';
import { assertWritable } from '../../lib/location-scope';
import { errorResponses, ok } from '../../lib/reply';
import { INVENTORY_COLUMNS } from './materials.export';
import * as service from './materials.service';
import * as stock from './materials-stock.service';

/**
 * The item is found and the caller's access checked before the body is read: 404
 * when it is not there or at another location, 403 when the caller may not write there.
 */
const materialFirst = findFirst(idParam, async (ctx, auth, { id }) => {
  const material = await service.getMaterial(ctx, auth.user, id);
  assertWritable(auth.user, material.locationId);
});

const tags = ['materials'];
const oneMaterial = envelope(materialDtoSchema);
// A field manager naming another location is answered 404, as if it did not exist.
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);
const materialPage = { 200: pagedEnvelope(materialDtoSchema), ...reads };

export const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'Inventory, newest first, optionally at one location',
        querystring: materialListQuery,
        response: materialPage,
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
    '/export',
    {
      schema: {
        tags,
        summary:
          "The inventory the list's location filter selects (none: every location), every page, newest first, as inventory-<day>.xlsx or .csv (a field manager's: their location's)",
        querystring: materialExportQuery,
        response: { 200: exportResponse('The inventory list'), ...reads },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const rows = await service.exportMaterials(app.ctx, requireAuth(request).user, filters);
      return sendListExport(reply, format, {
        fileName: datedFileName('inventory'),
        sheet: 'Inventory',
        columns: INVENTORY_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/options',
    {
      schema: {
        tags,
        summary: "Every material of a location by name, with its stock, for a form's picker",
        querystring: materialOptionsQuery,
        response: { 200: envelope(z.array(materialOptionSchema)), ...reads },
      },
    },
    async (request) =>
      ok(
        await service.materialOptions(app.ctx, requireAuth(request).user, request.query.locationId),
        'Materials fetched',
      ),
  );

  app.get(
    '/low-stock',
    {
      schema: {
        tags,
        summary: 'Materials at or under the low-stock threshold',
        querystring: lowStockQuery,
        response: { 200: envelope(z.array(materialDtoSchema)), ...reads },
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
        response: materialPage,
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
    {
      schema: {
        tags,
        summary: 'One material',
        params: idParam,
        response: { 200: oneMaterial, ...reads },
      },
    },
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
        response: { 200: pagedEnvelope(stockMovementDtoSchema), ...reads },
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
    {
      schema: {
        tags,
        summary: 'Add an inventory item',
        body: materialSchema,
        response: { 201: oneMaterial, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const material = await service.createMaterial(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(material, 'Inventory item added successfully.'));
    },
  );

  app.put(
    '/update/:id',
    {
      preValidation: materialFirst,
      schema: {
        tags,
        summary: 'Edit an inventory item',
        params: idParam,
        body: materialSchema,
        response: { 200: oneMaterial, ...writes },
      },
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
        response: { 200: emptyEnvelope, ...reads },
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
      preValidation: materialFirst,
      schema: {
        tags,
        summary: 'Set, add or take away stock',
        params: idParam,
        body: updateStockSchema,
        response: { 200: oneMaterial, ...writes },
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
      preValidation: materialFirst,
      schema: {
        tags,
        summary: 'Move stock to another location',
        params: idParam,
        body: transferMaterialSchema,
        response: { 200: envelope(transferResultSchema), ...writes },
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

  // The repair stock: repaired back into stock, or scrapped.
  for (const [path, outcome, summary, message] of [
    [
      '/:id/repair',
      'REPAIRED',
      'Mark units of the repair stock repaired',
      REPAIR_MESSAGES.repaired,
    ],
    ['/:id/scrap', 'SCRAPPED', 'Scrap units of the repair stock', REPAIR_MESSAGES.scrapped],
  ] as const) {
    app.post(
      path,
      {
        preValidation: materialFirst,
        schema: {
          tags,
          summary,
          params: idParam,
          body: repairStockSchema,
          response: { 200: oneMaterial, ...writes },
        },
      },
      async (request) => {
        const material = await stock.settleRepair(
          app.ctx,
          actorOf(request),
          request.params.id,
          request.body,
          outcome,
        );
        return ok(material, message);
      },
    );
  }
};
