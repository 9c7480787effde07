import { type ApiErrorBody, MESSAGES } from '@stockyard/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

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

/** One error handler: known errors keep their message, anything else is a generic 500 and a log line. */
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
    if (status === 413) {
      return reply
        .status(413)
        .send({ success: false, message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the framework's message is safe to show.
      return reply
        .status(status)
        .send({ success: false, message: error.message, code: 'VALIDATION_ERROR' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: MESSAGES.internal, code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (options.spaFallback && !isApi && request.method === 'GET') {
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
