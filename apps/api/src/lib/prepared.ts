import { MAX_PAGE_LIMIT, PAGE_SIZES } from '@stockyard/shared';
import { Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

/*
 * Named prepared statements: the reads people make all the time are built once and planned once
 * per connection, since building and planning were most of a small read's cost (decision 062):
 * - every list, by `listPage` (lib/list-page.ts), the one way a list is read, per shape of its
 *   filters and page size (a list that reads a page's start or ids first gives it a `paged` select);
 * - the session check (auth.repository `findLiveSession`), which every signed-in call runs first;
 * - the details, each one read with its lines: a material, an invoice, a rental
 *   request, a material rental, a staff member and their attendance overview;
 * - low stock, the job type summary's sums and the material picker's options;
 * - the dashboard's stock, units out on rentals (now and when the month began), charts (of days,
 *   and of a year) and cards, per scope (an admin's or a
 *   location's);
 * - the statements every change writes (its Idempotency-Key, its activity entry, the stock
 *   ledger's), run in the change's transaction.
 * A prepared read takes every value it reads as a placeholder (`sql.placeholder`), never written
 * into its SQL: a value written in would be served to every later call of the statement, so
 * building one throws (`placeholdersOnly`). `test/plans.test.ts` holds these reads to planning once
 * per connection.
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
 * A named prepared statement run on `executor`, the pool or an open transaction: built by drizzle
 * once, and planned by PostgreSQL once per connection instead of at every call, which is most of
 * the cost of a small read or write. drizzle binds a prepared query to the client it was built on;
 * so the query is built once and each call runs it on the executor's client (the call's own
 * object shadows the query's `client`).
 * `test/prepared-on.test.ts` holds a statement to the transaction it is run in: it sees the
 * transaction's rows, and a rollback takes back what it wrote.
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
 * The placeholder `name` read through a scalar subquery, unseen by every plan of its prepared
 * read. A generic plan costs a value it cannot see by the column's average, while each custom
 * plan is costed with the call's own value, often far less; the generic plan then looked dearer
 * and PostgreSQL planned the read again at every call (1.9 against 0.7 ms of a later page,
 * decision 062). Unseen by both, they cost the same and the statement keeps its generic plan; an
 * index still takes the value as its condition.
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
