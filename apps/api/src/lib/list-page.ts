import type { Placeholder, SQL, SQLWrapper } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  limitLiteral,
  pageOffset,
  placeholdersOnly,
  prepared,
  SCREEN_PAGE_SIZES,
} from './prepared';

/** Which rows of a list a page holds, as the list endpoints take them (page and limit). */
export type Page = { limit: number; offset: number };

/**
 * The list's total as a column of each row of its page, from a query that counts the list: a
 * subquery PostgreSQL runs once per query, so that the page and its total come in one round trip.
 */
export function totalColumn(count: SQLWrapper): SQL<number> {
  return sql<number>`(${count})`.mapWith(Number);
}

/**
 * A list's filters as its statement takes them: each one given is the placeholder of its name,
 * each one left out is undefined. The statement is written from these alone, never from the
 * filters' values, so that one statement serves every value of its shape.
 */
export type Shaped<F> = {
  [K in keyof F]: undefined extends F[K] ? Placeholder | undefined : Placeholder;
};

/** The page a list's statement reads, written into it as SQL for `.limit()` and `.offset()`. */
type PageBounds = {
  /** The page size, written in as its digits. */
  limit: number;
  /** 0 on the first page, written in; on a later page the placeholder `offset`. */
  offset: number;
  /** Where the page ends (`offset + limit`), for a read that stops there before it joins. */
  end: number;
};

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R[]> };
/** A query-builder select that can be prepared and shows its SQL. */
type Preparable<R> = { prepare(name: string): Prepared<R>; toSQL(): { params: unknown[] } };
/** A list's select not yet paged: `listPage` gives it its LIMIT and OFFSET. */
type PageQuery<Row> = { limit(limit: number): { offset(offset: number): Preparable<Row> } };
/** A list's count: a select of one row, `{ n: count() }`. */
type ListCount = Preparable<{ n: number }> & SQLWrapper;

/** A list as `listPage` reads it. */
export type List<F extends Record<string, unknown>, Row extends { total: number }> = {
  /** The list's name, unique among the lists: its statements are known by it. */
  name: string;
  /** The filters' values, a filter left out undefined (`offset` is the page's own name). */
  filters: F;
  /** The list's count. */
  count: (filters: Shaped<F>) => ListCount;
} & (
  | {
      /** The page's select, its fields holding `total` (the list's count as a subquery). */
      select: (total: SQL<number>, filters: Shaped<F>, page: PageBounds) => PageQuery<Row>;
    }
  | {
      /**
       * A select that pages itself, given `page.limit` and `page.offset` to write where its rows
       * are skipped: the page's ids read from an index alone, then only those rows joined, where
       * skipping joined rows joined every row skipped.
       */
      paged: (total: SQL<number>, filters: Shaped<F>, page: PageBounds) => Preparable<Row>;
    }
);

/**
 * A page of a list and the list's total, the one way lists are read (decision 062). The list is
 * written once from placeholders for its filters and prepared once per shape (filters given, first
 * page or later, page size); page and total come in one query, the count alone past the last page.
 *
 * Building throws on a parameter that is not a placeholder: its value would serve every later call.
 * A page size the screens do not offer runs unnamed, so no client can fill a connection with
 * statements.
 *
 * ```ts
 * const whereOf = (f: Shaped<{ role?: Role }>) =>
 *   and(isNull(users.deletedAt), f.role && eq(users.role, f.role));
 * return listPage(db, {
 *   name: 'users',
 *   filters: { role },
 *   select: (total, f) =>
 *     db.select({ user: users, total }).from(users).where(whereOf(f)).orderBy(desc(users.id)),
 *   count: (f) => db.select({ n: count() }).from(users).where(whereOf(f)),
 * }, page);
 * ```
 */
export async function listPage<F extends Record<string, unknown>, Row extends { total: number }>(
  db: Database,
  list: List<F, Row>,
  page: Page,
): Promise<{ rows: Omit<Row, 'total'>[]; total: number }> {
  if ('offset' in list.filters) throw new Error(`the list ${list.name} has a filter named offset`);
  const { shaped, values } = shapedFilters(list.filters);
  const shape = `${list.name}(${Object.keys(values).join(',')})`;
  const first = page.offset === 0;
  const limit = limitLiteral(page.limit);
  const offset = pageOffset(first);
  const bounds = { limit, offset, end: sql`${offset} + ${limit}` as unknown as number };
  const total = totalColumn(list.count(shaped));
  const build = (name: string) =>
    withOnlyPlaceholders(
      'paged' in list
        ? list.paged(total, shaped, bounds)
        : list.select(total, shaped, bounds).limit(limit).offset(offset),
      shape,
    ).prepare(name);
  const statement = SCREEN_PAGE_SIZES.has(page.limit)
    ? preparedOnce(db, `${shape} ${first ? 'first' : 'later'} ${page.limit}`, build)
    : build('');
  const found = await statement.execute(first ? values : { ...values, offset: page.offset });
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found.length > 0) return { rows, total: found[0]!.total };
  if (first) return { rows, total: 0 };
  const count = preparedOnce(db, `${shape} count`, (name) =>
    withOnlyPlaceholders(list.count(shaped), shape).prepare(name),
  );
  const [counted] = await count.execute(values);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Filters as a statement takes them: the placeholders of those given (`shaped`) and their
 * `values`, by name in order. A read of a list that is not a page (an export) writes its statement
 * from `shaped` as the page does, and runs it unnamed with `values`.
 */
export function shapedFilters<F extends Record<string, unknown>>(filters: F) {
  const given = Object.keys(filters)
    .filter((key) => filters[key] !== undefined)
    .sort();
  return {
    shaped: Object.fromEntries(given.map((key) => [key, sql.placeholder(key)])) as Shaped<F>,
    values: Object.fromEntries(given.map((key) => [key, filters[key]])),
  };
}

function withOnlyPlaceholders<Q extends { toSQL(): { params: unknown[] } }>(
  query: Q,
  shape: string,
) {
  placeholdersOnly(query.toSQL().params, `the list ${shape}`);
  return query;
}

/** Statement names by what they read: a shape's key can be longer than PostgreSQL keeps. */
const statementNames = new Map<string, string>();

/** A statement prepared once for `key`, under a short name of its own. */
function preparedOnce<T extends object>(db: Database, key: string, build: (name: string) => T): T {
  return prepared(db, key, () => {
    let name = statementNames.get(key);
    if (!name) {
      name = `list_${statementNames.size + 1}`;
      statementNames.set(key, name);
    }
    return build(name);
  });
}

/**
 * The LIKE pattern of a list's search: what was typed, anywhere in the text, with `%`, `_` and `\`
 * matched literally. A unit separator is taken out: the trigram indexes over two columns join them
 * with it, so that no match can span the two.
 */
export function containsPattern(search: string): string {
  const literal = search.replaceAll('\u001f', '').replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${literal}%`;
}
