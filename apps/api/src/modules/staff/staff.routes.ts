import {
  emptyEnvelope,
  envelope,
  idParam,
  pagedEnvelope,
  STAFF_EXPORT_FILE,
  STAFF_MESSAGES,
  staffDtoSchema,
  staffExportQuery,
  staffListQuery,
  staffSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { findFirst } from '../../lib/find-first';
import { exportResponse, sendListExport } from '../../lib/list-export';
import { assertWritable } from '../../lib/location-scope';
import { errorResponses, ok } from '../../lib/reply';
import { billingTerms } from '../settings/billing-settings.service';
import { staffColumns } from './staff.export';
import * as service from './staff.service';

const tags = ['staff'];
const oneStaff = envelope(staffDtoSchema);
// A field manager naming another location's staff member is answered 404, as if it did not exist.
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary:
          "Staff by name: search (name, email, position), location, department, status (a field manager's: their location's)",
        querystring: staffListQuery,
        response: { 200: pagedEnvelope(staffDtoSchema), ...reads },
      },
    },
    async (request) => {
      const { items, pagination } = await service.listStaff(
        app.ctx,
        requireAuth(request).user,
        request.query,
      );
      return ok(items, 'Staff fetched', pagination);
    },
  );

  app.get(
    '/all/active',
    {
      schema: {
        tags,
        summary: 'The ACTIVE staff by name (the Mark Attendance picker)',
        response: { 200: envelope(z.array(staffDtoSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      ok(await service.activeStaff(app.ctx, requireAuth(request).user), 'Active staff fetched'),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          'The staff the filters select, every page, by name, as staff-list.xlsx (format=csv: staff-list.csv)',
        querystring: staffExportQuery,
        response: { 200: exportResponse('The staff list'), ...reads },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const rows = await service.exportStaff(app.ctx, requireAuth(request).user, filters);
      return sendListExport(reply, format, {
        fileName: STAFF_EXPORT_FILE,
        sheet: 'Staff',
        columns: staffColumns((await billingTerms(app.ctx.db)).currency),
        rows,
      });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One staff member',
        params: idParam,
        response: { 200: oneStaff, ...reads },
      },
    },
    async (request) =>
      ok(
        await service.getStaff(app.ctx, requireAuth(request).user, request.params.id),
        'Staff member fetched',
      ),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Add a staff member',
        body: staffSchema,
        response: { 201: oneStaff, ...writes },
      },
    },
    async (request, reply) => {
      const created = await service.createStaff(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(created, STAFF_MESSAGES.addedText));
    },
  );

  app.put(
    '/:id',
    {
      // Found, and the caller's access checked, before the body is read (lib/find-first).
      preValidation: findFirst(idParam, async (ctx, auth, { id }) => {
        const member = await service.getStaff(ctx, auth.user, id);
        assertWritable(auth.user, member.locationId);
      }),
      schema: {
        tags,
        summary: 'Change a staff member',
        params: idParam,
        body: staffSchema,
        response: { 200: oneStaff, ...writes },
      },
    },
    async (request) =>
      ok(
        await service.updateStaff(app.ctx, actorOf(request), request.params.id, request.body),
        STAFF_MESSAGES.updatedText,
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Take a staff member off the lists; their attendance stays',
        params: idParam,
        response: { 200: emptyEnvelope, ...reads },
      },
    },
    async (request) => {
      await service.deleteStaff(app.ctx, actorOf(request), request.params.id);
      return ok(null, STAFF_MESSAGES.deletedText);
    },
  );
};
