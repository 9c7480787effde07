import type { NotificationType } from '@stockyard/shared';
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

async function recipientsOf(uow: UnitOfWork, event: NotificationEvent): Promise<number[]> {
  if (event.recipientIds) return [...new Set(event.recipientIds)];
  const locations = FIELD_MANAGER_TYPES.has(event.type)
    ? [event.locationId, event.otherLocationId].filter((id): id is number => id != null)
    : [];
  return repo.findRecipientIds(uow.tx, locations);
}

/**
 * Stores one notification per recipient inside the caller's transaction; they are pushed to the
 * recipients' sockets once it commits.
 */
export async function notify(
  ctx: AppContext,
  uow: UnitOfWork,
  event: NotificationEvent,
): Promise<void> {
  const recipients = await recipientsOf(uow, event);
  if (recipients.length === 0) return;
  const rows = await repo.insertNotifications(
    uow.tx,
    recipients.map((userId) => ({
      userId,
      type: event.type,
      message: event.message,
      locationId: event.locationId ?? null,
      data: event.data ?? null,
    })),
  );
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
