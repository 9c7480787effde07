import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type RequestAuth, requireAuth } from './actor';

/**
 * A route finds its record and checks the caller's access to it before it reads the body
 * (issue 48, decision 046): a missing record is 404 and another location's or another user's
 * 403/404 whatever the body holds, before the body's validation (a 400 would tell that the record
 * is there, and an image in the body is not decoded for a record the caller may not touch).
 *
 * `preValidation: findFirst(params, check)` on the route: Fastify runs it after the session check
 * (onRequest) and the body's parsing into JSON (bounded by the route's body limit), before the
 * schema's validation and the handler, and so also before an Idempotency-Key's replay, which
 * therefore checks access again. The path's parameters are read with the route's own schema
 * (they are not validated yet); when they do not parse, the check is skipped and the validation
 * answers 400 as before. The handler checks again in its transaction: this check is the early
 * one, not the only one.
 */
export function findFirst<P extends z.ZodType>(
  params: P,
  // The app's context, as context.ts decorates Fastify with it (lib names no layer above it).
  check: (
    ctx: FastifyInstance['ctx'],
    auth: RequestAuth,
    params: z.output<P>,
  ) => Promise<unknown> | unknown,
) {
  return async function findRecordFirst(request: FastifyRequest): Promise<void> {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return;
    await check(request.server.ctx, requireAuth(request), parsed.data);
  };
}
