import type { ActivityLogItem } from '@stockyard/shared';
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client';
import { activityLogs, locations, users } from '../../db/schema';
import { listPage, type Page, type Shaped } from '../../lib/list-page';
import { prepared } from '../../lib/prepared';

export type ActivityEntry = typeof activityLogs.$inferInsert;

const p = sql.placeholder;

/** Writes an entry of the log: every change writes one, so it is a named statement. */
export async function insertActivity(db: DbExecutor, entry: ActivityEntry): Promise<void> {
  const statement = prepared(db, 'activity_log_insert', (d, name) =>
    d
      .insert(activityLogs)
      .values({
        userId: p('userId'),
        action: p('action'),
        description: p('description'),
        entityType: p('entityType'),
        entityId: p('entityId'),
        locationId: p('locationId'),
        // Written as JSON text, so that an entry without details has none (NULL, not JSON null).
        details: sql`${p('details')}::jsonb`,
        ip: p('ip'),
        timestamp: sql`coalesce(${p('timestamp')}::timestamptz, now())`,
      })
      .prepare(name),
  );
  await statement.execute({
    userId: entry.userId ?? null,
    action: entry.action,
    description: entry.description,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    locationId: entry.locationId ?? null,
    details: entry.details == null ? null : JSON.stringify(entry.details),
    ip: entry.ip ?? null,
    timestamp: entry.timestamp ?? null,
  });
}

export type ActivityFilters = { locationId?: number; day?: { from: Date; to: Date } };
type Order = 'asc' | 'desc';

const userLocation = alias(locations, 'user_location');

/** The list's filters as its statement takes them: the day as its two bounds. */
function listed(filters: ActivityFilters) {
  return { locationId: filters.locationId, from: filters.day?.from, to: filters.day?.to };
}

/** One location's entries, or everyone's; with a day, the entries from its start to its end. */
function whereOf(f: Shaped<ReturnType<typeof listed>>) {
  return and(
    f.locationId && eq(activityLogs.locationId, f.locationId),
    f.from && gte(activityLogs.timestamp, f.from),
    f.to && lt(activityLogs.timestamp, f.to),
  );
}

/** A page of entries with who did them and where, and their total. */
export async function listActivityLogs(
  db: Database,
  filters: ActivityFilters,
  order: Order,
  page: Page,
): Promise<{ rows: ActivityLogItem[]; total: number }> {
  const direction = order === 'asc' ? asc : desc;
  const { rows, total } = await listPage(
    db,
    {
      // The order is part of the statement: a list of its own for each.
      name: `activity_${order}`,
      filters: listed(filters),
      select: (total, f) =>
        db
          .select({
            id: activityLogs.id,
            action: activityLogs.action,
            description: activityLogs.description,
            timestamp: activityLogs.timestamp,
            details: activityLogs.details,
            userName: users.name,
            userEmail: users.email,
            userLocationName: userLocation.name,
            userLocationAddress: userLocation.address,
            userLocationType: userLocation.type,
            locationId: locations.id,
            locationName: locations.name,
            locationAddress: locations.address,
            locationType: locations.type,
            total,
          })
          .from(activityLogs)
          .leftJoin(users, eq(users.id, activityLogs.userId))
          .leftJoin(userLocation, eq(userLocation.id, users.locationId))
          .leftJoin(locations, eq(locations.id, activityLogs.locationId))
          .where(whereOf(f))
          .orderBy(direction(activityLogs.timestamp), direction(activityLogs.id)),
      count: (f) => db.select({ n: count() }).from(activityLogs).where(whereOf(f)),
    },
    page,
  );
  const items = rows.map(
    (row): ActivityLogItem => ({
      id: row.id,
      action: row.action,
      description: row.description,
      timestamp: row.timestamp.toISOString(),
      details: row.details ?? null,
      user:
        row.userName === null || row.userEmail === null
          ? null
          : {
              name: row.userName,
              email: row.userEmail,
              location:
                row.userLocationName === null
                  ? null
                  : {
                      name: row.userLocationName,
                      address: row.userLocationAddress ?? '',
                      type: row.userLocationType ?? '',
                    },
            },
      location:
        row.locationId === null
          ? null
          : {
              id: row.locationId,
              name: row.locationName ?? '',
              address: row.locationAddress ?? '',
              type: row.locationType ?? '',
            },
    }),
  );
  return { rows: items, total };
}
