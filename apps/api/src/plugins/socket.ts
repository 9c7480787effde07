import type { IncomingMessage } from 'node:http';
import {
  type ClientToServerEvents,
  type ErrorCode,
  LIVE_TOPICS,
  type LiveTopic,
  MESSAGES,
  notificationRoom,
  type ServerToClientEvents,
  type SessionEndReason,
} from '@stockyard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import { Server } from 'socket.io';
import type { StoredNotification } from '../context';
import { TABLE_TOPICS } from '../db/table-topics';
import { accountEndReason, resolveSession } from '../modules/auth/auth.service';
import { authenticateToken } from './auth';
import { createPostgresAdapter, untilListening } from './socket-adapter';

type SocketData = { userId: number; sessionId: string; expiresAt: number | null };

/** What the API processes tell one another through the adapter. */
type InterServerEvents = {
  /** These sessions ended: each process tells its own sockets of them why, then disconnects them. */
  sessionsEnded: (sessionIds: string[], reason: SessionEndReason | null) => void;
  /** These notifications were made: each process pushes them to its own sockets of their users. */
  notificationsPushed: (notifications: StoredNotification[]) => void;
};

type SocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

declare module 'fastify' {
  interface FastifyInstance {
    io: SocketServer;
  }
}

type SocketOptions = {
  /** An origin besides the app's own whose pages may connect (WEB_ORIGIN). */
  webOrigin?: string | null;
};

const SOCKET_PATH = '/socket.io';

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * How long the kinds of records changed are gathered before `changed` is sent: one write touches
 * several tables (a rental: its items, the stock, the ledger), each told of by its own notice.
 */
const CHANGED_DELAY_MS = 150;

/**
 * The handshake's Origin must be the app's own: the host the request was sent to, or WEB_ORIGIN.
 * A missing Origin is let through: browsers send one on every WebSocket handshake and on every
 * cross-site request, and leave it out only on same-origin GETs (the polling handshake); a client
 * that is not a browser cannot be stopped by a header it chooses anyway. The token is still required.
 */
export function isAllowedOrigin(request: IncomingMessage, webOrigin: string | null): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let sender: URL;
  try {
    sender = new URL(origin);
  } catch {
    return false;
  }
  if (webOrigin && sender.origin === new URL(webOrigin).origin) return true;
  const host = request.headers.host;
  if (!host || (sender.protocol !== 'http:' && sender.protocol !== 'https:')) return false;
  try {
    // Parsed with the sender's scheme, so that a default port written out or left out compares equal.
    return new URL(`${sender.protocol}//${host}`).host === sender.host;
  } catch {
    return false;
  }
}

function refusal(message: string, code: ErrorCode): Error & { data: { code: ErrorCode } } {
  return Object.assign(new Error(message), { data: { code } });
}

/** When the token runs out (ms since the epoch), so that a socket does not outlive its session. */
function expiryOf(token: string): number | null {
  const { exp } = decodeJwt(token);
  return exp === undefined ? null : exp * 1000;
}

async function socketPlugin(app: FastifyInstance, options: SocketOptions): Promise<void> {
  const { ctx } = app;
  const webOrigin = options.webOrigin ?? null;

  const { adapter, close: closeAdapter } = createPostgresAdapter(ctx.db.$client.options, app.log);

  const io: SocketServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // Clients send no events; the limit keeps a misbehaving one from sending large frames.
    maxHttpBufferSize: 16 * 1024,
    cors: webOrigin ? { origin: webOrigin } : undefined,
    allowRequest: (request, callback) => {
      const allowed = isAllowedOrigin(request, webOrigin);
      if (!allowed)
        app.log.info({ origin: request.headers.origin }, 'socket: foreign origin refused');
      callback(allowed ? null : 'Origin not allowed', allowed);
    },
    adapter,
  });
  try {
    await untilListening(io.of('/').adapter);
  } catch (error) {
    await io.of('/').adapter.close();
    await closeAdapter();
    throw error;
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    try {
      const auth = await authenticateToken(ctx, typeof token === 'string' ? token : null);
      if (!auth) return next(refusal(MESSAGES.unauthorized, 'UNAUTHORIZED'));
      if (auth.twoFactorSetupRequired) {
        return next(refusal(MESSAGES.twoFactorSetupRequired, 'TWO_FACTOR_SETUP_REQUIRED'));
      }
      socket.data = {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        expiresAt: expiryOf(token as string),
      };
      next();
    } catch (error) {
      app.log.error({ err: error }, 'socket: handshake failed');
      next(refusal(MESSAGES.internal, 'INTERNAL_ERROR'));
    }
  });

  io.on('connection', async (socket) => {
    const { userId, sessionId, expiresAt } = socket.data;
    await socket.join([notificationRoom(userId), sessionRoom(sessionId)]);
    if (expiresAt !== null) {
      const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
      timer.unref();
      socket.on('disconnect', () => clearTimeout(timer));
    }
    try {
      // A session ended between the handshake and the join was revoked before this socket was in
      // its room, so it missed being told why: it is told here, as disconnectSessions tells.
      if (!(await resolveSession(ctx, sessionId, userId))) {
        const reason = await accountEndReason(ctx, userId);
        if (reason) socket.emit('session:ended', reason);
        socket.disconnect(!reason);
      }
    } catch (error) {
      app.log.error({ err: error }, 'socket: session check failed');
      socket.disconnect(true);
    }
  });

  // Pushed here to this process's sockets, and to the others' in one message for all the users of
  // a change, not one a user that every process must read and decode.
  const pushNotificationsHere = (rows: StoredNotification[]) => {
    for (const { userId, ...notification } of rows) {
      io.local.to(notificationRoom(userId)).emit('notification', notification);
    }
  };
  const pushNotifications = (rows: StoredNotification[]) => {
    if (rows.length === 0) return;
    pushNotificationsHere(rows);
    io.serverSideEmit('notificationsPushed', rows);
  };
  io.on('notificationsPushed', pushNotificationsHere);
  // A process's own sockets of the sessions: told why first, then disconnected. Both are local and
  // in this order: through the adapter each would wait for its own publish, and the disconnection
  // could overtake the reason. The disconnection goes as a packet after the reason, not by closing
  // the connection, which would drop a packet still waiting to be written; the client closes its
  // connection once its last socket is gone.
  const endSessionsHere = (sessionIds: string[], reason: SessionEndReason | null) => {
    const rooms = sessionIds.map(sessionRoom);
    if (reason) io.local.to(rooms).emit('session:ended', reason);
    io.local.in(rooms).disconnectSockets(reason === null);
  };
  const disconnectSessions = (sessionIds: string[], reason?: SessionEndReason) => {
    if (sessionIds.length === 0) return;
    endSessionsHere(sessionIds, reason ?? null);
    // The other API processes do the same for theirs.
    io.serverSideEmit('sessionsEnded', sessionIds, reason ?? null);
  };
  io.on('sessionsEnded', endSessionsHere);
  // Every process hears this through the adapter, so a user's screens on any of them follow.
  const announceAccountChanges = (userIds: number[]) => {
    if (userIds.length > 0) io.to(userIds.map(notificationRoom)).emit('account:changed');
  };
  // Every process hears every table notice, so each tells its own sockets only. A socket hears
  // which kinds of records changed, never which records: its screens read them again through the
  // API, which shows each user what they may see.
  const changedTopics = new Set<LiveTopic>();
  let changedTimer: NodeJS.Timeout | null = null;
  const sendChanged = () => {
    changedTimer = null;
    const topics = [...changedTopics];
    changedTopics.clear();
    if (topics.length > 0) io.local.emit('changed', topics);
  };
  const gatherChange = (table: string | null) => {
    const topics = table === null ? LIVE_TOPICS : [TABLE_TOPICS[table]];
    for (const topic of topics) if (topic) changedTopics.add(topic);
    changedTimer ??= setTimeout(sendChanged, CHANGED_DELAY_MS);
  };
  ctx.events.on('notificationsCreated', pushNotifications);
  ctx.events.on('sessionsRevoked', disconnectSessions);
  ctx.events.on('usersChanged', announceAccountChanges);
  ctx.events.on('tableChanged', gatherChange);

  app.decorate('io', io);

  // Open sockets would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    ctx.events.off('notificationsCreated', pushNotifications);
    ctx.events.off('sessionsRevoked', disconnectSessions);
    ctx.events.off('usersChanged', announceAccountChanges);
    ctx.events.off('tableChanged', gatherChange);
    if (changedTimer) clearTimeout(changedTimer);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await closeAdapter();
  });
}

export default fp(socketPlugin, { name: 'socket', dependencies: ['auth'] });
