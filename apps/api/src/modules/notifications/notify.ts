import {
  FLAG_OF_TYPE,
  hasPermission,
  type NotificationType,
  SWITCH_OF_TYPE,
} from '@stockyard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, StoredNotification } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { UnitOfWork } from '../../lib/transaction';
import { permissionsOf } from '../../lib/user-dto';
import * as repo from './notifications.repository';

/**
 * Who receives which type. Admins receive every type; a field manager receives the types
 * listed here when the event concerns their location (and they hold its flag, FLAG_OF_TYPE).
 * LOGIN goes only to the account itself.
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
  /** The user whose action this is: they are never told of it (their app showed its own success). */
  actorId?: number | null;
  data?: Record<string, unknown>;
};

async function recipientsOf(tx: DbExecutor, event: repo.NotificationEventRow) {
  if (event.recipientIds) {
    return repo.findRecipientsByIds(tx, event.id, [...new Set(event.recipientIds)]);
  }
  const locations = FIELD_MANAGER_TYPES.has(event.type)
    ? [event.locationId, event.otherLocationId].filter((id): id is number => id != null)
    : [];
  return repo.findRecipients(tx, event.id, locations);
}

/** Whether the recipient's switch for this type (Settings, decision 013) lets it through. */
export function switchAllows(recipient: repo.Recipient, type: NotificationType): boolean {
  const key = SWITCH_OF_TYPE[type];
  return key === undefined || recipient[key];
}

/** Whether the recipient may open the screen this type is about (FLAG_OF_TYPE). */
export function flagAllows(recipient: repo.Recipient, type: NotificationType): boolean {
  const flag = FLAG_OF_TYPE[type];
  return (
    flag === undefined ||
    hasPermission({ role: recipient.role, permissions: permissionsOf(recipient) }, flag)
  );
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

/** The events each open transaction wrote, fanned out together once it commits. */
const written = new WeakMap<UnitOfWork, number[]>();

/**
 * Writes the event once, inside the caller's transaction, and fans it out once that commits
 * (decision 020): the change's own transaction holds no lock for the recipients' rows, and a
 * rolled-back change tells nobody. The fan-out runs before the change's reply is sent; should it
 * fail, or the process stop first, the sweep fans the event out later.
 */
export async function notify(
  ctx: AppContext,
  uow: UnitOfWork,
  event: NotificationEvent,
): Promise<void> {
  const id = await repo.insertEvent(uow.tx, {
    type: event.type,
    message: event.message,
    locationId: event.locationId ?? null,
    otherLocationId: event.otherLocationId ?? null,
    recipientIds: event.recipientIds ?? null,
    actorId: event.actorId ?? null,
    data: event.data ?? null,
  });
  const ids = written.get(uow);
  if (ids) {
    ids.push(id);
    return;
  }
  const mine = [id];
  written.set(uow, mine);
  uow.afterCommit(async () => {
    await fanOut(ctx, { ids: mine });
  });
}

/**
 * Who receives an event: the admins and, for the types of their location, its field managers (or
 * the users it names), less its actor, those whose switch for the type is off (Settings, decision
 * 013) and those without the flag of the screen it is about. Read when it is fanned out, so a
 * change of someone's flags or switches meanwhile holds.
 */
async function deliveredTo(tx: DbExecutor, event: repo.NotificationEventRow) {
  return (await recipientsOf(tx, event)).filter(
    (r) => r.id !== event.actorId && switchAllows(r, event.type) && flagAllows(r, event.type),
  );
}

/**
 * Turns events into one notification per recipient, and an e-mail for each recipient with Email
 * Notifications on (queued in the outbox, sent by its worker), in one transaction that deletes the
 * events: an event is fanned out once, whole, or not at all. The notifications are pushed to the
 * recipients' sockets once it commits. `ids`: a change's own events, just committed; `limit`: the
 * oldest left over (the sweep). Answers how many events were fanned out.
 */
export async function fanOut(
  ctx: Pick<AppContext, 'db' | 'events' | 'mailer' | 'emailOutbox'>,
  which: { ids: number[] } | { limit: number },
): Promise<number> {
  const pushed: StoredNotification[] = [];
  let mailed = false;
  const fanned = await ctx.db.transaction(async (tx) => {
    const events = await repo.claimEvents(tx, which);
    for (const event of events) {
      const recipients = await deliveredTo(tx, event);
      if (recipients.length === 0) continue;
      const rows = await repo.insertNotifications(
        tx,
        recipients.map((recipient) => ({
          userId: recipient.id,
          type: event.type,
          message: event.message,
          locationId: event.locationId,
          data: event.data,
          createdAt: event.createdAt,
        })),
      );
      for (const row of rows) {
        pushed.push({
          ...repo.toNotificationItem(row),
          actorId: event.actorId,
          userId: row.userId,
        });
      }
      if (ctx.mailer) {
        const emailOf = new Map(
          recipients.filter((r) => r.emailAlerts).map((r) => [r.id, r.email]),
        );
        const mails = rows.flatMap((row) => {
          const to = emailOf.get(row.userId);
          if (!to) return [];
          const { subject, body } = notificationEmail(row.message, row.createdAt);
          return [{ userId: row.userId, notificationId: row.id, toAddress: to, subject, body }];
        });
        await repo.insertEmails(tx, mails);
        mailed ||= mails.length > 0;
      }
    }
    await repo.deleteEvents(
      tx,
      events.map((event) => event.id),
    );
    return events.length;
  });
  if (pushed.length > 0) ctx.events.emit('notificationsCreated', pushed);
  if (mailed) ctx.emailOutbox?.kick();
  return fanned;
}

/** Fans out every event left over, a batch at a time; answers how many there were. */
export async function sweepEvents(
  ctx: Pick<AppContext, 'db' | 'events' | 'mailer' | 'emailOutbox'>,
  batch = 50,
): Promise<number> {
  let total = 0;
  for (;;) {
    const fanned = await fanOut(ctx, { limit: batch });
    total += fanned;
    if (fanned < batch) return total;
  }
}

/**
 * Sweeps at start and every `everyMs`: the events whose fan-out after their commit did not happen
 * (the process stopped, or the fan-out failed). Several processes sweep without fanning one event
 * twice (claimEvents). `stop` clears the timer and waits for a sweep under way.
 */
export function scheduleEventSweep(
  ctx: AppContext,
  log: FastifyBaseLogger,
  everyMs = 5_000,
): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweepEvents(ctx)
      .then((swept) => {
        if (swept > 0) log.info({ swept }, 'notification events fanned out by the sweep');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'notification sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
