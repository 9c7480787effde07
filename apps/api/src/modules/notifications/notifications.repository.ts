import {
  type NotificationItem,
  type NotificationType,
  notificationPath,
  PERMISSION_FLAGS,
  type PermissionFlag,
} from '@stockyard/shared';
import {
  and,
  type Column,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { notificationEvents, notifications, users } from '../../db/schema';
import {
  containsPattern,
  listPage,
  type Page,
  type Shaped,
  shapedFilters,
  totalColumn,
} from '../../lib/list-page';
import { matches } from '../../lib/search';

export type NotificationFilters = { type?: NotificationType; search?: string };

const itemColumns = {
  id: notifications.id,
  message: notifications.message,
  type: notifications.type,
  read: notifications.read,
  createdAt: notifications.createdAt,
  data: notifications.data,
};

type ItemRow = Pick<typeof notifications.$inferSelect, keyof typeof itemColumns>;

/** What the user is shown: its data only as the page it opens. */
export function toNotificationItem(row: ItemRow): NotificationItem {
  return {
    id: row.id,
    message: row.message,
    type: row.type,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    path: notificationPath(row.type, row.data),
  };
}

/** The list's filters as its statement takes them: the search as a LIKE pattern. */
function listed(userId: number, filters: NotificationFilters) {
  return {
    userId,
    type: filters.type,
    pattern: filters.search ? containsPattern(filters.search) : undefined,
  };
}

/** The user's notifications; `%` and `_` in what the user typed are matched literally. */
function whereOf(f: Shaped<ReturnType<typeof listed>>): SQL | undefined {
  return and(
    eq(notifications.userId, f.userId),
    f.type && eq(notifications.type, f.type),
    f.pattern && matches(notifications.message, f.pattern),
  );
}

/**
 * The user's unread count, whatever the list's filters. `read = false` is written in, not a
 * placeholder: it is the predicate of the partial index `notifications_user_unread_idx`.
 */
function unreadOf(db: Database, f: Pick<Shaped<ReturnType<typeof listed>>, 'userId'>) {
  return db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, f.userId), sql`${notifications.read} = false`));
}

export type Recipient = {
  id: number;
  email: string;
  role: 'ADMIN' | 'USER';
  emailAlerts: boolean;
  lowStockAlerts: boolean;
  rentalAlerts: boolean;
  loginAlerts: boolean;
  /** When the account was created, in microseconds since the epoch (exact, to compare). */
  createdMicros: number;
} & Record<PermissionFlag, boolean>;

/** A time column in microseconds since the epoch: exact (a Date keeps milliseconds only). */
const micros = (column: Column) => sql<number>`(extract(epoch from ${column}) * 1000000)::bigint`;

const recipientColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  emailAlerts: users.emailAlerts,
  lowStockAlerts: users.lowStockAlerts,
  rentalAlerts: users.rentalAlerts,
  loginAlerts: users.loginAlerts,
  createdMicros: micros(users.createdAt),
  ...(Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, users[flag]])) as {
    [F in PermissionFlag]: (typeof users)[F];
  }),
};

/** Active admins, plus the active field managers of the locations given, with their switches and flags. */
export async function findRecipients(
  db: DbExecutor,
  fieldManagersOf: number[],
): Promise<Recipient[]> {
  const fieldManagers =
    fieldManagersOf.length === 0
      ? undefined
      : and(
          eq(users.role, 'USER'),
          fieldManagersOf.length === 1
            ? eq(users.locationId, fieldManagersOf[0]!)
            : inArray(users.locationId, fieldManagersOf),
        );
  return db
    .select(recipientColumns)
    .from(users)
    .where(
      and(
        eq(users.status, true),
        isNull(users.deletedAt),
        fieldManagers ? or(eq(users.role, 'ADMIN'), fieldManagers) : eq(users.role, 'ADMIN'),
      ),
    );
}

/** The users named, with their switches and flags (deleted accounts are left out). */
export async function findRecipientsByIds(db: DbExecutor, ids: number[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
}

export type NotificationEventRow = typeof notificationEvents.$inferSelect & {
  /** When it happened, in microseconds since the epoch. */
  createdMicros: number;
};

/** Stores an event in the caller's transaction; its id is what the fan-out claims. */
export async function insertEvent(
  db: DbExecutor,
  row: typeof notificationEvents.$inferInsert,
): Promise<number> {
  const [inserted] = await db
    .insert(notificationEvents)
    .values(row)
    .returning({ id: notificationEvents.id });
  return inserted!.id;
}

/**
 * Takes events to fan out: deletes them in the caller's transaction and answers them, oldest
 * first (rolled back with it, they are still there for the next try). The ones named are waited
 * for when another transaction holds them (it is fanning them out: once it commits they are gone);
 * otherwise the oldest are taken and the ones another process holds are skipped, so that no
 * event is fanned out twice.
 */
export async function takeEvents(
  db: DbExecutor,
  which: { ids: number[] } | { limit: number },
): Promise<NotificationEventRow[]> {
  const taken =
    'ids' in which
      ? inArray(notificationEvents.id, which.ids)
      : inArray(
          notificationEvents.id,
          db
            .select({ id: notificationEvents.id })
            .from(notificationEvents)
            .orderBy(notificationEvents.id)
            .limit(which.limit)
            .for('update', { skipLocked: true }),
        );
  const rows = await db
    .delete(notificationEvents)
    .where(taken)
    .returning({
      ...getTableColumns(notificationEvents),
      createdMicros: micros(notificationEvents.createdAt),
    });
  return rows.sort((a, b) => a.id - b.id);
}

/** Rows written by one statement at most: well within the bound on a statement's parameters. */
const ROWS_PER_INSERT = 2000;

/**
 * Writes the rows and answers their ids in the rows' order: one multi-row VALUES insert answers
 * its rows in its list's order, checked by their users (a mismatch fails the fan-out whole).
 */
export async function insertNotifications(
  db: DbExecutor,
  rows: Array<Omit<typeof notifications.$inferInsert, 'id'>>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    const written = await db
      .insert(notifications)
      .values(rows.slice(at, at + ROWS_PER_INSERT))
      .returning({ id: notifications.id, userId: notifications.userId });
    written.forEach((row, i) => {
      if (row.userId !== rows[at + i]!.userId)
        throw new Error('notifications answered out of order');
      ids.push(row.id);
    });
  }
  return ids;
}

/** A page of the user's notifications, newest first, with the totals the bell and the screen show. */
export async function listNotifications(
  db: Database,
  userId: number,
  filters: NotificationFilters,
  page: Page,
): Promise<{ rows: NotificationItem[]; total: number; unread: number }> {
  const { rows, total } = await listPage(
    db,
    {
      name: 'notifications',
      filters: listed(userId, filters),
      select: (total, f) =>
        db
          .select({ ...itemColumns, unread: totalColumn(unreadOf(db, f)), total })
          .from(notifications)
          .where(whereOf(f))
          .orderBy(desc(notifications.createdAt), desc(notifications.id)),
      count: (f) => db.select({ n: count() }).from(notifications).where(whereOf(f)),
    },
    page,
  );
  // With no row on the page (none matches, or past the last page), it is counted alone.
  const unreadCount = rows[0]?.unread ?? (await unreadAlone(db, userId));
  return { rows: rows.map(toNotificationItem), total, unread: unreadCount };
}

/** The user's unread count read alone, from the same placeholder as the page's. */
async function unreadAlone(db: Database, userId: number): Promise<number> {
  const { shaped, values } = shapedFilters({ userId });
  const [row] = await unreadOf(db, shaped).prepare('').execute(values);
  return row?.n ?? 0;
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
