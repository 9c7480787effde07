import { MAX_PAGE_LIMIT } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

const cache = new WeakMap<Database, Map<string, unknown>>();

/**
 * A named prepared statement of this database, built once. PostgreSQL then plans it once per
 * connection instead of at every call, which is most of the cost of a small read.
 */
export function prepared<T>(
  db: Database,
  name: string,
  build: (db: Database, name: string) => T,
): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db, name);
    statements.set(name, statement);
  }
  return statement;
}

/** A raw SQL read as a named prepared statement; for what the query builder cannot say. */
export async function preparedRows<T>(
  db: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const result = await db.$client.query({ name, text, values });
  return result.rows as T[];
}

/**
 * A page size as SQL text, for statements that write their LIMIT in (and are named by it): with a
 * parameter there, PostgreSQL can put no cost on a generic plan and plans the statement at every
 * call. Only a whole number within the API's cap is ever written.
 */
export function limitSql(limit: number): string {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw new RangeError(`a page size must be a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  }
  return String(limit);
}

/**
 * `limitSql` for a Drizzle query builder's `.limit()`: its types take a number or a placeholder,
 * and it writes an SQL chunk as it is.
 */
export function limitLiteral(limit: number): number {
  return sql.raw(limitSql(limit)) as unknown as number;
}
