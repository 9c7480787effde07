import {
  catalogueExportQuery,
  catalogueListQuery,
  envelope,
  idParam,
  materialCodeAnswerSchema,
  materialCodeParam,
  materialTypeDetailSchema,
  materialTypeDtoSchema,
  materialTypeOptionSchema,
  materialTypeSchema,
  materialTypeStatusSchema,
  pagedEnvelope,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { datedFileName, exportResponse, sendListExport } from '../../lib/list-export';
import { errorResponses, ok } from '../../lib/reply';
import { billingTerms } from '../settings/billing-settings.service';
import { catalogueColumns } from './catalogue.export';
import * as service from './catalogue.service';

const tags = ['catalogue'];
const oneType = envelope(materialTypeDtoSchema);
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);

/** The company's catalogue of material; who may call what is the access table's. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'The catalogue by name, each type with its stock at every location together',
        querystring: catalogueListQuery,
        response: { 200: pagedEnvelope(materialTypeDtoSchema), ...reads },
      },
    },
    async (request) => {
      const { items, pagination } = await service.listTypes(app.ctx, request.query);
      return ok(items, 'Catalogue fetched', pagination);
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          "The types the list's search, category and status select, every page, by name, as catalogue-<day>.xlsx or .csv",
        querystring: catalogueExportQuery,
        response: { 200: exportResponse('The catalogue'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendListExport(reply, format, {
        fileName: datedFileName('catalogue'),
        sheet: 'Catalogue',
        columns: catalogueColumns((await billingTerms(app.ctx.db)).currency),
        rows: await service.exportTypes(app.ctx, filter),
      });
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Every category the catalogue uses',
        response: { 200: envelope(z.array(z.string())), ...reads },
      },
    },
    async () => ok(await service.listCategories(app.ctx), 'Categories fetched'),
  );

  app.get(
    '/options',
    {
      schema: {
        tags,
        summary: "The active types by name, for a material form's name picker",
        response: { 200: envelope(z.array(materialTypeOptionSchema)), ...reads },
      },
    },
    async () => ok(await service.typeOptions(app.ctx), 'Catalogue fetched'),
  );

  app.get(
    '/by-code/:code',
    {
      schema: {
        tags,
        summary:
          "The type a label's code names (its item number, whatever its case, or its id) and the caller's location's stock of it",
        params: materialCodeParam,
        response: { 200: envelope(materialCodeAnswerSchema), ...reads },
      },
    },
    async (request) =>
      ok(
        await service.resolveCode(app.ctx, requireAuth(request).user, request.params.code),
        'Material type fetched',
      ),
  );

  app.get(
    '/detail/:id',
    {
      schema: {
        tags,
        summary: 'One type, with its stock at each location',
        params: idParam,
        response: { 200: envelope(materialTypeDetailSchema), ...reads },
      },
    },
    async (request) =>
      ok(await service.getType(app.ctx, request.params.id), 'Material type fetched'),
  );

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Add a material type to the catalogue',
        body: materialTypeSchema,
        response: { 201: oneType, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const type = await service.createType(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(type, 'Material type added to the catalogue.'));
    },
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags,
        summary: 'Edit a material type; a new name is its name at every location',
        params: idParam,
        body: materialTypeSchema,
        response: { 200: oneType, ...writes },
      },
    },
    async (request) => {
      const type = await service.updateType(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return ok(type, 'Material type updated.');
    },
  );

  app.patch(
    '/:id/status',
    {
      schema: {
        tags,
        summary: 'Retire a material type (no new stock), or make it active again',
        params: idParam,
        body: materialTypeStatusSchema,
        response: { 200: oneType, ...writes },
      },
    },
    async (request) => {
      const type = await service.setStatus(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body.status,
      );
      return ok(
        type,
        type.status === 'retired' ? 'Material type retired.' : 'Material type is active again.',
      );
    },
  );
};
