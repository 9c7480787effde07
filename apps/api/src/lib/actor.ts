import { MESSAGES, type SessionUser } from '@stockyard/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * The signed-in user and session behind a request, set by the auth plugin; `twoFactorSetupRequired`:
 * an admin who must set up two-factor sign-in before anything else.
 */
export type RequestAuth = { user: SessionUser; sessionId: string; twoFactorSetupRequired: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** The request's auth; every route that the access table does not mark public has one. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  return request.auth;
}

/** Who is making a change, for the rules and for the activity log. */
export type Actor = { user: SessionUser; ip: string };

export function actorOf(request: FastifyRequest): Actor {
  return { user: requireAuth(request).user, ip: request.ip };
}
