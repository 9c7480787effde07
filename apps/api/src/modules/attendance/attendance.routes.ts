import {
  ATTENDANCE_EXPORT_FILE,
  ATTENDANCE_MESSAGES,
  attendanceByStaffQuery,
  attendanceDtoSchema,
  attendanceExportQuery,
  attendanceListQuery,
  attendanceOverviewSchema,
  attendanceSchema,
  envelope,
  idParam,
  pagedEnvelope,
  staffIdParam,
  updateAttendanceSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { findFirst } from '../../lib/find-first';
import { exportResponse, sendListExport } from '../../lib/list-export';
import { assertReadable, assertWritable } from '../../lib/location-scope';
import { errorResponses, ok } from '../../lib/reply';
import { ATTENDANCE_COLUMNS } from './attendance.export';
import * as service from './attendance.service';

const tags = ['attendance'];
const oneRecord = envelope(attendanceDtoSchema);
// A field manager naming another location's staff member or record is answered 404.
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary:
          "Attendance, newest day first: staff name, location, month (yyyy-MM), status, staff member (a field manager's: their location's)",
        querystring: attendanceListQuery,
        response: { 200: pagedEnvelope(attendanceDtoSchema), ...reads },
      },
    },
    async (request) => {
      const { items, pagination } = await service.listAttendance(
        app.ctx,
        requireAuth(request).user,
        request.query,
      );
      return ok(items, 'Attendance fetched', pagination);
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          'The records the filters select, every page, newest day first, as attendance-list.xlsx (format=csv: attendance-list.csv)',
        querystring: attendanceExportQuery,
        response: { 200: exportResponse('The attendance list'), ...reads },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      // Refusals (another location: 404; too many rows: 400) come before the file starts.
      const rows = await service.exportAttendance(app.ctx, requireAuth(request).user, filters);
      return sendListExport(reply, format, {
        fileName: ATTENDANCE_EXPORT_FILE,
        sheet: 'Attendance',
        columns: ATTENDANCE_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/staff/:staffId',
    {
      schema: {
        tags,
        summary: "A staff member's records, newest first (one day with `date`)",
        params: staffIdParam,
        querystring: attendanceByStaffQuery,
        response: { 200: envelope(z.array(attendanceDtoSchema)), ...reads },
      },
    },
    async (request) =>
      ok(
        await service.attendanceOfStaff(
          app.ctx,
          requireAuth(request).user,
          request.params.staffId,
          request.query.date,
        ),
        'Attendance fetched',
      ),
  );

  app.get(
    '/staff/:staffId/overview',
    {
      schema: {
        tags,
        summary: "A staff member's records counted by status (the Attendance Overview)",
        params: staffIdParam,
        response: { 200: envelope(attendanceOverviewSchema), ...reads },
      },
    },
    async (request) =>
      ok(
        await service.overviewOfStaff(app.ctx, requireAuth(request).user, request.params.staffId),
        'Attendance overview fetched',
      ),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary:
          "Mark a staff member's attendance at their own location (another is 400; an overlapping record is 409)",
        body: attendanceSchema,
        response: { 201: oneRecord, ...writes },
      },
    },
    async (request, reply) => {
      const created = await service.markAttendance(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(created, ATTENDANCE_MESSAGES.markedText(created.staffName)));
    },
  );

  app.put(
    '/:id',
    {
      // Found, and the caller's access checked, before the body is read (decision 046).
      preValidation: findFirst(idParam, async (ctx, auth, { id }) => {
        const locationId = await service.locationOfAttendance(ctx, id);
        if (locationId === null) throw notFound(ATTENDANCE_MESSAGES.notFound);
        assertReadable(auth.user, locationId, ATTENDANCE_MESSAGES.notFound);
        assertWritable(auth.user, locationId);
      }),
      schema: {
        tags,
        summary:
          "Change an attendance record (moved only to the staff member's own location, else 400; an overlap with another record is 409)",
        params: idParam,
        body: updateAttendanceSchema,
        response: { 200: oneRecord, ...writes },
      },
    },
    async (request) =>
      ok(
        await service.updateAttendance(app.ctx, actorOf(request), request.params.id, request.body),
        ATTENDANCE_MESSAGES.updatedText,
      ),
  );
};
