import {
  correctNoteSchema,
  emailNoteSchema,
  envelope,
  idParam,
  MOVEMENT_NOTE_MESSAGES as MESSAGES,
  movementNoteDtoSchema,
  movementNoteListQuery,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_TYPES,
  returnPhotoDtoSchema,
  returnPhotoFileParams,
  returnPhotoParams,
  SIGNATURE_MAX_BYTES,
  signNoteSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { findFirst } from '../../lib/find-first';
import { errorResponses, ok } from '../../lib/reply';
import { attachmentHeader } from '../../lib/spreadsheet';
import { uploadBody, uploadQuery } from '../../lib/upload';
import * as service from './movement-notes.service';

const tags = ['movement-notes'];
const oneNote = envelope(movementNoteDtoSchema);
// A field manager naming another location's note is answered 404, as if it did not exist.
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);
const binary = z.string().meta({ format: 'binary' });
/** The note is found and the caller's access checked before the body is read (lib/find-first). */
const noteFirst = findFirst(idParam, (ctx, auth, { id }) =>
  service.readableNote(ctx.db, auth.user, id),
);

/** Delivery and return notes, under /api/movement-notes. */
export const movementNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary:
          "A rental's delivery and return notes, oldest first, with their corrections, signatures and the returns' photos",
        querystring: movementNoteListQuery,
        response: { 200: envelope(z.array(movementNoteDtoSchema)), ...reads },
      },
    },
    async (request) =>
      ok(
        await service.listNotes(app.ctx, requireAuth(request).user, request.query.rentalId),
        'Notes fetched',
      ),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One delivery or return note',
        params: idParam,
        response: { 200: oneNote, ...reads },
      },
    },
    async (request) =>
      ok(
        await service.getNote(app.ctx, requireAuth(request).user, request.params.id),
        'Note fetched',
      ),
  );

  app.get(
    '/:id/pdf',
    {
      schema: {
        tags,
        summary: 'The note as an A4 PDF file (<number>.pdf), with its signature once signed',
        params: idParam,
        response: {
          200: {
            description: 'The .pdf file',
            content: { 'application/pdf': { schema: binary } },
          },
          // 503: every drawing thread busy and the queue full.
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await service.notePdf(
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

  app.post(
    '/:id/sign',
    {
      preValidation: noteFirst,
      // The signature's PNG (at most SIGNATURE_MAX_BYTES) as base64 in JSON.
      bodyLimit: Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 16 * 1024,
      schema: {
        tags,
        summary:
          'Sign the note: the printed name and the pad as data:image/png;base64 (at most 200 KB, not blank); once only (409 after)',
        params: idParam,
        body: signNoteSchema,
        response: { 200: oneNote, ...writes },
      },
    },
    async (request) =>
      ok(
        await service.signNote(app.ctx, actorOf(request), request.params.id, request.body),
        MESSAGES.signed,
      ),
  );

  app.post(
    '/:id/correct',
    {
      preValidation: noteFirst,
      schema: {
        tags,
        summary:
          'A correction: a new note with a number of its own that refers to this one, with the vehicle, driver or notes changed',
        params: idParam,
        body: correctNoteSchema,
        response: { 201: oneNote, ...writes },
      },
    },
    async (request, reply) => {
      const note = await service.correctNote(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(ok(note, MESSAGES.corrected));
    },
  );

  app.post(
    '/:id/email',
    {
      preValidation: noteFirst,
      schema: {
        tags,
        summary: "E-mail the note's PDF to the addresses named, through the outbox",
        params: idParam,
        body: emailNoteSchema,
        response: {
          202: envelope(z.object({ queued: z.number() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await service.emailNote(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(202).send(ok(result, MESSAGES.emailed));
    },
  );
};

/** A return's photos, under /api/material-rentals/returns. */
export const returnPhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:returnId/photos',
    {
      // The return is found and the caller's access checked before the photo is read.
      preValidation: findFirst(returnPhotoParams, (ctx, auth, { returnId }) =>
        service.readableReturn(ctx.db, auth.user, returnId),
      ),
      bodyLimit: RETURN_PHOTO_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Add a photo to a return (application/octet-stream, its name in fileName): a JPEG or PNG image of at most 5 MB and 16 MP, decoded and kept as a JPEG encoded again (no EXIF; upright; 1600 px at most)',
        params: returnPhotoParams,
        querystring: uploadQuery,
        body: uploadBody,
        response: { 201: envelope(returnPhotoDtoSchema), ...writes },
      },
    },
    async (request, reply) => {
      const photo = await service.addReturnPhoto(
        app.ctx,
        actorOf(request),
        request.params.returnId,
        request.query.fileName,
        request.body,
      );
      return reply.status(201).send(ok(photo, MESSAGES.photoAdded));
    },
  );

  app.get(
    '/:returnId/photos/:photoId',
    {
      schema: {
        tags,
        summary: "A return's photo, as the image it is",
        params: returnPhotoFileParams,
        response: {
          200: {
            description: 'The image',
            content: Object.fromEntries(
              RETURN_PHOTO_TYPES.map((type) => [type, { schema: binary }]),
            ),
          },
          ...reads,
        },
      },
    },
    async (request, reply) => {
      const photo = await service.returnPhoto(
        app.ctx,
        requireAuth(request).user,
        request.params.returnId,
        request.params.photoId,
      );
      reply.header('content-type', photo.contentType);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('content-disposition', `inline; filename="photo-${photo.id}"`);
      return reply.send(photo.bytes as unknown as string);
    },
  );
};
