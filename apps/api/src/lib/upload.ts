import { availableParallelism } from 'node:os';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  plainText,
  UPLOAD_CONTENT_TYPE,
} from '@stockyard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from './app-error';
import type { KnownColumn, ReadOptions, ReadSheet } from './sheet-reader';
import type { SheetAnswer, SheetTask } from './sheet-reader.worker';
import { PoolBusy, TaskFailed, workerPool } from './worker-pool';

/**
 * The most an upload's body may send past the limit and still be read to its end, so that its
 * 413 reaches the client (issue 48): a server that answers and closes while the client is still
 * sending resets the connection, and the client (fetch, curl) loses the answer with it. A body
 * declared or sent larger than this, or still coming after UPLOAD_DRAIN_MS, is cut off.
 */
const UPLOAD_DRAIN_BYTES = 32 * 1024 * 1024;
const UPLOAD_DRAIN_MS = 30_000;

const tooLarge = () =>
  Object.assign(new Error(IMPORT_MESSAGES.tooLarge), {
    statusCode: 413,
    code: 'FST_ERR_CTP_BODY_TOO_LARGE',
  });

/**
 * The one way a file comes in: its bytes as an `application/octet-stream` body, its name in the
 * query. A body over IMPORT_MAX_BYTES is drained unkept (up to UPLOAD_DRAIN_BYTES) and answered 413,
 * then the connection closed, so the client reads the 413 rather than a reset.
 */
export function acceptUploads(app: FastifyInstance): void {
  app.addContentTypeParser(UPLOAD_CONTENT_TYPE, (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > UPLOAD_DRAIN_BYTES) {
      done(tooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let over = declared > IMPORT_MAX_BYTES;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
      done(error, body);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > UPLOAD_DRAIN_BYTES) finish(tooLarge());
      else if (over || received > IMPORT_MAX_BYTES) {
        over = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      if (over) finish(tooLarge());
      else if (!Number.isNaN(declared) && received !== declared) {
        finish(Object.assign(new Error('The request body was cut short.'), { statusCode: 400 }));
      } else finish(null, Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => finish(Object.assign(error, { statusCode: 400 }));
    const timer = setTimeout(() => finish(tooLarge()), UPLOAD_DRAIN_MS);
    timer.unref();
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
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

/**
 * Uploaded files are read on worker threads: one on a two-core machine (the other core is the
 * event loop's and PostgreSQL's), two at most. A full queue is a 503; a thread past its time or
 * heap is ended and the file refused with a 400. sheet-limits.ts stops bombs long before these.
 */
const SHEET_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
const SHEET_TIME_MS = 20_000;
const SHEET_MEMORY_MB = 384;

const readInWorker = workerPool<SheetTask, SheetAnswer>(
  new URL(
    import.meta.url.endsWith('.ts') ? './sheet-reader.worker.ts' : './sheet-reader.worker.js',
    import.meta.url,
  ),
  {
    threads: SHEET_THREADS,
    waiting: 8,
    waitMs: 30_000,
    timeMs: SHEET_TIME_MS,
    memoryMb: SHEET_MEMORY_MB,
    retireHeapBytes: 96 * 1024 * 1024,
    idleMs: 60_000,
  },
);

const READER_MESSAGES = {
  time: `The file took more than ${SHEET_TIME_MS / 1000} seconds to read; split it into smaller files.`,
  memory: `The file needs more than ${SHEET_MEMORY_MB} MB of memory to read; split it into smaller files.`,
  busy: 'The server is reading other files just now; try again in a minute.',
} as const;

/**
 * The uploaded file read as a table on a worker thread; a whole-file fault (a limit passed, the
 * thread's time or memory) is a 400 with its message, a full queue of files a 503.
 */
export async function readUpload<K extends string>(
  body: unknown,
  fileName: string,
  columns: readonly KnownColumn<K>[],
  options: ReadOptions = {},
): Promise<ReadSheet<K>> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(IMPORT_MESSAGES.noFile);
  let answer: SheetAnswer;
  try {
    answer = await readInWorker({ data: body, fileName, columns, options });
  } catch (error) {
    if (error instanceof PoolBusy) throw new AppError('SERVICE_UNAVAILABLE', READER_MESSAGES.busy);
    if (error instanceof TaskFailed && error.reason !== 'crash') {
      throw badRequest(READER_MESSAGES[error.reason]);
    }
    throw error;
  }
  if (!answer.ok) throw badRequest(answer.message);
  return answer.sheet as ReadSheet<K>;
}
