import { type ApiErrorBody, type ErrorCode, IMPORT_MESSAGES, MESSAGES } from '@stockyard/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { isConcurrencyFailure, isDatabaseUnavailable } from '../lib/pg-errors';
import { isUpload } from '../lib/upload';
import { withSecurityHeaders } from './security-headers';

function validationBody(error: FastifyError): ApiErrorBody | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const errors = error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid input provided.',
  }));
  return {
    success: false,
    message: errors[0]?.message ?? 'Invalid input provided.',
    code: 'VALIDATION_ERROR',
    errors,
  };
}

const envelope = (code: ErrorCode, message: string): ApiErrorBody => ({
  success: false,
  message,
  code,
});

/** The framework's own refusals that have a code and a message of ours. */
const FRAMEWORK_REFUSALS: Record<number, ApiErrorBody> = {
  413: envelope('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge),
  414: envelope('URI_TOO_LONG', MESSAGES.uriTooLong),
  415: envelope('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType),
};

/**
 * Fastify's `frameworkErrors`: the router's refusals (a path parameter past maxParamLength, a
 * malformed URL) come here before any route or hook, and would otherwise answer Fastify's own body.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  withSecurityHeaders(request, reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(FRAMEWORK_REFUSALS[414]);
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(envelope('VALIDATION_ERROR', MESSAGES.badUrl));
    return;
  }
  request.log.error({ err: error }, 'framework error');
  reply.status(500).send(envelope('INTERNAL_ERROR', MESSAGES.internal));
}

/**
 * Whether a path is one of the web app's own routes (`/invoices/12`), answered with index.html:
 * read with GET or HEAD, outside the API, and not a file (a name with an extension, or anything
 * under /assets/), so that a missing file is a 404 and not the app's page.
 */
function isAppRoute(method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
    return false;
  }
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * One error handler: known errors keep their message, a database that cannot be reached is a 503,
 * anything else is a generic 500 and a log line.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { spaFallback: boolean },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const validation = validationBody(error);
    if (validation) return reply.status(400).send(validation);

    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ApiErrorBody = { success: false, message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }

    const status = error.statusCode ?? 500;
    if (status === 413 && isUpload(request)) {
      return reply.status(413).send(envelope('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge));
    }
    const refusal = FRAMEWORK_REFUSALS[status];
    if (refusal) return reply.status(status).send(refusal);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the framework's message is safe to show.
      return reply
        .status(status)
        .send({ success: false, message: error.message, code: 'VALIDATION_ERROR' });
    }
    if (isConcurrencyFailure(error)) {
      // A deadlock or serialization failure outside inTransaction (which retries its own): the
      // request met another one, and the caller may send it again.
      request.log.warn({ err: error }, 'concurrent change');
      return reply.status(409).send(envelope('CONFLICT', MESSAGES.concurrentChange));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: the caller may try again in a moment.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(envelope('SERVICE_UNAVAILABLE', MESSAGES.unavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: MESSAGES.internal, code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (options.spaFallback && isAppRoute(request.method, pathname)) {
      // Client-side routes: the web app decides what to show, including its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      success: false,
      message: `Route ${request.method} ${pathname} not found`,
      code: 'NOT_FOUND',
    });
  });
}
