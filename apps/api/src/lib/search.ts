import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * How every list's search compares (issue 50, decision 054): without case and without accents,
 * "MULLER" finding "Müller" and "muller" alike. Both sides go through `search_fold` (migration
 * 0059: PostgreSQL's `unaccent`, then `lower`, declared immutable so that the trigram indexes are
 * built over it), the text searched and the pattern (`containsPattern`, lib/list-page.ts).
 * The text matches the LIKE pattern, case and accents aside.
 */
export const matches = (text: SQLWrapper, pattern: SQLWrapper | string): SQL =>
  sql`search_fold(${text}) like search_fold(${pattern})`;
