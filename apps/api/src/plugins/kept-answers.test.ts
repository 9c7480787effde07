import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/database-admin';
import { createUser, loginAs, seedActors } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';

// Decision 018: a read route's answers are kept per URL, viewer and day until a table of the
// records changes; this process's own writes show at once, another client's once its notice
// arrives, and nothing is kept while the notices cannot be heard.

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  // The app hears the notices before any answer is kept.
  await eventually(async () => (t.ctx.changes.hearing ? true : undefined));
});

afterAll(async () => {
  await t?.close();
});

/** Work on a connection of its own: another client than the app. */
async function elsewhere(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A location written with the triggers off (`session_replication_role = replica`): a change the
 * app hears nothing of, so that only a read can see it.
 */
function unheardLocation(name: string, id: number | null = null): Promise<void> {
  return elsewhere(async (client) => {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(
      `insert into locations (id, name, address, type, status)
       values (coalesce($1, nextval(pg_get_serial_sequence('locations', 'id'))), $2,
               '1 Unheard Lane', 'FIELD', 'ACTIVE')`,
      [id, name],
    );
    await client.query('commit');
  });
}

const listNames = async (headers: Record<string, string>) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/locations/list?page=1&limit=50',
    headers,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().data as Array<{ name: string }>).map((row) => row.name);
};

describe('kept answers', () => {
  it('answer a URL asked again from memory until a table of the records changes', async () => {
    const { headers } = actors.admin;
    expect(await listNames(headers)).not.toContain('Unheard Yard');

    await unheardLocation('Unheard Yard');
    // Nothing told the app: the same URL is answered as before, without reading.
    expect(await listNames(headers)).not.toContain('Unheard Yard');

    // Another client's write to any table of the records: read afresh once its notice arrives.
    // (A statement trigger speaks for a statement that changed no row too.)
    await elsewhere((client) => client.query('update materials set name = name where false'));
    await eventually(async () =>
      (await listNames(headers)).includes('Unheard Yard') ? true : undefined,
    );
  });

  it("show this process's own write on the next read, before its notice arrives", async () => {
    const { headers } = actors.admin;
    expect(await listNames(headers)).not.toContain('Own Write Yard');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/locations/create',
      headers,
      payload: { name: 'Own Write Yard', address: '2 Own Road', type: 'FIELD', status: 'ACTIVE' },
    });
    expect(created.statusCode).toBe(201);
    expect(await listNames(headers)).toContain('Own Write Yard');
  });

  it("are each viewer's own: a field manager is never answered an admin's list", async () => {
    const all = await listNames(actors.admin.headers);
    expect(all.length).toBeGreaterThan(1);
    expect(await listNames(actors.manager.headers)).toEqual([actors.location.name]);
    expect(await listNames(actors.admin.headers)).toEqual(all);
  });

  it('are shared by viewers of the same role, location and flags', async () => {
    const other = await createUser(t.db, { role: 'ADMIN' });
    const otherAdmin = await loginAs(t.app, other.email);
    const before = await listNames(actors.admin.headers);
    await unheardLocation('Shared Yard');
    // Kept for the first admin's read: the second admin is answered the same, unread.
    expect(await listNames(otherAdmin.headers)).toEqual(before);
  });

  it('never keep a refusal', async () => {
    const id = 900_001;
    const read = () =>
      t.app.inject({ method: 'GET', url: `/api/locations/${id}`, headers: actors.admin.headers });
    expect((await read()).statusCode).toBe(404);
    await unheardLocation('Late Yard', id);
    const found = await read();
    expect(found.statusCode).toBe(200);
    expect(found.json().data.name).toBe('Late Yard');
  });

  it('are not kept while the notices cannot be heard', async () => {
    const { headers } = actors.admin;
    await listNames(headers);
    t.ctx.changes.deaf();
    try {
      await unheardLocation('Deaf Yard');
      expect(await listNames(headers)).toContain('Deaf Yard');
      await unheardLocation('Deaf Yard 2');
      expect(await listNames(headers)).toContain('Deaf Yard 2');
    } finally {
      t.ctx.changes.heardAgain();
    }
  });
});
