import { hasPermission, NOTIFICATION_ROUTING, type NotificationType } from '@stockyard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, StoredNotification } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { UnitOfWork } from '../../lib/transaction';
import { permissionsOf } from '../../lib/user-dto';
import { notificationEmail } from '../email-outbox/email-message';
import { queueEmails } from '../email-outbox/email-outbox.service';
import * as repo from './notifications.repository';

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

/**
 * Who may receive an event, before its actor, switches and flags are looked at: the admins and,
 * for the types of their location, its field managers; or the users it names. Events of one
 * audience (the transfers of one material) share one query when they are fanned out together.
 */
function audienceOf(event: repo.NotificationEventRow) {
  if (event.recipientIds) {
    const ids = [...new Set(event.recipientIds)].sort((a, b) => a - b);
    return { key: `users:${ids}`, find: (tx: DbExecutor) => repo.findRecipientsByIds(tx, ids) };
  }
  const locations =
    NOTIFICATION_ROUTING[event.type].audience === 'LOCATION'
      ? [event.locationId, event.otherLocationId].filter((id): id is number => id != null)
      : [];
  const sorted = [...new Set(locations)].sort((a, b) => a - b);
  return { key: `locations:${sorted}`, find: (tx: DbExecutor) => repo.findRecipients(tx, sorted) };
}

/** Whether the recipient's switch for this type (NOTIFICATION_ROUTING) lets it through. */
function switchAllows(recipient: repo.Recipient, type: NotificationType): boolean {
  const key = NOTIFICATION_ROUTING[type].switch;
  return key === undefined || recipient[key];
}

/** Whether the recipient may open the screen this type is about (NOTIFICATION_ROUTING). */
function flagAllows(recipient: repo.Recipient, type: NotificationType): boolean {
  const flag = NOTIFICATION_ROUTING[type].flag;
  return (
    flag === undefined ||
    hasPermission({ role: recipient.role, permissions: permissionsOf(recipient) }, flag)
  );
}

/** The events each open transaction wrote, fanned out together once it commits. */
const written = new WeakMap<UnitOfWork, number[]>();

/**
 * Writes the event once, inside the caller's transaction, and fans it out once that commits:
 * the change's own transaction holds no lock for the recipients' rows, and a
 * rolled-back change tells nobody. The fan-out is done before the change's reply is sent; should
 * it fail, or the process stop first, the sweep fans the event out later.
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
  uow.afterCommit(() => fanOutQueue(ctx).fanOut(mine));
}

type FanOutContext = Pick<AppContext, 'db' | 'events' | 'mailer' | 'emailOutbox'>;

/** Event ids fanned out in one transaction at most. */
const BATCH = 500;

/**
 * The events of this process's committed changes, waiting to be fanned out. They are fanned out
 * one transaction at a time, each taking all that committed meanwhile: at a burst of writes (200
 * transfers at once) a few transactions write every recipient's rows, instead of one each.
 */
class FanOutQueue {
  private waiting: Array<{ ids: number[]; done: () => void; failed: (error: unknown) => void }> =
    [];
  private running = false;

  constructor(private readonly ctx: FanOutContext) {}

  /** Resolves once the events are fanned out (here, or by a sweep that had claimed them). */
  fanOut(ids: number[]): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ ids, done, failed });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        let taken = 0;
        let count = 0;
        while (
          count < this.waiting.length &&
          (count === 0 || taken + this.waiting[count]!.ids.length <= BATCH)
        ) {
          taken += this.waiting[count]!.ids.length;
          count += 1;
        }
        const batch = this.waiting.splice(0, count);
        try {
          await fanOut(this.ctx, { ids: batch.flatMap((entry) => entry.ids) });
          for (const entry of batch) entry.done();
        } catch (error) {
          for (const entry of batch) entry.failed(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

const queues = new WeakMap<AppContext['db'], FanOutQueue>();

function fanOutQueue(ctx: FanOutContext): FanOutQueue {
  let queue = queues.get(ctx.db);
  if (!queue) {
    queue = new FanOutQueue(ctx);
    queues.set(ctx.db, queue);
  }
  return queue;
}

/**
 * Who receives an event of those its audience holds: not its actor, nor an account created after
 * it (the new user of a NEW_USER notice, someone added before a late fan-out), nor one whose
 * switch for the type is off (in Settings) or who lacks the flag of the screen it is
 * about. Read when it is fanned out, so a change of someone's flags or switches meanwhile holds.
 */
function deliveredTo(audience: repo.Recipient[], event: repo.NotificationEventRow) {
  return audience.filter(
    (r) =>
      r.id !== event.actorId &&
      r.createdMicros < event.createdMicros &&
      switchAllows(r, event.type) &&
      flagAllows(r, event.type),
  );
}

/**
 * Turns events into one notification per recipient, and an e-mail for each recipient with Email
 * Notifications on (queued in the outbox, sent by its worker), in one transaction that deletes the
 * events: an event is fanned out once, whole, or not at all. The notifications are pushed to the
 * recipients' sockets once it commits. `ids`: events of committed changes (waited for when a
 * sweep holds them); `limit`: the oldest left over (the sweep). Answers how many were fanned out.
 */
async function fanOut(
  ctx: FanOutContext,
  which: { ids: number[] } | { limit: number },
): Promise<number> {
  let pushed: StoredNotification[] = [];
  let mailed = false;
  const fanned = await ctx.db.transaction(async (tx) => {
    // Taken and deleted in one statement: an event is fanned out once, whole, or not at all.
    const events = await repo.takeEvents(tx, which);
    const audiences = new Map<string, repo.Recipient[]>();
    const deliveries: Array<{ event: repo.NotificationEventRow; recipient: repo.Recipient }> = [];
    for (const event of events) {
      const audience = audienceOf(event);
      let everyone = audiences.get(audience.key);
      if (!everyone) {
        everyone = await audience.find(tx);
        audiences.set(audience.key, everyone);
      }
      for (const recipient of deliveredTo(everyone, event)) deliveries.push({ event, recipient });
    }
    // A few statements for the whole batch, whatever its size: at a burst, round trips are the cost.
    const values = deliveries.map(({ event, recipient }) => ({
      userId: recipient.id,
      type: event.type,
      message: event.message,
      read: false,
      locationId: event.locationId,
      data: event.data,
      createdAt: event.createdAt,
    }));
    const ids = await repo.insertNotifications(tx, values);
    const rows = values.map((row, i) => ({ ...row, id: ids[i]! }));
    pushed = rows.map((row, i) => ({
      ...repo.toNotificationItem(row),
      actorId: deliveries[i]!.event.actorId,
      userId: row.userId,
    }));
    const { mailer } = ctx;
    if (mailer) {
      const mails = rows.flatMap((row, i) => {
        const { recipient } = deliveries[i]!;
        if (!recipient.emailAlerts) return [];
        const { subject, body } = notificationEmail(row, mailer.publicUrl);
        return [
          { userId: row.userId, notificationId: row.id, toAddress: recipient.email, subject, body },
        ];
      });
      await queueEmails(tx, mails);
      mailed = mails.length > 0;
    }
    return events.length;
  });
  if (pushed.length > 0) ctx.events.emit('notificationsCreated', pushed);
  if (mailed) ctx.emailOutbox?.kick();
  return fanned;
}

/** Fans out every event left over, a batch at a time; answers how many there were. */
export async function sweepEvents(ctx: FanOutContext, batch = 50): Promise<number> {
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
 * twice (takeEvents). `stop` clears the timer and waits for a sweep under way.
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
