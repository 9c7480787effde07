import { EventEmitter } from 'node:events';
import type { LiveNotification, LoginRateLimit, SessionEndReason } from '@stockyard/shared';
import type { Database } from './db/client';
import { TableChanges } from './lib/table-changes';

/** A file sent with a mail (a movement note's PDF, say). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** Where the app sends e-mail; modules/email-outbox/email.ts makes one for SMTP_URL. */
export type Mailer = {
  from: string;
  /** The app's public address, under which a mail's links point. */
  publicUrl: string;
  /** `messageId`: the Message-ID header, `<...@...>`; nodemailer makes one when it is absent. */
  send: (message: {
    to: string;
    subject: string;
    text: string;
    messageId?: string;
    /** Files sent with it (a movement note's PDF, say). */
    attachments?: MailAttachment[];
  }) => Promise<void>;
  close: () => void;
};

/** Events inside one API process; plugins (the socket server) subscribe to them. */
type AppEvents = {
  /**
   * Sessions that were just ended: their sockets must be disconnected, told first why when an
   * admin ended them (a deactivation, a deletion).
   */
  sessionsRevoked: [sessionIds: string[], reason?: SessionEndReason];
  /** Users whose account changed (role, permissions, location, name, status): their open screens refresh. */
  usersChanged: [userIds: number[]];
  /** Notifications just committed, one per recipient: the socket server pushes them. */
  notificationsCreated: [notifications: StoredNotification[]];
  /**
   * The database told of a committed write to this table (migration 0024), from any process; null:
   * notices may have been missed (the connection that hears them came back), any table may have.
   */
  tableChanged: [table: string | null];
};

export type StoredNotification = LiveNotification & { userId: number };

export type AppContext = {
  db: Database;
  jwtSecret: Uint8Array;
  events: EventEmitter<AppEvents>;
  /** Sign-in throttling limits from the LOGIN_* variables; the shared defaults when unset. */
  loginLimits?: LoginRateLimit;
  /** The SMTP server of SMTP_URL; null or absent: no e-mail is sent. */
  mailer?: Mailer | null;
  /** The app's address as its users reach it (PUBLIC_URL): what labels encode, mails link to. */
  publicUrl: string;
  /** Whether the notices of changed tables are heard (lib/table-changes). */
  changes: TableChanges;
  /** The outbox worker, told when a commit queued mail. */
  emailOutbox?: { kick: () => void } | null;
};

/** The public address when PUBLIC_URL is unset: this machine, on the default port. */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export function createContext(
  db: Database,
  jwtSecret: Uint8Array,
  publicUrl = DEFAULT_PUBLIC_URL,
): AppContext {
  return {
    db,
    jwtSecret,
    publicUrl,
    events: new EventEmitter<AppEvents>(),
    changes: new TableChanges(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
