import { type NotificationType, SWITCH_OF_TYPE } from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { UnitOfWork } from '../../lib/transaction';
import * as repo from './notifications.repository';

/**
 * Who receives which type. Admins receive every type; a field manager receives the types
 * listed here when the event concerns their location. LOGIN goes only to the account itself.
 */
const FIELD_MANAGER_TYPES: ReadonlySet<NotificationType> = new Set([
  'NEW_MATERIAL',
  'LOW_STOCK',
  'OUT_OF_STOCK',
  'RENTAL_ALERT',
  'MATERIAL_RENTED',
  'MATERIAL_RETURNED',
  'NEW_MATERIAL_REQUEST',
  'NEW_USER',
  'MATERIAL_TRANSFERRED',
]);

export type NotificationEvent = {
  type: NotificationType;
  message: string;
  /** The location the event concerns; field managers of it receive it. */
  locationId?: number | null;
  /** A second location it concerns (a transfer's destination); its field managers receive it too. */
  otherLocationId?: number | null;
  /** Send to exactly these users instead of the table (the LOGIN notice). */
  recipientIds?: number[];
  /** The user whose action this is: their app does not toast it (it showed its own success). */
  actorId?: number | null;
  data?: Record<string, unknown>;
};

async function recipientsOf(uow: UnitOfWork, event: NotificationEvent): Promise<repo.Recipient[]> {
  if (event.recipientIds) return repo.findRecipientsByIds(uow.tx, [...new Set(event.recipientIds)]);
  const locations = FIELD_MANAGER_TYPES.has(event.type)
    ? [event.locationId, event.otherLocationId].filter((id): id is number => id != null)
    : [];
  return repo.findRecipients(uow.tx, locations);
}

/** Whether the recipient's switch for this type (Settings, decision 013) lets it through. */
export function switchAllows(recipient: repo.Recipient, type: NotificationType): boolean {
  const key = SWITCH_OF_TYPE[type];
  return key === undefined || recipient[key];
}

const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** The e-mail of a notification: its message, and when it happened (UTC). */
export function notificationEmail(message: string, at: Date) {
  return {
    subject: `Stockyard: ${message.length > 120 ? `${message.slice(0, 117)}...` : message}`,
    body: `${message}\n\nTime: ${TIME_FORMAT.format(at)} UTC\n\nYou receive this e-mail because Email Notifications is on in your Stockyard settings.\n`,
  };
}

/**
 * Queues an e-mail inside the caller's transaction; the outbox worker sends it after the commit.
 * Nothing is queued when the server has no SMTP_URL.
 */
export async function queueEmail(
  ctx: AppContext,
  uow: UnitOfWork,
  mail: { userId: number | null; to: string; subject: string; body: string },
): Promise<void> {
  if (!ctx.mailer) return;
  await repo.insertEmails(uow.tx, [
    { userId: mail.userId, toAddress: mail.to, subject: mail.subject, body: mail.body },
  ]);
  uow.afterCommit(() => ctx.emailOutbox?.kick());
}

/**
 * Stores one notification per recipient inside the caller's transaction; they are pushed to the
 * recipients' sockets once it commits. This is the one place where the switches of Settings decide
 * delivery: a recipient whose switch for the type is off gets nothing, and one with Email
 * Notifications on gets an e-mail too (queued in the same transaction, sent after the commit).
 */
export async function notify(
  ctx: AppContext,
  uow: UnitOfWork,
  event: NotificationEvent,
): Promise<void> {
  const recipients = (await recipientsOf(uow, event)).filter((r) => switchAllows(r, event.type));
  if (recipients.length === 0) return;
  const rows = await repo.insertNotifications(
    uow.tx,
    recipients.map((recipient) => ({
      userId: recipient.id,
      type: event.type,
      message: event.message,
      locationId: event.locationId ?? null,
      data: event.data ?? null,
    })),
  );
  if (ctx.mailer) {
    const emailOf = new Map(recipients.filter((r) => r.emailAlerts).map((r) => [r.id, r.email]));
    const mails = rows.flatMap((row) => {
      const to = emailOf.get(row.userId);
      if (!to) return [];
      const { subject, body } = notificationEmail(row.message, row.createdAt);
      return [{ userId: row.userId, notificationId: row.id, toAddress: to, subject, body }];
    });
    if (mails.length > 0) {
      await repo.insertEmails(uow.tx, mails);
      uow.afterCommit(() => ctx.emailOutbox?.kick());
    }
  }
  uow.afterCommit(() => {
    ctx.events.emit(
      'notificationsCreated',
      rows.map((row) => ({
        ...repo.toNotificationItem(row),
        actorId: event.actorId ?? null,
        userId: row.userId,
      })),
    );
  });
}
