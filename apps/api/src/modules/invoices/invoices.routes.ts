import {
  creditNoteSchema,
  emptyEnvelope,
  envelope,
  INVOICE_MESSAGES,
  idParam,
  invoiceClientSchema,
  invoiceDtoSchema,
  invoiceExportQuery,
  invoiceListDtoSchema,
  invoiceListQuery,
  invoiceSchema,
  invoiceStatusSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { findFirst } from '../../lib/find-first';
import { datedFileName, exportResponse, sendListExport } from '../../lib/list-export';
import { assertWritable } from '../../lib/location-scope';
import { errorResponses, ok } from '../../lib/reply';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet';
import { INVOICE_COLUMNS } from './invoices.export';
import { exportInvoices, getInvoice, listInvoices } from './invoices.service';
import { createCreditNote } from './invoices-credit-notes.service';
import {
  convertToRental,
  createInvoice,
  removeInvoice,
  updateInvoice,
  updateInvoiceClient,
} from './invoices-edits.service';
import { invoiceEInvoice, invoiceExcel, invoicePdf } from './invoices-files.service';
import { setInvoiceStatus } from './invoices-issuing.service';

/**
 * The invoice is found and the caller's access checked before the body is read: 404
 * when it is not there or at another location, 403 when the caller may not write there.
 */
const invoiceFirst = findFirst(idParam, async (ctx, auth, { id }) => {
  const invoice = await getInvoice(ctx, auth.user, id);
  assertWritable(auth.user, invoice.locationId);
});

const tags = ['invoices'];
const oneInvoice = envelope(invoiceDtoSchema);
// A field manager naming another location's invoice is answered 404, as if it did not exist.
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);
const binary = z.string().meta({ format: 'binary' });

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Invoices, newest issue date first: search, status, location and month',
        querystring: invoiceListQuery,
        response: { 200: envelope(invoiceListDtoSchema), ...reads },
      },
    },
    async (request) =>
      ok(await listInvoices(app.ctx, requireAuth(request).user, request.query), 'Invoices fetched'),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          "The invoices the list's filters select (search, status, location, month), every page, newest issue date first, as invoices-<day>.xlsx or .csv (a field manager's: their location's)",
        querystring: invoiceExportQuery,
        response: { 200: exportResponse('The invoice list'), ...reads },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const rows = await exportInvoices(app.ctx, requireAuth(request).user, filters);
      return sendListExport(reply, format, {
        fileName: datedFileName('invoices'),
        sheet: 'Invoices',
        columns: INVOICE_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One invoice with its items and their material usages',
        params: idParam,
        response: { 200: oneInvoice, ...reads },
      },
    },
    async (request) =>
      ok(
        await getInvoice(app.ctx, requireAuth(request).user, request.params.id),
        'Invoice fetched',
      ),
  );

  app.get(
    '/:id/excel',
    {
      schema: {
        tags,
        summary: 'The invoice as an Excel file (<invoiceId>.xlsx)',
        params: idParam,
        response: {
          200: {
            description: 'The .xlsx file',
            content: { [XLSX_CONTENT_TYPE]: { schema: binary } },
          },
          ...reads,
        },
      },
    },
    async (request, reply) => {
      const { file, attachment } = await invoiceExcel(
        app.ctx,
        requireAuth(request).user,
        request.params.id,
      );
      reply.header('content-type', XLSX_CONTENT_TYPE);
      reply.header('content-disposition', attachment);
      // The typed reply knows only the schema's string.
      return reply.send(file as unknown as string);
    },
  );

  app.get(
    '/:id/pdf',
    {
      schema: {
        tags,
        summary:
          'The invoice or credit note as an A4 PDF file (<number>.pdf, a draft <invoiceId>.pdf)',
        params: idParam,
        response: {
          200: { description: 'The .pdf file', content: { 'application/pdf': { schema: binary } } },
          ...reads,
        },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await invoicePdf(
        app.ctx,
        requireAuth(request).user,
        request.params.id,
      );
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', attachmentHeader(fileName));
      // The typed reply knows only the schema's string.
      return reply.send(file as unknown as string);
    },
  );

  app.get(
    '/:id/e-invoice',
    {
      schema: {
        tags,
        summary:
          'A finalized invoice or credit note as an EN 16931 e-invoice: UN/CEFACT CII XML (<number>.xml), with the XRechnung guideline when its customer has a buyer reference (a draft: 409)',
        params: idParam,
        response: {
          200: {
            description: 'The CII XML file',
            content: { 'application/xml': { schema: binary } },
          },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await invoiceEInvoice(
        app.ctx,
        requireAuth(request).user,
        request.params.id,
      );
      reply.header('content-type', 'application/xml; charset=utf-8');
      reply.header('content-disposition', attachmentHeader(fileName));
      // The typed reply knows only the schema's string.
      return reply.send(file as unknown as string);
    },
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create an invoice with its items (a DRAFT, by the signed-in user)',
        body: invoiceSchema,
        response: { 201: oneInvoice, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const invoice = await createInvoice(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(invoice, INVOICE_MESSAGES.created));
    },
  );

  app.put(
    '/:id',
    {
      preValidation: invoiceFirst,
      schema: {
        tags,
        summary:
          "Edit a draft work invoice; the items sent replace the invoice's items (a finalized one: 409)",
        params: idParam,
        body: invoiceSchema,
        response: { 200: oneInvoice, ...writes },
      },
    },
    async (request) =>
      ok(
        await updateInvoice(app.ctx, actorOf(request), request.params.id, request.body),
        INVOICE_MESSAGES.updated,
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a draft invoice (a finalized one cannot change: 409)',
        params: idParam,
        response: { 200: emptyEnvelope, ...writes },
      },
    },
    async (request) => {
      await removeInvoice(app.ctx, actorOf(request), request.params.id);
      return ok(null, INVOICE_MESSAGES.deleted);
    },
  );

  app.patch(
    '/:id/client',
    {
      preValidation: invoiceFirst,
      schema: {
        tags,
        summary:
          "Whom a draft of any kind is made out to: client name, address, e-mail and VAT id (a hire invoice's came from the site's customer)",
        params: idParam,
        body: invoiceClientSchema,
        response: { 200: oneInvoice, ...writes },
      },
    },
    async (request) =>
      ok(
        await updateInvoiceClient(app.ctx, actorOf(request), request.params.id, request.body),
        INVOICE_MESSAGES.clientUpdated,
      ),
  );

  app.patch(
    '/:id/status',
    {
      preValidation: invoiceFirst,
      schema: {
        tags,
        summary:
          'Finalize an invoice: it takes the next number of the year (INV-2026-00001) and cannot change after (back to DRAFT: 409)',
        params: idParam,
        body: invoiceStatusSchema,
        response: { 200: oneInvoice, ...writes },
      },
    },
    async (request) => {
      const { status } = request.body;
      const invoice = await setInvoiceStatus(app.ctx, actorOf(request), request.params.id, status);
      return ok(invoice, status === 'FINALIZED' ? INVOICE_MESSAGES.finalized : 'Invoice updated.');
    },
  );

  app.post(
    '/:id/convert-to-rental',
    {
      preValidation: invoiceFirst,
      schema: {
        tags,
        summary: "A new DRAFT rental invoice from the invoice's Erection items",
        params: idParam,
        response: { 201: oneInvoice, ...writes },
      },
    },
    async (request, reply) => {
      const invoice = await convertToRental(app.ctx, actorOf(request), request.params.id);
      return reply.status(201).send(ok(invoice, INVOICE_MESSAGES.converted));
    },
  );

  app.post(
    '/:id/credit-notes',
    {
      schema: {
        tags,
        summary:
          'A credit note of a finalized invoice (admins): the lines named, or every line not credited yet, each credited once; numbered CN-2026-00001 and final at once',
        params: idParam,
        body: creditNoteSchema,
        response: { 201: oneInvoice, ...writes },
      },
    },
    async (request, reply) => {
      const note = await createCreditNote(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(ok(note, INVOICE_MESSAGES.creditNoteCreated));
    },
  );
};
