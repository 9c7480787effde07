import type { ActivityLogItem } from '@stockyard/shared';
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client';
import { activityLogs, locations, users } from '../../db/schema';
import { type Page, pageAndTotal, totalColumn } from '../../lib/list-page';
import { limitLiteral, preparedList } from '../../lib/prepared';

export type ActivityEntry = typeof activityLogs.$inferInsert;

export async function insertActivity(db: DbExecutor, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values(entry);
}

export type ActivityFilters = { locationId?: number; day?: { from: Date; to: Date } };
type Order = 'asc' | 'desc';

const userLocation = alias(locations, 'user_location');
const p = sql.placeholder;

/**
 * The page of entries, prepared once per combination of the filters given and order (decision
 * 009): with who did them and where, and their total, in one query.
 */
function activityPage(
  db: Database,
  given: { location: boolean; day: boolean },
  order: Order,
  page: Page,
) {
  const shape = `${Number(given.location)}${Number(given.day)}_${order}`;
  return preparedList(db, `activity_list_${shape}`, page, (d, name, limit, offset) => {
    const where = and(
      given.location ? eq(activityLogs.locationId, p('locationId')) : undefined,
      given.day ? gte(activityLogs.timestamp, p('from')) : undefined,
      given.day ? lt(activityLogs.timestamp, p('to')) : undefined,
    );
    const direction = order === 'asc' ? asc : desc;
    return d
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
        total: totalColumn(d.select({ n: count() }).from(activityLogs).where(where)),
      })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .leftJoin(userLocation, eq(userLocation.id, users.locationId))
      .leftJoin(locations, eq(locations.id, activityLogs.locationId))
      .where(where)
      .orderBy(direction(activityLogs.timestamp), direction(activityLogs.id))
      .limit(limitLiteral(limit))
      .offset(offset)
      .prepare(name);
  });
}

/** A page of entries with who did them and where, and their total. */
export async function listActivityLogs(
  db: Database,
  filters: ActivityFilters,
  order: Order,
  page: Page,
): Promise<{ rows: ActivityLogItem[]; total: number }> {
  const { locationId, day } = filters;
  const given = { location: locationId !== undefined, day: day !== undefined };
  const read = ({ limit, offset }: Page) =>
    activityPage(db, given, order, { limit, offset }).execute({
      locationId,
      from: day?.from,
      to: day?.to,
      offset,
    });
  const { rows, total } = await pageAndTotal(read, page);
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
