import { MESSAGES } from '@stockyard/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error';

const isObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A JSON body is an object, on every route: anything else is 400 before any schema reads it (a
 * refinement reading a `null` body's fields answered 500). Fastify's parser reads the text, with
 * its `__proto__` guard; this checks what it read.
 */
export function acceptJsonObjects(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      if (!isObject(value)) {
        return done(
          badRequest(MESSAGES.bodyNotObject, [{ path: '', message: MESSAGES.bodyNotObject }]),
          undefined,
        );
      }
      return done(null, value);
    });
  });
}
