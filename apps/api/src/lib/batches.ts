import { sql } from 'drizzle-orm';

/** Keys a batched statement names at most: well under PostgreSQL's 65,535 parameters. */
const BATCH = 2000;

export function* batchesOf<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

/** An array bound as one parameter (node-postgres writes it as an array literal). */
export const listParam = (values: readonly unknown[]) => sql.param(values);
