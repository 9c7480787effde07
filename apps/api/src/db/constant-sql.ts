import { type SQL, sql } from 'drizzle-orm';

/**
 * `column in ('A', 'B')` of a closed list of the shared contract, written into the SQL as
 * constants: a check constraint or a partial index takes no parameter, and a prepared read writes
 * its constants in so that every plan can use such an index (lib/prepared.ts).
 */
export const oneOf = (column: unknown, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

/**
 * The company's time zone in SQL: the one each connection is given (`stockyard.time_zone`,
 * db/client.ts), else the session's.
 */
const COMPANY_ZONE_SQL =
  "coalesce(nullif(current_setting('stockyard.time_zone', true), ''), current_setting('TimeZone'))";

/** Today on the company's calendar, in SQL (a column's default day). */
export const COMPANY_TODAY = sql.raw(`((now() at time zone ${COMPANY_ZONE_SQL})::date)`);
