import { type SQL, sql } from 'drizzle-orm';

/**
 * `column in ('A', 'B')` of a closed list of the shared contract, written into the SQL as
 * constants: a check constraint or a partial index takes no parameter, and a prepared read writes
 * its constants in so that every plan can use such an index (lib/prepared.ts).
 */
export const oneOf = (column: unknown, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
