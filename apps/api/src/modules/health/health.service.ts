import type { AppContext } from '../../context';
import * as repo from './health.repository';

/** Resolves when the database answers, throws its error when it does not. */
export async function checkDatabase(ctx: AppContext): Promise<void> {
  await repo.ping(ctx.db);
}
