import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer: @fastify/helmet sets them on the answers of routes and
 * hooks, `withSecurityHeaders` on the router's own refusals (414, a bad URL), which no hook sees.
 */
export const SECURITY_HEADERS = {
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
} satisfies FastifyHelmetOptions;

const setHeaders = helmet(SECURITY_HEADERS);

/** Sets the security headers on a reply that no onRequest hook has seen. */
export function withSecurityHeaders(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  setHeaders(request.raw, reply.raw, () => {});
  return reply;
}
