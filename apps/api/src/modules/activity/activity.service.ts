import type { ActivityLogsPage, ActivityLogsQuery } from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { paginate } from '../../lib/reply';
import { dayRange } from '../../lib/zoned-day';
import { type ActivityEntry, insertActivity, listActivityLogs } from './activity.repository';

/**
 * Records one activity log entry. Call it with the transaction of the write it describes,
 * so that the entry exists exactly when the change does.
 */
export async function recordActivity(db: DbExecutor, entry: ActivityEntry): Promise<void> {
  await insertActivity(db, entry);
}

/** A page of the log, newest first unless asked otherwise; `startDate` keeps that one day. */
export async function listActivity(
  ctx: AppContext,
  query: ActivityLogsQuery,
): Promise<ActivityLogsPage> {
  const day = query.startDate ? dayRange(query.startDate, query.timeZone) : undefined;
  const filters = { locationId: query.locationId, day };
  const { rows: logs, total: totalLogs } = await listActivityLogs(
    ctx.db,
    filters,
    query.sortOrder,
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    },
  );
  return {
    logs,
    totalLogs,
    totalPages: paginate(totalLogs, query.page, query.limit).totalPages,
    currentPage: query.page,
  };
}
