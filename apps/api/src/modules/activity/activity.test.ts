import { PAGE_SIZES } from '@stockyard/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

type LogEntry = {
  id: number;
  action: string;
  description: string;
  timestamp: string;
  user: { email: string } | null;
};

/** Entries at one location, one minute apart from `start`, the last one newest. */
async function seedEntries(
  locationId: number,
  n: number,
  start = new Date('2021-06-01T08:00:00Z'),
) {
  const author = await createUser(t.db, { locationId });
  return t.db
    .insert(activityLogs)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId: author.id,
        action: 'MATERIAL_CREATED',
        description: `Entry ${i}`,
        locationId,
        details: { materialId: i },
        timestamp: new Date(start.getTime() + i * 60_000),
      })),
    )
    .returning();
}

const list = (query = '', headers = actors.admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/activity-logs/list${query}`, headers });

const descriptions = (logs: LogEntry[]) => logs.map((l) => l.description);

describe('GET /api/activity-logs/list', () => {
  it('answers the entries newest first with who did them and where, and the totals', async () => {
    const yard = await createLocation(t.db, { name: 'East Yard', address: '1 Dock Lane' });
    const author = await createUser(t.db, {
      name: 'Rita Crane',
      email: `rita.${Date.now()}@example.com`,
      locationId: yard.id,
    });
    await t.db.insert(activityLogs).values([
      {
        userId: author.id,
        action: 'MATERIAL_CREATED',
        description: 'Rita Crane added Ladder',
        locationId: yard.id,
        details: { materialId: 7, quantity: 12 },
        timestamp: new Date('2022-01-01T10:00:00Z'),
      },
      {
        userId: author.id,
        action: 'MATERIAL_UPDATED',
        description: 'Rita Crane changed Ladder',
        locationId: yard.id,
        timestamp: new Date('2022-01-02T10:00:00Z'),
      },
    ]);

    const response = await list(`?locationId=${yard.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      data: { totalLogs: 2, totalPages: 1, currentPage: 1 },
      totalLogs: 2,
      totalPages: 1,
      currentPage: 1,
    });
    expect(body.logs).toEqual(body.data.logs);
    expect(descriptions(body.logs)).toEqual([
      'Rita Crane changed Ladder',
      'Rita Crane added Ladder',
    ]);
    expect(body.logs[1]).toEqual({
      id: expect.any(Number),
      action: 'MATERIAL_CREATED',
      description: 'Rita Crane added Ladder',
      timestamp: '2022-01-01T10:00:00.000Z',
      details: { materialId: 7, quantity: 12 },
      user: {
        name: 'Rita Crane',
        email: author.email,
        location: { name: 'East Yard', address: '1 Dock Lane', type: 'BMR_YARD' },
      },
      location: { id: yard.id, name: 'East Yard', address: '1 Dock Lane', type: 'BMR_YARD' },
    });
  });

  it('lists every location’s entries when no location is chosen', async () => {
    const response = await list('?locationId=');
    const [{ n }] = (await t.db.select({ n: count() }).from(activityLogs)) as [{ n: number }];
    expect(response.statusCode).toBe(200);
    expect(response.json().totalLogs).toBe(n);
    expect(n).toBeGreaterThan(0);
  });

  it('pages fifteen at a time by default and honours page and limit', async () => {
    const yard = await createLocation(t.db);
    await seedEntries(yard.id, 20);
    const first = (await list(`?locationId=${yard.id}`)).json();
    expect(first.logs).toHaveLength(PAGE_SIZES.activityLogs);
    expect(first).toMatchObject({ totalLogs: 20, totalPages: 2, currentPage: 1 });
    expect(first.logs[0].description).toBe('Entry 19');
    const second = (await list(`?locationId=${yard.id}&page=2`)).json();
    expect(descriptions(second.logs)).toEqual([
      'Entry 4',
      'Entry 3',
      'Entry 2',
      'Entry 1',
      'Entry 0',
    ]);
    const small = (await list(`?locationId=${yard.id}&limit=6&page=4`)).json();
    expect(small).toMatchObject({ totalPages: 4, currentPage: 4 });
    expect(descriptions(small.logs)).toEqual(['Entry 1', 'Entry 0']);
  });

  it('sorts by timestamp, oldest first on sortOrder=asc', async () => {
    const yard = await createLocation(t.db);
    await seedEntries(yard.id, 3);
    const response = await list(`?locationId=${yard.id}&sortBy=timestamp&sortOrder=asc`);
    expect(descriptions(response.json().logs)).toEqual(['Entry 0', 'Entry 1', 'Entry 2']);
  });

  it('keeps only the chosen location’s entries', async () => {
    const here = await createLocation(t.db);
    const there = await createLocation(t.db);
    await seedEntries(here.id, 2);
    await seedEntries(there.id, 3);
    const body = (await list(`?locationId=${here.id}`)).json();
    expect(body.totalLogs).toBe(2);
    expect(body.logs.every((l: { location: { id: number } }) => l.location.id === here.id)).toBe(
      true,
    );
  });

  it('keeps the entries of the chosen day, from its first to its last moment', async () => {
    const yard = await createLocation(t.db);
    const author = await createUser(t.db, { locationId: yard.id });
    const at = (iso: string, description: string) => ({
      userId: author.id,
      action: 'STOCK_UPDATED',
      description,
      locationId: yard.id,
      timestamp: new Date(iso),
    });
    await t.db
      .insert(activityLogs)
      .values([
        at('2023-03-09T23:59:59.999Z', 'the evening before'),
        at('2023-03-10T00:00:00.000Z', 'at midnight'),
        at('2023-03-10T23:59:59.999Z', 'last thing that day'),
        at('2023-03-11T00:00:00.000Z', 'the next midnight'),
      ]);
    const utc = (await list(`?locationId=${yard.id}&startDate=2023-03-10`)).json();
    expect(descriptions(utc.logs)).toEqual(['last thing that day', 'at midnight']);
    expect(utc.totalLogs).toBe(2);
    // In New York (UTC-5 that day) 2023-03-09 runs from 05:00 UTC to 05:00 UTC the next day.
    const newYork = (
      await list(`?locationId=${yard.id}&startDate=2023-03-09&timeZone=America/New_York`)
    ).json();
    expect(descriptions(newYork.logs)).toEqual(['at midnight', 'the evening before']);
  });

  it('shows an attempt that named no account without a user', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody-at-all@example.com', password: 'whatever' },
      remoteAddress: '10.7.0.1',
    });
    const body = (await list('?limit=100')).json();
    const attempt = body.logs.find((l: LogEntry) =>
      l.description.includes('nobody-at-all@example.com'),
    );
    expect(attempt).toMatchObject({ action: 'LOGIN_FAILED', user: null, location: null });
  });

  it('answers 400 with the message for each invalid filter', async () => {
    const cases: Array<[string, string]> = [
      ['?sortBy=description', 'Activities can only be sorted by timestamp'],
      ['?sortOrder=sideways', 'Sort order must be asc or desc'],
      ['?locationId=north', 'Invalid location'],
      ['?locationId=-3', 'Invalid location'],
      ['?startDate=2024-02-30', 'Date must be a valid date (yyyy-MM-dd)'],
      ['?startDate=03/10/2023', 'Date must be a valid date (yyyy-MM-dd)'],
      ['?timeZone=Mars/Olympus', 'Unknown time zone'],
    ];
    for (const [query, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message,
      });
    }
    for (const query of ['?page=0', '?limit=101']) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/activity-logs/list' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a field manager, whatever their permission flags', async () => {
    expect((await list('', actors.manager.headers)).statusCode).toBe(403);
    const location = await createLocation(t.db);
    const trusted = await createUser(t.db, {
      locationId: location.id,
      permissions: { viewUsers: true, manageUsers: true, viewLocations: true },
    });
    const { headers } = await loginAs(t.app, trusted.email);
    const response = await list('', headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('the activity log is append-only', () => {
  it('has no path that updates or deletes an entry', async () => {
    const yard = await createLocation(t.db);
    const [entry] = await seedEntries(yard.id, 1);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        `/api/activity-logs/${entry!.id}`,
        `/api/activity-logs/list/${entry!.id}`,
      ]) {
        const response = await t.app.inject({
          method,
          url,
          headers: actors.admin.headers,
          payload: method === 'DELETE' ? undefined : { description: 'rewritten' },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const [stored] = await t.db.select().from(activityLogs).where(eq(activityLogs.id, entry!.id));
    expect(stored!.description).toBe('Entry 0');
  });
});
