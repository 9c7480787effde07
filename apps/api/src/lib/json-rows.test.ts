import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { jsonObject, jsonRows } from './json-rows';

const dialect = new PgDialect();

describe('jsonRows', () => {
  it('aggregates the objects in their order, and is [] when the subquery finds nothing', () => {
    const query = dialect.sqlToQuery(
      jsonRows(
        { id: sql`l.id`, name: sql`l.name` },
        sql`from lines l where l.owner = 1`,
        sql`l.id`,
      ),
    );
    expect(query.sql.replace(/\s+/g, ' ').trim()).toBe(
      "coalesce(( select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.id) from lines l where l.owner = 1 ), '[]'::json)",
    );
    expect(query.params).toEqual([]);
  });

  it('writes only plain names as keys, since they go into the SQL as they are', () => {
    expect(() => jsonObject({ "a', (select 1), '": sql`1` })).toThrow(/not a JSON key/);
    expect(() => jsonObject({ 'two words': sql`1` })).toThrow(/not a JSON key/);
  });
});
