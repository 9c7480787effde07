import { type AccessAction, can, MESSAGES, type SessionUser } from '@stockyard/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { resolveSession } from '../modules/auth/auth.service';
import { verifySessionToken } from '../modules/auth/tokens';

export type RequestAuth = { user: SessionUser; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** preHandler: a live session is required. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: a live session whose user may perform this action (access.ts). */
    authorize: (action: AccessAction) => preHandlerAsyncHookHandler;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The session behind a raw token: used by requests and by the socket handshake alike. */
export async function authenticateToken(
  ctx: AppContext,
  token: string | null,
): Promise<RequestAuth | null> {
  if (!token) return null;
  const claims = await verifySessionToken(ctx.jwtSecret, token);
  if (!claims) return null;
  const user = await resolveSession(ctx, claims.sessionId, claims.userId);
  return user ? { user, sessionId: claims.sessionId } : null;
}

/** The request's auth, known to be present after `authenticate`. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  return request.auth;
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('auth', null);

  const authenticate: preHandlerAsyncHookHandler = async (request) => {
    request.auth = await authenticateToken(app.ctx, bearerToken(request.headers.authorization));
    if (!request.auth) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  };

  app.decorate('authenticate', authenticate);
  app.decorate('authorize', (action: AccessAction): preHandlerAsyncHookHandler => {
    return async function authorize(request, reply) {
      await authenticate.call(this, request, reply);
      if (!can(request.auth!.user, action)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    };
  });
}

export default fp(authPlugin, { name: 'auth' });
