import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  plainText,
  UPLOAD_CONTENT_TYPE,
} from '@stockyard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from './app-error';
import {
  type KnownColumn,
  type ReadOptions,
  type ReadSheet,
  readSheet,
  SheetError,
} from './sheet-reader';

/**
 * The one way a file comes in (imports, stock-takes): its bytes as the request's body, typed
 * `application/octet-stream`, and its name in the query. A body larger than IMPORT_MAX_BYTES is
 * refused before it is read (413, with the file's own message).
 */
export function acceptUploads(app: FastifyInstance): void {
  app.addContentTypeParser(
    UPLOAD_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
}

/** Whether a request carried an upload: its 413 then says the file's limit. */
export const isUpload = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() ===
  UPLOAD_CONTENT_TYPE;

/** An upload route's query: the file's name, as the person's computer calls it. */
export const uploadQuery = z.object({
  fileName: plainText(
    z
      .string({ error: IMPORT_MESSAGES.noFile })
      .trim()
      .min(1, { error: IMPORT_MESSAGES.noFile })
      .max(255, { error: 'The file name must be at most 255 characters' }),
    'File name',
  ),
});

/** An upload route's body, as the API document names it. */
export const uploadBody = z.custom<Buffer>((value) => Buffer.isBuffer(value), {
  error: IMPORT_MESSAGES.noFile,
});

/** The uploaded file read as a table; a whole-file fault is a 400 with the reader's message. */
export async function readUpload<K extends string>(
  body: unknown,
  fileName: string,
  columns: readonly KnownColumn<K>[],
  options?: ReadOptions,
): Promise<ReadSheet<K>> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(IMPORT_MESSAGES.noFile);
  try {
    return await readSheet(body, fileName, columns, options);
  } catch (error) {
    if (error instanceof SheetError) throw badRequest(error.message);
    throw error;
  }
}
