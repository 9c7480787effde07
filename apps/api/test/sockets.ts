import type {
  ClientToServerEvents,
  NotificationItem,
  ServerToClientEvents,
} from '@stockyard/shared';
import { io, type Socket } from 'socket.io-client';
import { inTransaction } from '../src/lib/transaction';
import { notify } from '../src/modules/notifications/notify';
import type { TestApp } from './helpers';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ConnectOptions = { origin?: string; transports?: Array<'polling' | 'websocket'> };
export type HandshakeError = Error & { data?: { code?: string } };

/** socket.io clients for a test file; `closeAll` in afterEach. */
export function socketClients() {
  const open: ClientSocket[] = [];

  function openSocket(url: string, token: unknown, options: ConnectOptions = {}): ClientSocket {
    const socket: ClientSocket = io(url, {
      path: '/socket.io',
      auth: token === undefined ? {} : { token },
      transports: options.transports ?? ['websocket'],
      extraHeaders: options.origin ? { origin: options.origin } : undefined,
      reconnection: false,
      forceNew: true,
    });
    open.push(socket);
    return socket;
  }

  return {
    /** A connected socket; rejects with the connect_error when the handshake is refused. */
    connect(url: string, token: unknown, options: ConnectOptions = {}) {
      const socket = openSocket(url, token, options);
      return new Promise<ClientSocket>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    },
    /** The connect_error of a handshake expected to be refused. */
    refusal(url: string, token: unknown, options: ConnectOptions = {}) {
      const socket = openSocket(url, token, options);
      return new Promise<HandshakeError>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('the handshake was accepted')));
        socket.once('connect_error', resolve);
      });
    },
    closeAll() {
      for (const socket of open.splice(0)) socket.close();
    },
  };
}

export function nextNotification(socket: ClientSocket, timeoutMs = 10_000) {
  return new Promise<NotificationItem>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no notification arrived')), timeoutMs);
    socket.once('notification', (notification) => {
      clearTimeout(timer);
      resolve(notification);
    });
  });
}

/** The reason the server gave for disconnecting the socket. */
export function nextDisconnect(socket: ClientSocket, timeoutMs = 10_000) {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed connected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** A NEW_MATERIAL notification for one user, stored and pushed through `notify`. */
export function notifyUser(t: Pick<TestApp, 'ctx'>, userId: number, message: string) {
  return inTransaction(t.ctx, (uow) =>
    notify(t.ctx, uow, { type: 'NEW_MATERIAL', message, recipientIds: [userId] }),
  );
}

export const FIREFOX_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
