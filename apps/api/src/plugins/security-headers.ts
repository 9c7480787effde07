import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (ARCHITECTURE.md section 6). Helmet's middleware is built
 * once here (@fastify/helmet rebuilt it per request) and run by one hook, and by
 * `withSecurityHeaders` on the router's own refusals (414, a bad URL), which no hook sees.
 */
const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // 'self' covers this origin's websockets too (CSP level 3).
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
} satisfies HelmetOptions;

const setHeaders = helmet(SECURITY_HEADERS);

/** Sets the security headers on a reply (Helmet's middleware is synchronous). */
export function withSecurityHeaders(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  setHeaders(request.raw, reply.raw, () => {});
  return reply;
}

/** The headers on every answer that reaches a route or a hook: API, web files and errors. */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    withSecurityHeaders(request, reply);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
