import { MAX_PAGE_LIMIT, PAGE_SIZES } from '@stockyard/shared';
import { Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbExecutor } from '../db/client';

/*
 * Named prepared statements for the reads and writes made all the time (lists, the session check,
 * details, the dashboard, what every change writes): built once and planned once per connection,
 * since building and planning were most of a small read's cost (decision 062). Every value is a
 * placeholder: one written in would serve every later call, so building throws
 * (`placeholdersOnly`). `test/plans.test.ts` holds them to planning once per connection.
 */

/** The statements, by name, built once for every connection and transaction. */
const builtOnce = new Map<string, object>();

/** The connection a drizzle executor sends its queries to: the pool, or a transaction's client. */
function connectionOf(executor: DbExecutor): unknown {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('a drizzle executor without a session client');
  return client;
}

/**
 * A named prepared statement run on `executor`, the pool or an open transaction. drizzle binds a
 * prepared query to the client it was built on, so each call runs it on the executor's client (the
 * call's own object shadows the query's `client`).
 */
export function prepared<E extends DbExecutor, T extends object>(
  executor: E,
  name: string,
  build: (db: E, name: string) => T,
): T {
  let statement = builtOnce.get(name) as T | undefined;
  if (!statement) {
    statement = build(executor, name);
    // drizzle's prepared query keeps its parameters, placeholders unfilled, in `params`.
    placeholdersOnly((statement as { params?: unknown }).params, `the prepared statement ${name}`);
    // A drizzle that sent through another field would run every call on the first executor's
    // client: refused here rather than sent to a connection another request holds.
    if (!Object.hasOwn(statement, 'client')) {
      throw new Error(`the prepared statement ${name} does not send through its own client`);
    }
    builtOnce.set(name, statement);
  }
  return Object.create(statement, { client: { value: connectionOf(executor) } }) as T;
}

const dialect = new PgDialect();

/**
 * A statement written as SQL (a CTE no query builder writes) run as a named prepared statement:
 * its text rendered once, its placeholders filled from `values` by name, prepared on the
 * connection the first time it runs there and planned once per connection from then on.
 * Answers its rows as PostgreSQL sends them (snake_case, numbers as the pool's parsers give them).
 */
export function preparedSql<R extends object>(
  name: string,
  build: () => SQL,
): (executor: DbExecutor, values: Record<string, unknown>) => Promise<R[]> {
  let rendered: { text: string; names: string[] } | undefined;
  return async (executor, values) => {
    if (!rendered) {
      const query = dialect.sqlToQuery(build());
      placeholdersOnly(query.params, `the prepared statement ${name}`);
      rendered = {
        text: query.sql,
        names: query.params.map((param) => (param as Placeholder).name as string),
      };
    }
    const { text, names } = rendered;
    const client = connectionOf(executor) as pg.Pool | pg.PoolClient;
    const result = await client.query<R>({ name, text, values: names.map((key) => values[key]) });
    return result.rows;
  };
}

/**
 * Throws when a statement's parameters hold a value, not only placeholders (a column's value given
 * as one is a placeholder that its column encodes): the value would be served to every later call
 * of the statement, whatever that call asked for.
 */
export function placeholdersOnly(params: unknown, what: string): void {
  const placeholder = (param: unknown) =>
    param instanceof Placeholder || (param instanceof Param && param.value instanceof Placeholder);
  if (Array.isArray(params) && !params.every(placeholder)) {
    throw new Error(`${what} writes a value into its statement: take it as a placeholder`);
  }
}

/** The page sizes the screens offer: the only ones a list's statement is named for. */
export const SCREEN_PAGE_SIZES: ReadonlySet<number> = new Set(Object.values(PAGE_SIZES).flat());

/**
 * The placeholder `name` behind a scalar subquery, unseen by every plan: seen, each custom plan
 * looked cheaper than the generic one and PostgreSQL replanned at every call (1.9 against 0.7 ms
 * a later page). An index still takes the value as its condition.
 */
export function unseen(
  name: string,
  type: 'bigint' | 'integer' | 'integer[]' | 'text' | 'date' | 'timestamptz',
): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/**
 * Where a page starts, for a query builder's `.offset()`: 0 written in on the first page (its
 * statement of its own), and on a later page the placeholder `offset`, `unseen`: a generic plan
 * costs an offset it cannot see as skipping a tenth of the rows, far more than the pages people
 * ask.
 */
export function pageOffset(first: boolean): number {
  return (first ? sql.raw('0') : unseen('offset', 'bigint')) as unknown as number;
}

/**
 * A page size written into a query builder's `.limit()` as its digits: its types take a number or
 * a placeholder, and it writes an SQL chunk as it is, where a number would be a parameter.
 */
export function limitLiteral(limit: number): number {
  checkPageSize(limit);
  return sql.raw(String(limit)) as unknown as number;
}

/** Only a whole number within the API's cap is ever written into SQL. */
function checkPageSize(limit: number) {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw new RangeError(`a page size must be a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  }
}
