import type { DbExecutor } from '../../db/client';
import { activityLogs } from '../../db/schema';

export type ActivityEntry = typeof activityLogs.$inferInsert;

export async function insertActivity(db: DbExecutor, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values(entry);
}
