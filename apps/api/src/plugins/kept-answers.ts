import { localToday, PERMISSION_FLAGS, type SessionUser } from '@stockyard/shared';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../lib/actor';
import { ANY_TABLE } from '../lib/table-changes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keep this read route's answers until any table of the records changes (decision 018). Only
     * for a GET whose handler returns its answer from the URL and the viewer's role, location and
     * flags alone, touching neither the reply nor a bookkeeping table (BOOKKEEPING_TABLES).
     */
    keep?: boolean;
  }
}

/**
 * The tables that send no notice of their changes (migration 0025): no kept answer may read them.
 * They change at every sign-in, mail sent or page of the log, and nobody reads them by list.
 */
export const BOOKKEEPING_TABLES = [
  'activity_logs',
  'email_outbox',
  'login_attempts',
  'notifications',
  'rental_alerts_sent',
  'sessions',
  'socket_io_attachments',
  'two_factor_recovery_codes',
] as const;

/** At most this many answers are kept per route (the oldest go first). */
const ANSWERS_PER_ROUTE = 200;

/**
 * Whom an answer is for: what a read route answers depends on the viewer's role, location and
 * flags, never on who they are (no read uses the viewer's id), so that viewers alike share it.
 */
function viewerKey(user: SessionUser): string {
  const flags = PERMISSION_FLAGS.map((flag) => (user.permissions[flag] ? 1 : 0)).join('');
  return `${user.role}:${user.locationId ?? '-'}:${flags}`;
}

/**
 * Kept answers (decision 018): a read route marked `keep` answers a URL asked again by a viewer
 * of the same role, location and flags, on the same day, from memory until any table of the
 * records changes, through the same `KeptFigures` as the dashboard (decision 017): a change heard
 * during a read leaves it unkept, callers asking while a read runs share it, a refusal (404, 403)
 * is never kept, and nothing is kept while the notices cannot be heard. A write committed through
 * `inTransaction` makes every kept answer of this process stale before it is answered, so that a
 * user's own change shows on their next read.
 */
async function keptAnswers(app: FastifyInstance): Promise<void> {
  const { changes } = app.ctx;

  app.addHook('onRoute', (route) => {
    if (!route.config?.keep) return;
    const methods = [route.method].flat();
    if (methods.some((method) => method !== 'GET' && method !== 'HEAD')) {
      throw new Error(`${route.url}: only a read route's answers may be kept`);
    }
    const answers = changes.figures<string>(
      `answers ${methods.join(',')} ${route.url}`,
      ANY_TABLE,
      ANSWERS_PER_ROUTE,
    );
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function keptAnswer(request, reply) {
      const now = new Date();
      // The day by the server's clock and by UTC: "overdue" and "this month" move at midnight.
      const day = `${localToday(now)}/${now.toISOString().slice(0, 10)}`;
      const key = `${request.method} ${request.url}\n${viewerKey(requireAuth(request).user)}\n${day}`;
      // Kept as the text sent, written by the route's own serializer once: a 50-item invoice is
      // not checked against its schema and written out again at every call.
      const body = answers.get(
        key,
        async () =>
          // The routes' serializer (fastify-type-provider-zod) writes JSON text.
          reply.serialize(await handler.call(this, request, reply)) as string,
      );
      return body.then((text) => {
        // Sent as it is: text with a JSON type is not serialized again.
        reply.type('application/json; charset=utf-8');
        return text;
      });
    };
  });
}

export default fp(keptAnswers, { name: 'kept-answers', dependencies: ['auth'] });
