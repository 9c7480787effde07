import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type RequestAuth, requireAuth } from './actor';

/**
 * A route finds its record and checks access before validating the body: a 400 would tell that the
 * record exists, and an image would be decoded for a record the caller may not touch (decision 046).
 *
 * Use as `preValidation: findFirst(params, check)`: it runs after the session check and JSON
 * parsing, before validation, the handler and an Idempotency-Key's replay. Parameters that do not
 * parse skip it (validation answers 400). The handler checks again in its transaction.
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
