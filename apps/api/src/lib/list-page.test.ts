import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { locations } from '../db/schema';
import { containsPattern, type ListCount, listPage, type Page } from './list-page';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (const type of ['FIELD', 'FIELD', 'FIELD', 'FIELD', 'FIELD', 'BMR_YARD'] as const) {
    await createLocation(t.db, { type });
  }
});

afterAll(async () => {
  await t?.close();
});

const field = eq(locations.type, 'FIELD');

/** A list's count, with how many times it was run alone (awaited) counted. */
function counted(query: ListCount) {
  const runs = vi.fn();
  const counting: ListCount = {
    getSQL: () => query.getSQL(),
    // biome-ignore lint/suspicious/noThenProperty: a stand-in for the query builder's own then
    then: (done, failed) => {
      runs();
      return query.then(done, failed);
    },
  };
  return { count: counting, runs };
}

function fieldSites(page: Page) {
  const { count: total, runs } = counted(t.db.select({ n: count() }).from(locations).where(field));
  const read = listPage(
    (column) =>
      t.db
        .select({ id: locations.id, name: locations.name, total: column })
        .from(locations)
        .where(field)
        .orderBy(asc(locations.id)),
    page,
    total,
  );
  return { read, runs };
}

describe('listPage', () => {
  it('reads a page and the whole list’s total in one query, the total no row’s field', async () => {
    const all = await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(field)
      .orderBy(asc(locations.id));
    const { read, runs } = fieldSites({ limit: 2, offset: 2 });
    const page = await read;
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.id)).toEqual([all[2]!.id, all[3]!.id]);
    expect(page.rows[0]).toEqual({ id: all[2]!.id, name: expect.any(String) });
    expect(runs).not.toHaveBeenCalled();
  });

  it('gives the last page its remaining rows', async () => {
    const { read } = fieldSites({ limit: 2, offset: 4 });
    const page = await read;
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBe(5);
  });

  it('past the last page runs the count alone for the total', async () => {
    const { read, runs } = fieldSites({ limit: 2, offset: 10 });
    expect(await read).toEqual({ rows: [], total: 5 });
    expect(runs).toHaveBeenCalledOnce();
  });

  it('an empty first page is an empty list: total 0, nothing counted again', async () => {
    const none = eq(locations.name, 'none');
    const { count: total, runs } = counted(t.db.select({ n: count() }).from(locations).where(none));
    const page = await listPage(
      (column) => t.db.select({ id: locations.id, total: column }).from(locations).where(none),
      { limit: 10, offset: 0 },
      total,
    );
    expect(page).toEqual({ rows: [], total: 0 });
    expect(runs).not.toHaveBeenCalled();
  });

  it('gives the builder the page it reads', async () => {
    const build = vi.fn((total) =>
      t.db.select({ id: locations.id, total }).from(locations).orderBy(asc(locations.id)),
    );
    await listPage(build, { limit: 3, offset: 1 }, t.db.select({ n: count() }).from(locations));
    expect(build).toHaveBeenCalledWith(expect.anything(), { limit: 3, offset: 1 });
  });
});

describe('containsPattern', () => {
  it('matches what was typed anywhere, its wildcards and escapes literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(containsPattern('a\u001fb')).toBe('%ab%');
  });
});
