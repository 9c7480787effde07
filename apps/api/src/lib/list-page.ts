import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Which rows of a list a page holds, as the list endpoints take them (page and limit). */
export type Page = { limit: number; offset: number };

/**
 * A list's count: a query-builder select of one row, `{ n: count() }`. It is run inside the page's
 * query as a subquery, and alone only past the last page.
 */
export type ListCount = SQLWrapper & PromiseLike<{ n: number }[]>;

/** A query-builder select not yet paged: the helper gives it its LIMIT and OFFSET. */
export type PageQuery<Row> = {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
};

/**
 * The list's total as a column of each row of its page, from a query that counts the list: a
 * subquery PostgreSQL runs once per query, so that the page and its total come in one round trip.
 */
export function totalColumn(count: SQLWrapper): SQL<number> {
  return sql<number>`(${count})`.mapWith(Number);
}

/**
 * A page of a list and the list's total, the one way lists are read (decision 026): `select`
 * builds the list's query with the query builder, its fields holding `total` (the column it is
 * given, the list's `count` as a subquery), and no LIMIT or OFFSET, which come from `page`. One
 * query, one round trip; past the last page no row carries the total, so `count` is run alone.
 *
 * ```ts
 * const where = and(isNull(users.deletedAt), eq(users.role, role));
 * return listPage(
 *   (total) => db.select({ user: users, total }).from(users).where(where).orderBy(desc(users.id)),
 *   page,
 *   db.select({ n: count() }).from(users).where(where),
 * );
 * ```
 */
export async function listPage<Row extends { total: number }>(
  select: (total: SQL<number>, page: Page) => PageQuery<Row>,
  page: Page,
  count: ListCount,
): Promise<{ rows: Omit<Row, 'total'>[]; total: number }> {
  const found = await select(totalColumn(count), page).limit(page.limit).offset(page.offset);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found.length > 0) return { rows, total: found[0]!.total };
  if (page.offset === 0) return { rows, total: 0 };
  const [counted] = await count;
  return { rows, total: counted?.n ?? 0 };
}

/**
 * A page and its list's total, read from the rows' total column. Past the last page no row
 * carries it, so the list's first row is read for it (the one case of a second round trip).
 */
export async function pageAndTotal<T extends { total: number }>(
  read: (page: Page) => Promise<T[]>,
  page: Page,
): Promise<{ rows: T[]; total: number }> {
  const rows = await read(page);
  if (rows.length > 0 || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [first] = await read({ limit: 1, offset: 0 });
  return { rows, total: first?.total ?? 0 };
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
