import type { DbExecutor } from '../../db/client';
import { type ActivityEntry, insertActivity } from './activity.repository';

/**
 * Records one activity log entry. Call it with the transaction of the write it describes,
 * so that the entry exists exactly when the change does.
 */
export async function recordActivity(db: DbExecutor, entry: ActivityEntry): Promise<void> {
  await insertActivity(db, entry);
}
