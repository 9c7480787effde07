import {
  countDateField,
  countedMaterialsSchema,
  envelope,
  errorBodySchema,
  STOCK_TAKE_MESSAGES,
  stockTakeCountInputSchema,
  stockTakeLocationParam,
  stockTakePreviewSchema,
  stockTakeResultSchema,
  stockTakeSheetQuery,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { EXPORT_CONTENT_TYPES, exportResponse } from '../../lib/list-export';
import { errorResponses, ok } from '../../lib/reply';
import { attachmentHeader } from '../../lib/spreadsheet';
import { uploadBody, uploadQuery } from '../../lib/upload';
import * as service from './stock-takes.service';

const tags = ['stock-takes'];
// Another location's sheet is 404 to a field manager, as other reads are; an upload there is 403.
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);
/** An uploaded sheet: over 5 MB is 413, and with every reading thread busy a 503. */
const uploads = { ...errorResponses(400, 401, 403, 404, 409, 503), 413: errorBodySchema };
const countQuery = uploadQuery.extend({ countDate: countDateField });

export const stockTakesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:locationId/sheet',
    {
      schema: {
        tags,
        summary:
          "A location's count sheet: its materials by name, each with its Ref, Item No., unit and expected quantity, and an empty Counted column (format=csv: the table as CSV)",
        params: stockTakeLocationParam,
        querystring: stockTakeSheetQuery,
        response: { 200: exportResponse('The count sheet'), ...reads },
      },
    },
    async (request, reply) => {
      const { fileName, file } = await service.countSheet(
        app.ctx,
        requireAuth(request).user,
        request.params.locationId,
        request.query.format,
      );
      reply.header('content-type', EXPORT_CONTENT_TYPES[request.query.format]);
      reply.header('content-disposition', attachmentHeader(fileName));
      // The typed reply knows only the schema's string.
      return reply.send(file as unknown as string);
    },
  );

  app.post(
    '/:locationId/preview',
    {
      schema: {
        tags,
        summary:
          'A counted sheet uploaded (application/octet-stream, its name in fileName) and read against the stock now: each row with its difference, not counted, or its errors by cell. Nothing is written.',
        params: stockTakeLocationParam,
        querystring: countQuery,
        body: uploadBody,
        response: { 200: envelope(stockTakePreviewSchema), ...uploads },
      },
    },
    async (request) =>
      ok(
        await service.previewStockTake(
          app.ctx,
          requireAuth(request).user,
          request.params.locationId,
          {
            body: request.body,
            ...request.query,
          },
        ),
        'Stock-take previewed',
      ),
  );

  app.post(
    '/:locationId',
    {
      schema: {
        tags,
        summary:
          'A counted sheet confirmed: read again, and each counted material whose quantity differs set to its count (one Stock-take movement, referenced stock-take:<countDate>), all in one transaction; nothing when a row is wrong',
        params: stockTakeLocationParam,
        querystring: countQuery,
        body: uploadBody,
        response: { 200: envelope(stockTakeResultSchema), ...uploads },
      },
    },
    async (request) => {
      const result = await service.confirmStockTake(
        app.ctx,
        actorOf(request),
        request.params.locationId,
        { body: request.body, ...request.query },
      );
      return ok(result, STOCK_TAKE_MESSAGES.confirmed(result.movements.length));
    },
  );

  app.get(
    '/:locationId/materials',
    {
      schema: {
        tags,
        summary:
          "A location's count sheet as JSON, for a count made in the app: its materials by name, each with its catalogue type, item number, unit and quantity now",
        params: stockTakeLocationParam,
        response: { 200: envelope(countedMaterialsSchema), ...reads },
      },
    },
    async (request) =>
      ok(
        await service.countedMaterials(
          app.ctx,
          requireAuth(request).user,
          request.params.locationId,
        ),
        'Count sheet retrieved',
      ),
  );

  app.post(
    '/:locationId/counts/preview',
    {
      schema: {
        tags,
        summary:
          'A count made in the app ({ countDate, counts: [{ materialId, counted }] }) read against the stock now, as an uploaded sheet is: each row (counts[n - 1]) with its difference or its errors by path. Nothing is written.',
        params: stockTakeLocationParam,
        body: stockTakeCountInputSchema,
        response: { 200: envelope(stockTakePreviewSchema), ...writes },
      },
    },
    async (request) =>
      ok(
        await service.previewCountInApp(
          app.ctx,
          requireAuth(request).user,
          request.params.locationId,
          request.body,
        ),
        'Stock-take previewed',
      ),
  );

  app.post(
    '/:locationId/counts',
    {
      schema: {
        tags,
        summary:
          'A count made in the app confirmed, as a sheet is: each counted material whose quantity differs set to its count (one Stock-take movement, referenced stock-take:<countDate>), in one transaction; nothing when a row is wrong. Sent again, it changes nothing.',
        params: stockTakeLocationParam,
        body: stockTakeCountInputSchema,
        response: { 200: envelope(stockTakeResultSchema), ...writes },
      },
    },
    async (request) => {
      const result = await service.confirmCountInApp(
        app.ctx,
        actorOf(request),
        request.params.locationId,
        request.body,
      );
      return ok(result, STOCK_TAKE_MESSAGES.confirmed(result.movements.length));
    },
  );
};
