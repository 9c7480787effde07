import {
  envelope,
  errorBodySchema,
  IMPORT_KIND_LABELS,
  importCountsText,
  importKindParam,
  importPreviewSchema,
  importResultSchema,
  importTemplateQuery,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { exportResponse, sendListExport } from '../../lib/list-export';
import { errorResponses, ok } from '../../lib/reply';
import { uploadBody, uploadQuery } from '../../lib/upload';
import * as service from './imports.service';

const tags = ['imports'];
// A file larger than the upload limit is refused before it is read.
const uploads = { ...errorResponses(400, 401, 403, 409, 503), 413: errorBodySchema };

/** Imports of material types, stock, locations and staff: an admin's, by the access table. */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:kind/template',
    {
      schema: {
        tags,
        summary: "A kind's template: its header row and an example row (format=csv: as CSV)",
        params: importKindParam,
        querystring: importTemplateQuery,
        response: { 200: exportResponse('The template'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendListExport(reply, request.query.format, service.templateOf(request.params.kind)),
  );

  app.post(
    '/:kind/preview',
    {
      schema: {
        tags,
        summary:
          'A file uploaded (application/octet-stream, its name in fileName) and read: every row new, update, unchanged or in error, each error with its cell, and the counts. Nothing is written.',
        params: importKindParam,
        querystring: uploadQuery,
        body: uploadBody,
        response: { 200: envelope(importPreviewSchema), ...uploads },
      },
    },
    async (request) => {
      const preview = await service.previewImport(
        app.ctx,
        request.params.kind,
        request.body,
        request.query.fileName,
      );
      return ok(preview, 'File previewed');
    },
  );

  app.post(
    '/:kind',
    {
      schema: {
        tags,
        summary:
          'The previewed file sent again, read and checked again, and written in one transaction; any row in error refuses the whole file (400, its errors by cell) and nothing is written',
        params: importKindParam,
        querystring: uploadQuery,
        body: uploadBody,
        response: { 200: envelope(importResultSchema), ...uploads },
      },
    },
    async (request) => {
      const result = await service.importFile(
        app.ctx,
        actorOf(request),
        request.params.kind,
        request.body,
        request.query.fileName,
      );
      return ok(
        result,
        `${IMPORT_KIND_LABELS[result.kind]} imported: ${importCountsText(result.counts)}.`,
      );
    },
  );
};
