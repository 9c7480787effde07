import type { ActivityLogItem } from '@stockyard/shared';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import { activityLogs, locations, users } from '../../db/schema';

export type ActivityEntry = typeof activityLogs.$inferInsert;

export async function insertActivity(db: DbExecutor, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values(entry);
}

export type ActivityFilters = { locationId?: number; from?: Date; to?: Date };

function filtersOf(filters: ActivityFilters): SQL | undefined {
  return and(
    filters.locationId ? eq(activityLogs.locationId, filters.locationId) : undefined,
    filters.from ? gte(activityLogs.timestamp, filters.from) : undefined,
    filters.to ? lt(activityLogs.timestamp, filters.to) : undefined,
  );
}

const userLocation = alias(locations, 'user_location');

/** A page of entries with who did them and where, in one query. */
export async function listActivityLogs(
  db: DbExecutor,
  filters: ActivityFilters,
  order: 'asc' | 'desc',
  page: { limit: number; offset: number },
): Promise<ActivityLogItem[]> {
  const direction = order === 'asc' ? asc : desc;
  const rows = await db
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
    })
    .from(activityLogs)
    .leftJoin(users, eq(users.id, activityLogs.userId))
    .leftJoin(userLocation, eq(userLocation.id, users.locationId))
    .leftJoin(locations, eq(locations.id, activityLogs.locationId))
    .where(filtersOf(filters))
    .orderBy(direction(activityLogs.timestamp), direction(activityLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
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
  }));
}

export async function countActivityLogs(db: DbExecutor, filters: ActivityFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(activityLogs).where(filtersOf(filters));
  return row?.n ?? 0;
}
