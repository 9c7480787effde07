import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers on every response, with the middleware built once at start. (@fastify/helmet
 * builds Helmet's middleware again for every request, parsing the whole Content-Security-Policy
 * each time: a measurable part of a short read. See docs/decisions/004.)
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions): Promise<void> {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
