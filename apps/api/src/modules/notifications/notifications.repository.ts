import type { NotificationItem, NotificationType } from '@stockyard/shared';
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { notifications, users } from '../../db/schema';

export type NotificationFilters = { type?: NotificationType; search?: string };

const itemColumns = {
  id: notifications.id,
  message: notifications.message,
  type: notifications.type,
  read: notifications.read,
  createdAt: notifications.createdAt,
};

type ItemRow = Pick<typeof notifications.$inferSelect, keyof typeof itemColumns>;

export function toNotificationItem(row: ItemRow): NotificationItem {
  return {
    id: row.id,
    message: row.message,
    type: row.type,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%` and `_` in what the user typed are matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtersOf(userId: number, filters: NotificationFilters): SQL | undefined {
  return and(
    eq(notifications.userId, userId),
    filters.type ? eq(notifications.type, filters.type) : undefined,
    filters.search ? ilike(notifications.message, containsPattern(filters.search)) : undefined,
  );
}

/** Active admins, plus the active field managers of the locations given. */
export async function findRecipientIds(
  db: DbExecutor,
  fieldManagersOf: number[],
): Promise<number[]> {
  const fieldManagers =
    fieldManagersOf.length === 0
      ? undefined
      : and(
          eq(users.role, 'USER'),
          fieldManagersOf.length === 1
            ? eq(users.locationId, fieldManagersOf[0]!)
            : inArray(users.locationId, fieldManagersOf),
        );
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, true),
        isNull(users.deletedAt),
        fieldManagers ? or(eq(users.role, 'ADMIN'), fieldManagers) : eq(users.role, 'ADMIN'),
      ),
    );
  return rows.map((r) => r.id);
}

export async function insertNotifications(
  db: DbExecutor,
  rows: Array<typeof notifications.$inferInsert>,
) {
  return db
    .insert(notifications)
    .values(rows)
    .returning({ ...itemColumns, userId: notifications.userId });
}

export async function listNotifications(
  db: DbExecutor,
  userId: number,
  filters: NotificationFilters,
  page: { limit: number; offset: number },
): Promise<NotificationItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(notifications)
    .where(filtersOf(userId, filters))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toNotificationItem);
}

/** The filtered total and the user's unread count (whatever the filters), in one query. */
export async function countNotifications(
  db: DbExecutor,
  userId: number,
  filters: NotificationFilters,
): Promise<{ total: number; unread: number }> {
  const matching = filtersOf(userId, filters);
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${matching})`.mapWith(Number),
      unread: sql<number>`count(*) filter (where ${notifications.read} = false)`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

export async function markAllRead(db: DbExecutor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function markRead(
  db: DbExecutor,
  userId: number,
  id: number,
): Promise<NotificationItem | null> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning(itemColumns);
  return row ? toNotificationItem(row) : null;
}

export async function deleteNotification(
  db: DbExecutor,
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
