import type { SessionUser } from '@stockyard/shared';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../plugins/auth';

/** Who is making a change, for the rules and for the activity log. */
export type Actor = { user: SessionUser; ip: string };

export function actorOf(request: FastifyRequest): Actor {
  return { user: requireAuth(request).user, ip: request.ip };
}
