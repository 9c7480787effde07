import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { SessionCache } from '../modules/auth/session-cache';

/** The channel that triggers on `sessions` and `users` notify at commit (migration 0007). */
export const AUTH_CHANNEL = 'stockyard_auth';
const RECONNECT_MS = 1_000;

type AuthChange = { sessions?: string[]; users?: number[] };

/**
 * Keeps this process's session cache true to the database: changes committed by any process
 * arrive on the channel; changes made here are applied at once from the app's own events.
 * The cache serves only while the listener is connected.
 */
async function sessionSync(app: FastifyInstance): Promise<void> {
  const cache = new SessionCache();
  app.ctx.sessionCache = cache;
  app.ctx.events.on('sessionsRevoked', (ids) => cache.dropSessions(ids));
  app.ctx.events.on('usersChanged', (ids) => cache.dropUsers(ids));

  let client: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    cache.setEnabled(false);
    client = null;
    if (!closing) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };

  const connect = async () => {
    const candidate = new pg.Client(app.ctx.db.$client.options);
    candidate.on('error', () => undefined);
    candidate.on('end', () => {
      if (client === candidate) lost();
    });
    candidate.on('notification', (message) => {
      try {
        const change = JSON.parse(message.payload ?? '{}') as AuthChange;
        if (change.sessions) cache.dropSessions(change.sessions);
        if (change.users) cache.dropUsers(change.users);
      } catch {
        cache.setEnabled(false);
        cache.setEnabled(true);
      }
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${AUTH_CHANNEL}`);
      if (closing) {
        await candidate.end();
        return;
      }
      client = candidate;
      cache.setEnabled(true);
    } catch (error) {
      app.log.warn({ err: error }, 'session cache: listener not connected, retrying');
      await candidate.end().catch(() => undefined);
      lost();
    }
  };

  app.addHook('onReady', connect);
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    cache.setEnabled(false);
    await client?.end().catch(() => undefined);
  });
}

export default fp(sessionSync, { name: 'session-sync' });
