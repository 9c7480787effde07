import { MAX_PAGE_LIMIT, PAGE_SIZES } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/*
 * Named prepared statements: the exception. Reads are written the plain way, built and planned
 * when asked (lists through `listPage`, decision 026); a read is prepared by name only where a
 * budget of `npm run bench` is missed without it, with both figures in a decision:
 * - the session check (auth.repository `findLiveSession`): every signed-in request runs it first
 *   and every budget is a ratio to it; plain it cost about three times the CPU (decision 026);
 * - the invoice detail's three reads (invoices.repository `findInvoice`, `findItems`,
 *   `findUsages`): plain they cost about four times the CPU, and the detail's cold budget, met at
 *   37 % of the session check with them, would be missed (decision 026, the invoices' section);
 * - the material rental detail (material-rentals.repository `findRental`, the rental with its
 *   items): plain 3.2 to 4.0 ms of CPU a call, 22 % of the session check; prepared 1.3 to 1.5 ms,
 *   54 to 57 % (decision 028);
 * - the material rentals' pages without a search (`listRentals`, `preparedList` per destination
 *   and kind of status): 7.4 to 7.6 ms a call plain, 5.8 to 6.0 prepared, 9 % to 14 to 16 % of the
 *   session check (decision 028).
 * `test/plans.test.ts` holds these to planning once per connection. Any other caller is a read
 * left from decisions 005 and 009 (`preparedList`: the rental requests' lists) that its module's
 * own change has not yet weighed: it goes plain, or is added here with its figures.
 */

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

/** The page sizes the screens offer: the only ones a list's statement is named for. */
export const SCREEN_PAGE_SIZES: ReadonlySet<number> = new Set(Object.values(PAGE_SIZES).flat());

/** The page a list's read is for: its size, and how many rows it skips (none given: not used). */
export type PageBounds = { limit: number; offset?: number };

/**
 * A list's read for one page size, written into its LIMIT (decision 009): with a parameter there
 * PostgreSQL cannot cost a generic plan and plans some reads again at every call. It is prepared
 * by name for the page sizes the screens offer, a fixed and small set of statements; any other
 * size a client asks for runs unnamed (`build` gets an empty name), parsed and planned each time.
 *
 * The first page is a statement of its own with OFFSET 0 written in; `build` writes `offset`
 * where the read skips rows. A generic plan with an offset parameter is costed as if it skipped a
 * tenth of the rows, so on a large table PostgreSQL keeps planning the first page at every call
 * (the rental list's: 1.6 ms a call planned, 0.29 ms on its generic plan).
 */
export function preparedList<T>(
  db: Database,
  name: string,
  page: PageBounds,
  build: (db: Database, name: string, limit: number, offset: number) => T,
): T {
  const { limit } = page;
  checkPageSize(limit);
  const first = page.offset === 0;
  const offset = (first ? sql.raw('0') : sql.placeholder('offset')) as unknown as number;
  const shape = first ? `${name}_first` : name;
  return SCREEN_PAGE_SIZES.has(limit)
    ? prepared(db, `${shape}_${limit}`, (d, named) => build(d, named, limit, offset))
    : build(db, '', limit, offset);
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
