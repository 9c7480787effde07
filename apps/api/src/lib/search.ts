import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * How every list's search compares: case and accents aside, "MULLER" finding "Müller". Both the
 * text and the pattern go through `search_fold` (migration 0059: `unaccent` then `lower`, declared
 * immutable so that the trigram indexes can be built over it).
 */
export const matches = (text: SQLWrapper, pattern: SQLWrapper | string): SQL =>
  sql`search_fold(${text}) like search_fold(${pattern})`;
