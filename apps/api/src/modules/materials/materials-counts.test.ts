import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';

/** The totals and pages that the counts per block of ids serve, against plain counting. */
let t: TestApp;
let headers: Record<string, string>;
let yards: Array<{ id: number }>;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'ADMIN' });
  headers = (await loginAs(t.app, admin.email)).headers;
  yards = [await createLocation(t.db), await createLocation(t.db), await createLocation(t.db)];
  // Enough rows to span several blocks of ids, some of them removed.
  await t.db.execute(sql`
    with types as (
      insert into material_types (name) select 'Bulk ' || n from generate_series(1, 3000) n
      returning id, name
    )
    insert into materials (material_type_id, name, location_id, quantity, unit, deleted_at)
    select id, name, ${yards[0]!.id} + id % 3, id % 30, 'EACH',
           case when id % 7 = 0 then now() end
    from types order by id`);
});
afterAll(async () => {
  await t.close();
});

const list = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/materials/list${query}`, headers });

async function expectedPage(offset: number, limit: number, locationId?: number) {
  const rows = await t.db.execute<{ id: number }>(sql`
    select id from materials where deleted_at is null
    ${locationId ? sql`and location_id = ${locationId}` : sql``}
    order by id desc limit ${limit} offset ${offset}`);
  return rows.rows.map((r) => r.id);
}

async function liveCount(locationId?: number) {
  const rows = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from materials where deleted_at is null
    ${locationId ? sql`and location_id = ${locationId}` : sql``}`);
  return rows.rows[0]!.n;
}

async function expectCountsToMatch() {
  const total = (await list('?limit=1')).json().pagination.total;
  expect(total).toBe(await liveCount());
  for (const yard of yards) {
    const atYard = (await list(`?locationId=${yard.id}&limit=1`)).json().pagination.total;
    expect(atYard).toBe(await liveCount(yard.id));
  }
}

describe('GET /api/materials/list on a larger inventory', () => {
  it('answers every page, deep ones included, exactly as counting through the rows would', async () => {
    const total = await liveCount();
    expect((await list('')).json().pagination.total).toBe(total);
    // Every page, across every block of ids, and pages that do not fill up.
    for (const limit of [10, 7, 100]) {
      for (let page = 1; page <= Math.ceil(total / limit); page++) {
        const body = (await list(`?page=${page}&limit=${limit}`)).json();
        expect(body.data.map((m: { id: number }) => m.id)).toEqual(
          await expectedPage((page - 1) * limit, limit),
        );
        expect(body.pagination.total).toBe(total);
      }
    }
    const past = (await list(`?page=${Math.ceil(total / 10) + 1}`)).json();
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(total);
    const empty = await createLocation(t.db);
    const atEmpty = (await list(`?locationId=${empty.id}`)).json();
    expect(atEmpty.data).toEqual([]);
    expect(atEmpty.pagination).toMatchObject({ total: 0, totalPages: 1 });
    const pastAtYard = (await list(`?locationId=${yards[2]!.id}&page=500&limit=10`)).json();
    expect(pastAtYard.data).toEqual([]);
    expect(pastAtYard.pagination.total).toBe(await liveCount(yards[2]!.id));
    const deepAtYard = (await list(`?locationId=${yards[1]!.id}&page=80&limit=10`)).json();
    expect(deepAtYard.data.map((m: { id: number }) => m.id)).toEqual(
      await expectedPage(790, 10, yards[1]!.id),
    );
    // Hundreds of pages read one after another: minutes on a busy two-core machine, not seconds.
  }, 180_000);

  it("answers every page of a location's list", async () => {
    const yard = yards[1]!.id;
    const total = await liveCount(yard);
    for (const limit of [10, 7]) {
      for (let page = 1; page <= Math.ceil(total / limit) + 1; page++) {
        const body = (await list(`?locationId=${yard}&page=${page}&limit=${limit}`)).json();
        expect(body.data.map((m: { id: number }) => m.id)).toEqual(
          await expectedPage((page - 1) * limit, limit, yard),
        );
        expect(body.pagination.total).toBe(total);
      }
    }
  });

  it('answers the right page after the list has grown or shrunk', async () => {
    const yard = yards[2]!.id;
    const pageIds = async (query: string) =>
      (await list(query)).json().data.map((m: { id: number }) => m.id);
    const lastPage = Math.ceil((await liveCount()) / 10);
    await pageIds(`?page=${lastPage}`);
    await pageIds(`?locationId=${yard}&page=${Math.ceil((await liveCount(yard)) / 10)}`);
    // The list doubles, in new blocks of ids...
    await t.db.execute(sql`
      with types as (
        insert into material_types (name) select 'Late ' || n from generate_series(1, 3000) n
        returning id, name
      )
      insert into materials (material_type_id, name, location_id, quantity, unit)
      select id, name, ${yard}, 5, 'EACH' from types order by id`);
    for (const page of [lastPage - 2, lastPage, lastPage + 1]) {
      expect(await pageIds(`?page=${page}`)).toEqual(await expectedPage((page - 1) * 10, 10));
      expect(await pageIds(`?locationId=${yard}&page=${page}`)).toEqual(
        await expectedPage((page - 1) * 10, 10, yard),
      );
    }
    // ...and shrinks again, leaving those blocks without a live material.
    await t.db.execute(sql`update materials set deleted_at = now() where name like 'Late %'`);
    const newest = Math.ceil((await liveCount()) / 10);
    await pageIds(`?page=${newest + 300}`);
    for (const page of [newest - 1, newest, newest + 1]) {
      expect(await pageIds(`?page=${page}`)).toEqual(await expectedPage((page - 1) * 10, 10));
    }
  });

  it('keeps the totals exact through creates, edits, moves, removals and location deletes', async () => {
    await expectCountsToMatch();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/materials/create',
      headers,
      payload: { name: 'Counted', locationId: yards[0]!.id, quantity: 0, unit: 'EACH' },
    });
    const id = created.json().data.id as number;
    await expectCountsToMatch();
    await t.app.inject({
      method: 'PUT',
      url: `/api/materials/update/${id}`,
      headers,
      payload: { name: 'Counted', locationId: yards[2]!.id, quantity: 12, unit: 'EACH' },
    });
    await expectCountsToMatch();
    await t.app.inject({ method: 'DELETE', url: `/api/materials/remove/${id}`, headers });
    await expectCountsToMatch();
    const [bulk] = (
      await t.db.execute<{ id: number }>(
        sql`select id from materials where deleted_at is null and name like 'Bulk %' limit 1`,
      )
    ).rows;
    await t.app.inject({ method: 'DELETE', url: `/api/materials/remove/${bulk!.id}`, headers });
    await expectCountsToMatch();
    const spare = await createLocation(t.db);
    for (const name of ['One', 'Two']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/materials/create',
        headers,
        payload: { name, locationId: spare.id, quantity: 0, unit: 'EACH' },
      });
    }
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/locations/remove/${spare.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    await expectCountsToMatch();
  });
});
