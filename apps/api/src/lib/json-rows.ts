import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A JSON object of `fields`, each key's value the SQL (a column, an expression) given for it. */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    // Keys are the code's own names, written into the SQL: nothing else may pass.
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`not a JSON key of ours: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The rows a correlated subquery finds, as one JSON column (`[]` when none), so a detail is one
 * round trip with its lines. `fields` make each object, `from` is the FROM and WHERE over aliased
 * tables (`from ${invoiceItems} ${item}`), `orderBy` their order. Numbers parse as `Number`, dates
 * as `YYYY-MM-DD` text.
 */
export function jsonRows<T>(fields: Record<string, SQLWrapper>, from: SQL, orderBy: SQL): SQL<T[]> {
  return sql<T[]>`coalesce((
    select json_agg(${jsonObject(fields)} order by ${orderBy}) ${from}
  ), '[]'::json)`;
}
