import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet sets with these options. Nothing in our options depends on the request (no
 * nonce, no function directive), so Helmet runs once, at start, against a response that only
 * records what it is given.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return headers;
}

/**
 * Helmet's headers on every response, worked out once at start and handed to each reply as one
 * object, which Fastify writes with the rest of the reply's headers. (@fastify/helmet builds
 * Helmet's middleware again for every request, and even built once the middleware validates and
 * sets a dozen headers one by one: a measurable part of a short read. See docs/decisions/004.)
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions): Promise<void> {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
