import { MESSAGES } from '@stockyard/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error';

const isObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A JSON body is an object, on every route (issue 48): `null`, a number, a string or a list is
 * refused here, 400 with one message, before any route or schema reads it. A route's schema could
 * otherwise meet a `null` in a refinement that reads its fields (a return with body `null`
 * answered 500), and a route that declares no body would take anything. Fastify's own JSON parser
 * reads the text (with its refusal of `__proto__` and `constructor.prototype` keys), this one
 * checks what it read.
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
