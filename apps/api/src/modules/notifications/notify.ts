import type { NotificationType } from '@stockyard/shared';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notifications, users } from '../../db/schema';
import type { UnitOfWork } from '../../lib/transaction';

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
]);

export type NotificationEvent = {
  type: NotificationType;
  message: string;
  /** The location the event concerns; field managers of it receive it. */
  locationId?: number | null;
  /** Send to exactly these users instead of the table (the LOGIN notice). */
  recipientIds?: number[];
  data?: Record<string, unknown>;
};

async function recipientsOf(uow: UnitOfWork, event: NotificationEvent): Promise<number[]> {
  if (event.recipientIds) return event.recipientIds;
  const concernsLocation =
    event.locationId != null && FIELD_MANAGER_TYPES.has(event.type)
      ? and(eq(users.role, 'USER'), eq(users.locationId, event.locationId))
      : undefined;
  const rows = await uow.tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, true),
        isNull(users.deletedAt),
        concernsLocation ? or(eq(users.role, 'ADMIN'), concernsLocation) : eq(users.role, 'ADMIN'),
      ),
    );
  return rows.map((r) => r.id);
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
  const rows = await uow.tx
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        userId,
        type: event.type,
        message: event.message,
        locationId: event.locationId ?? null,
        data: event.data ?? null,
      })),
    )
    .returning();
  uow.afterCommit(() => {
    ctx.events.emit(
      'notificationsCreated',
      rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        type: r.type,
        message: r.message,
        read: r.read,
        createdAt: r.createdAt.toISOString(),
      })),
    );
  });
}
