import { type SQLWrapper, sql } from 'drizzle-orm';

/** Which rows of a list a page holds, as the list endpoints take them (page and limit). */
export type Page = { limit: number; offset: number };

/**
 * The list's total as a column of each row of its page, from a query that counts the list: a
 * subquery PostgreSQL runs once per query, so that the page and its total come in one round trip.
 */
export function totalColumn(count: SQLWrapper) {
  return sql<number>`(${count})`.mapWith(Number);
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
