import {
  earliestToday,
  RENTAL_REQUEST_MESSAGES as M,
  type RentalRequestDto,
} from '@stockyard/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  activityLogs,
  locations,
  materials,
  notifications,
  rentalRequestItems,
  rentalRequests,
  users,
} from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
/** A second location, with its own field manager and material. */
let other: { id: number; name: string };
let otherManager: { headers: Record<string, string> };
let tube: number;
let clamp: number;
let otherTube: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/rental-requests${url}`, headers, payload });
const admin = () => actors.admin.headers;
const manager = () => actors.manager.headers;

async function material(locationId: number, name: string, unit = 'EACH') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/materials/create',
    headers: admin(),
    payload: { name, locationId, quantity: 40, unit },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { name: 'North Field', type: 'FIELD' });
  const user = await createUser(t.db, { locationId: other.id });
  otherManager = await loginAs(t.app, user.email);
  tube = await material(actors.location.id, 'Scaffold tube');
  clamp = await material(actors.location.id, 'Swivel clamp');
  otherTube = await material(other.id, 'Scaffold tube');
});
afterAll(async () => {
  await t.close();
});

const today = earliestToday();
const bulk = (change: Record<string, unknown> = {}) => ({
  locationId: actors.location.id,
  requestedDate: today,
  returnDate: '2099-12-31',
  notes: 'For the east wall',
  items: [
    {
      materialId: tube,
      name: 'Scaffold tube',
      description: 'Six metre',
      quantity: 12,
      unit: 'EACH',
    },
    { materialId: clamp, name: 'Swivel clamp', quantity: 40, unit: 'EACH' },
  ],
  ...change,
});
const single = (change: Record<string, unknown> = {}) => ({
  name: 'Mobile tower',
  quantity: 2,
  unit: 'EACH',
  requestedDate: '2026-03-02',
  returnDate: '2026-03-30',
  description: 'Aluminium, 6 metres high',
  location: actors.location.id,
  notes: 'Deliver before 8am',
  ...change,
});

async function create(payload: object = bulk(), headers: Record<string, string> = manager()) {
  const response = await call('POST', '', headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as RentalRequestDto;
}

/** The field messages of a 400. */
async function refusal(payload: object, headers: Record<string, string> = manager()) {
  const response = await call('POST', '', headers, payload);
  expect(response.statusCode, response.body).toBe(400);
  return (response.json().errors as { path: string; message: string }[]).map(
    (e) => `${e.path}: ${e.message}`,
  );
}

describe('POST /api/rental-requests', () => {
  it("takes the bulk form at the field manager's location, the requester being the session's", async () => {
    const response = await call(
      'POST',
      '',
      manager(),
      bulk({ requestedById: actors.admin.user.id, status: 'APPROVED' }),
    );
    expect(response.statusCode).toBe(201);
    const data = response.json().data as RentalRequestDto;
    expect(data).toMatchObject({
      requestedById: actors.manager.user.id,
      requestedBy: {
        name: actors.manager.user.name,
        email: actors.manager.user.email,
        location: { id: actors.location.id, name: actors.location.name },
      },
      locationId: actors.location.id,
      location: { name: actors.location.name, address: actors.location.address },
      requestedDate: today,
      returnDate: '2099-12-31',
      notes: 'For the east wall',
      status: 'PENDING',
      itemCount: 2,
      approvedBy: null,
      decidedAt: null,
      decisionNotes: null,
      items: [
        {
          materialId: tube,
          name: 'Scaffold tube',
          description: 'Six metre',
          quantity: 12,
          unit: 'EACH',
        },
        { materialId: clamp, name: 'Swivel clamp', description: null, quantity: 40, unit: 'EACH' },
      ],
    });
  });

  it('names a material and its unit as the inventory does, whatever the client says', async () => {
    const data = await create(
      bulk({ items: [{ materialId: tube, name: 'Something else', quantity: 1, unit: 'BOX' }] }),
    );
    expect(data.items).toMatchObject([{ name: 'Scaffold tube', unit: 'EACH' }]);
  });

  it('takes the single form: one free-text material with no material id', async () => {
    const data = await create(single());
    expect(data).toMatchObject({
      locationId: actors.location.id,
      requestedDate: '2026-03-02',
      returnDate: '2026-03-30',
      notes: 'Deliver before 8am',
      status: 'PENDING',
      itemCount: 1,
      items: [
        {
          materialId: null,
          name: 'Mobile tower',
          description: 'Aluminium, 6 metres high',
          quantity: 2,
          unit: 'EACH',
        },
      ],
    });
  });

  it('leaves the bulk return date out when none is given', async () => {
    const data = await create(bulk({ returnDate: '' }));
    expect(data.returnDate).toBeNull();
  });

  it('tells the admins, live, and writes the activity log', async () => {
    const data = await create();
    const sent = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'NEW_MATERIAL_REQUEST'));
    const mine = sent.filter((n) => n.data?.rentalRequestId === data.id);
    expect(mine.map((n) => n.userId)).toContain(actors.admin.user.id);
    expect(mine[0]!.message).toContain(`#${data.id}`);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'CREATE_RENTAL_REQUEST'),
          eq(activityLogs.entityId, String(data.id)),
        ),
      );
    expect(entry).toMatchObject({
      userId: actors.manager.user.id,
      entityType: 'rental_request',
      locationId: actors.location.id,
    });
  });

  it.each([
    [{ locationId: '' }, `locationId: ${M.locationRequired}`],
    [{ locationId: 'yard' }, `locationId: ${M.locationInvalid}`],
    [{ locationId: 0 }, `locationId: ${M.locationInvalid}`],
    [{ requestedDate: '' }, `requestedDate: ${M.requestedDateRequired}`],
    [{ returnDate: '2020-01-01' }, `returnDate: ${M.returnDatePast}`],
    [{ items: [] }, `items: ${M.itemsRequired}`],
    [{ items: undefined }, `items: ${M.itemsRequired}`],
  ])('refuses the bulk form %j: %s', async (change, message) => {
    expect(await refusal(bulk(change))).toEqual([message]);
  });

  it.each([
    [{ materialId: '' }, `items.0.materialId: ${M.materialRequired}`],
    [{ name: ' ' }, `items.0.name: ${M.itemNameRequired}`],
    [{ quantity: 0 }, `items.0.quantity: ${M.quantityMin}`],
    [{ quantity: -3 }, `items.0.quantity: ${M.quantityMin}`],
    [{ quantity: 1.5 }, `items.0.quantity: ${M.quantityInvalid}`],
    [{ quantity: 'many' }, `items.0.quantity: ${M.quantityInvalid}`],
    [{ unit: '' }, `items.0.unit: ${M.unitRequired}`],
  ])('refuses a bulk item %j: %s', async (change, message) => {
    const item = { materialId: tube, name: 'Scaffold tube', quantity: 1, unit: 'EACH', ...change };
    expect(await refusal(bulk({ items: [item] }))).toEqual([message]);
  });

  it.each([
    [{ name: '' }, `name: ${M.nameRequired}`],
    [{ quantity: 0 }, `quantity: ${M.quantityMin}`],
    [{ unit: ' ' }, `unit: ${M.unitRequired}`],
    [{ requestedDate: undefined }, `requestedDate: ${M.requestedDateRequired}`],
    [{ returnDate: '' }, `returnDate: ${M.returnDateRequired}`],
    [{ description: 'Too short' }, `description: ${M.descriptionMin}`],
    [{ location: '' }, `location: ${M.locationRequired}`],
    [{ returnDate: '2026-03-01' }, `returnDate: ${M.returnBeforeRequested}`],
  ])('refuses the single form %j: %s', async (change, message) => {
    expect(await refusal(single(change))).toEqual([message]);
  });

  it("takes another location's material from a field manager, delivered to their own location, each item remembering its source", async () => {
    const item = { materialId: otherTube, name: 'Scaffold tube', quantity: 5, unit: 'EACH' };
    const data = await create(bulk({ items: [bulk().items[1], item] }));
    expect(data.locationId).toBe(actors.location.id);
    expect(data.items.map((i) => [i.materialId, i.sourceLocationId, i.sourceLocation])).toEqual([
      [clamp, actors.location.id, { id: actors.location.id, name: actors.location.name }],
      [otherTube, other.id, { id: other.id, name: 'North Field' }],
    ]);
    expect(data.rentals).toEqual([]);
    const stored = await t.db
      .select({ source: rentalRequestItems.sourceLocationId })
      .from(rentalRequestItems)
      .where(eq(rentalRequestItems.requestId, data.id))
      .orderBy(rentalRequestItems.position);
    expect(stored).toEqual([{ source: actors.location.id }, { source: other.id }]);
    // Read again, the detail says the same.
    const read = await call('GET', `/${data.id}`, manager());
    expect(read.json().data.items[1].sourceLocation).toEqual({ id: other.id, name: 'North Field' });
  });

  it('refuses a material of an inactive location, or a deleted material, on its field, and writes nothing', async () => {
    const closed = await createLocation(t.db, { name: 'Closed Yard' });
    const closedTube = await material(closed.id, 'Closed tube');
    const goneTube = await material(other.id, 'Gone tube');
    await t.db.update(locations).set({ status: 'INACTIVE' }).where(eq(locations.id, closed.id));
    await t.db.update(materials).set({ deletedAt: new Date() }).where(eq(materials.id, goneTube));
    const before = await t.db.$count(rentalRequests);
    const items = [
      { materialId: closedTube, name: 'Closed tube', quantity: 1, unit: 'EACH' },
      bulk().items[0],
      { materialId: goneTube, name: 'Gone tube', quantity: 1, unit: 'EACH' },
    ];
    expect(await refusal(bulk({ items }))).toEqual([
      `items.0.materialId: ${M.materialNotRequestable}`,
      `items.2.materialId: ${M.materialNotRequestable}`,
    ]);
    expect(await t.db.$count(rentalRequests)).toBe(before);
  });

  it('refuses a location that does not exist', async () => {
    expect(await refusal(bulk({ locationId: 999_999 }), admin())).toEqual([
      `locationId: ${M.locationInvalid}`,
    ]);
  });

  it('lets an admin ask for any location', async () => {
    const data = await create(
      bulk({ locationId: other.id, items: [{ ...bulk().items[0], materialId: otherTube }] }),
      admin(),
    );
    expect(data.locationId).toBe(other.id);
  });

  it("refuses a field manager's request for another location (403), in either form", async () => {
    const before = await t.db.$count(rentalRequests);
    const items = [{ materialId: otherTube, name: 'Scaffold tube', quantity: 1, unit: 'EACH' }];
    expect(
      (await call('POST', '', manager(), bulk({ locationId: other.id, items }))).statusCode,
    ).toBe(403);
    // Their own location's material does not make another delivery location theirs.
    expect((await call('POST', '', manager(), bulk({ locationId: other.id }))).statusCode).toBe(
      403,
    );
    expect(await t.db.$count(rentalRequests)).toBe(before);
    expect((await call('POST', '', manager(), single({ location: other.id }))).statusCode).toBe(
      403,
    );
  });

  it('needs a session (401)', async () => {
    expect((await call('POST', '', undefined, bulk())).statusCode).toBe(401);
  });
});

describe('GET /api/rental-requests', () => {
  it('answers a page of requests, newest first, with the pagination the screen shows', async () => {
    const response = await call('GET', '?page=1&limit=10', admin());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(body.pagination.total).toBeGreaterThan(0);
    const ids = (body.data as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.data[0]).toMatchObject({
      requestedBy: { name: expect.any(String) },
      location: { name: expect.any(String) },
      itemCount: expect.any(Number),
    });
  });

  it('takes the page sizes the screen offers, 10 to 50, and defaults to 10', async () => {
    for (let n = 0; n < 12; n++) await create(single({ name: `Board ${n}` }));
    const first = await call('GET', '', admin());
    expect(first.json().data).toHaveLength(10);
    expect(first.json().pagination.limit).toBe(10);
    for (const limit of [20, 30, 50]) {
      const page = (await call('GET', `?limit=${limit}`, admin())).json();
      expect(page.pagination).toMatchObject({
        limit,
        totalPages: Math.ceil(page.pagination.total / limit),
      });
    }
  });

  it("keeps a field manager to their own location's requests", async () => {
    const theirs = await create(
      bulk({ locationId: other.id, items: [{ ...bulk().items[0], materialId: otherTube }] }),
      otherManager.headers,
    );
    const page = (await call('GET', '?limit=50', manager())).json();
    expect(
      page.data.every((r: { locationId: number }) => r.locationId === actors.location.id),
    ).toBe(true);
    expect(page.data.map((r: { id: number }) => r.id)).not.toContain(theirs.id);
    const own = (await call('GET', '', otherManager.headers)).json();
    expect(own.data.map((r: { id: number }) => r.id)).toContain(theirs.id);
  });

  it('filters by status, whatever its case', async () => {
    const request = await create();
    await call('PATCH', `/${request.id}/reject`, admin(), { notes: 'Out of stock' });
    const rejected = (await call('GET', '?status=rejected&limit=50', admin())).json();
    expect(rejected.data.length).toBeGreaterThan(0);
    expect(rejected.data.every((r: { status: string }) => r.status === 'REJECTED')).toBe(true);
    expect(rejected.data.map((r: { id: number }) => r.id)).toContain(request.id);
  });

  it("searches the request number, the requester's name and the location's name", async () => {
    const request = await create(single({ name: 'Searchable' }), admin());
    const byId = (await call('GET', `?search=${request.id}`, admin())).json();
    expect(byId.data.map((r: { id: number }) => r.id)).toContain(request.id);
    const byPlace = (await call('GET', '?search=north%20fie&limit=50', admin())).json();
    expect(byPlace.data.length).toBeGreaterThan(0);
    expect(byPlace.data.every((r: { locationId: number }) => r.locationId === other.id)).toBe(true);
    const name = actors.manager.user.name.toUpperCase();
    const byName = (
      await call('GET', `?search=${encodeURIComponent(name)}&limit=50`, admin())
    ).json();
    expect(byName.data.length).toBeGreaterThan(0);
    expect(
      byName.data.every(
        (r: { requestedById: number }) => r.requestedById === actors.manager.user.id,
      ),
    ).toBe(true);
    const none = (await call('GET', '?search=%25', admin())).json();
    expect(none.pagination.total).toBe(0);
  });

  it('answers a later page as the rows after the earlier ones, and the total past the last page, with or without a search', async () => {
    for (let n = 0; n < 4; n++) await create(single({ name: `Prop ${n}` }));
    const name = encodeURIComponent(actors.manager.user.name);
    for (const query of ['', `&search=${name}`, '&status=PENDING']) {
      const whole = (await call('GET', `?limit=50${query}`, admin())).json();
      expect(whole.pagination.total).toBeGreaterThan(10);
      const ids = (whole.data as { id: number }[]).map((r) => r.id);
      const second = (await call('GET', `?page=2&limit=10${query}`, admin())).json();
      expect(second.data.map((r: { id: number }) => r.id)).toEqual(ids.slice(10, 20));
      expect(second.data[0]).toEqual(whole.data[10]);
      expect(second.pagination.total).toBe(whole.pagination.total);
      const past = (await call('GET', `?page=999&limit=10${query}`, admin())).json();
      expect(past.data).toEqual([]);
      expect(past.pagination.total).toBe(whole.pagination.total);
    }
  });

  it('refuses an unknown status (400) and needs a session (401)', async () => {
    expect((await call('GET', '?status=LOST', admin())).statusCode).toBe(400);
    expect((await call('GET', '')).statusCode).toBe(401);
  });
});

describe("an admin's search, its total added up from the counters (decision 034)", () => {
  it('finds and counts every request of the people, places and number it names, once each, on every page, with every status', async () => {
    const quillfield = await createLocation(t.db, { name: 'Quillfield Yard', type: 'FIELD' });
    const plain = await createLocation(t.db, { name: 'Plain Site', type: 'FIELD' });
    const ardent = await createUser(t.db, { name: 'Quill Ardent', locationId: plain.id });
    const bramble = await createUser(t.db, { name: 'Bramble Moss', locationId: quillfield.id });
    const zed = await createUser(t.db, {
      name: 'Zed Other',
      email: `zed.quill.${Date.now()}@x.io`,
    });
    const gone = await createUser(t.db, { name: 'Quill Gone', deletedAt: new Date() });
    const statuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
    let n = 0;
    const insert = async (requestedById: number, locationId: number, times: number) => {
      for (let i = 0; i < times; i++, n++) {
        const status = statuses[n % 3]!;
        await t.db.insert(rentalRequests).values({
          requestedById,
          locationId,
          requestedDate: '2026-11-02',
          status,
          ...(status === 'PENDING'
            ? {}
            : { approvedById: actors.admin.user.id, decidedAt: new Date() }),
        });
      }
    };
    // By a named person elsewhere, by an unnamed one at a named place, and by a named person at
    // a named place (counted once), by a removed person, by nobody named anywhere.
    await insert(ardent.id, plain.id, 7);
    await insert(bramble.id, quillfield.id, 5);
    await insert(zed.id, quillfield.id, 4);
    await insert(ardent.id, quillfield.id, 3);
    await insert(gone.id, plain.id, 2);
    await insert(bramble.id, plain.id, 6);
    // A decision moves a request between the counters.
    const [moved] = await t.db
      .select({ id: rentalRequests.id })
      .from(rentalRequests)
      .where(
        and(eq(rentalRequests.requestedById, bramble.id), eq(rentalRequests.status, 'PENDING')),
      )
      .limit(1);
    await t.db
      .update(rentalRequests)
      .set({ status: 'REJECTED', approvedById: actors.admin.user.id, decidedAt: new Date() })
      .where(eq(rentalRequests.id, moved!.id));

    const everyone = await t.db
      .select({
        id: rentalRequests.id,
        status: rentalRequests.status,
        person: users.name,
        email: users.email,
        place: locations.name,
      })
      .from(rentalRequests)
      .innerJoin(users, eq(users.id, rentalRequests.requestedById))
      .innerJoin(locations, eq(locations.id, rentalRequests.locationId));
    const [unnamed] = everyone.filter(
      (r) => r.person === 'Bramble Moss' && r.place === 'Plain Site',
    );
    const expected = (search: string, status?: string) => {
      const word = search.toLowerCase();
      const number = /^#?\d+$/.test(search) ? Number(search.replace('#', '')) : 0;
      return everyone
        .filter(
          (r) =>
            (r.id === number ||
              r.person.toLowerCase().includes(word) ||
              r.email.toLowerCase().includes(word) ||
              r.place.toLowerCase().includes(word)) &&
            (status === undefined || r.status === status),
        )
        .map((r) => r.id)
        .sort((a, b) => b - a);
    };
    const searches = ['quill', 'QUILLFIELD', 'ardent', 'plain', `#${unnamed!.id}`, 'nobody-here'];
    for (const search of searches) {
      for (const status of [undefined, ...statuses]) {
        const want = expected(search, status);
        const query = `search=${encodeURIComponent(search)}${status ? `&status=${status}` : ''}`;
        const pages = Math.max(1, Math.ceil(want.length / 10));
        const got: number[] = [];
        for (let page = 1; page <= pages + 1; page++) {
          const response = await call('GET', `?${query}&page=${page}&limit=10`, admin());
          expect(response.statusCode, response.body).toBe(200);
          const body = response.json();
          expect(body.pagination.total, `${query} page ${page}`).toBe(want.length);
          got.push(...body.data.map((r: { id: number }) => r.id));
        }
        expect(got, query).toEqual(want);
      }
    }
    // The sums cover what the search alone finds: 'quill' names three people and a place.
    expect(expected('quill').length).toBe(7 + 5 + 4 + 3 + 2);
  });
});

describe('GET /api/rental-requests/{id}', () => {
  it('answers the request with its materials, requester and location', async () => {
    const request = await create();
    const response = await call('GET', `/${request.id}`, manager());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(request);
  });

  it("is 404 for a missing request, and for another location's to a field manager", async () => {
    const request = await create();
    expect((await call('GET', '/999999', admin())).statusCode).toBe(404);
    const hidden = await call('GET', `/${request.id}`, otherManager.headers);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(M.notFound);
    expect((await call('GET', `/${request.id}`, admin())).statusCode).toBe(200);
  });

  it('needs a session (401)', async () => {
    expect((await call('GET', '/1')).statusCode).toBe(401);
  });
});

describe('PATCH /api/rental-requests/{id}/approve', () => {
  it('approves a pending request with notes, recording who and when from the session', async () => {
    const request = await create();
    const response = await call('PATCH', `/${request.id}/approve`, admin(), {
      notes: ' Loaded on the Tuesday truck ',
      approvedById: actors.manager.user.id,
      status: 'REJECTED',
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as RentalRequestDto;
    expect(data).toMatchObject({
      status: 'APPROVED',
      approvedById: actors.admin.user.id,
      approvedBy: { id: actors.admin.user.id, name: actors.admin.user.name },
      decisionNotes: 'Loaded on the Tuesday truck',
    });
    expect(Date.now() - new Date(data.decidedAt!).getTime()).toBeLessThan(60_000);
  });

  it('tells the requester and writes the activity log', async () => {
    const request = await create();
    await call('PATCH', `/${request.id}/approve`, admin(), { approvalNotes: 'Yes' });
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'MATERIAL_REQUEST_DECIDED'));
    const mine = told.filter((n) => n.data?.rentalRequestId === request.id);
    expect(mine.map((n) => n.userId)).toEqual([actors.manager.user.id]);
    expect(mine[0]!.message).toContain('approved');
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'APPROVE_RENTAL_REQUEST'),
          eq(activityLogs.entityId, String(request.id)),
        ),
      );
    expect(entries).toHaveLength(1);
  });

  it('takes the notes as approvalNotes too', async () => {
    const request = await create();
    const response = await call('PATCH', `/${request.id}/approve`, admin(), {
      approvalNotes: 'From the list',
    });
    expect(response.json().data.decisionNotes).toBe('From the list');
  });

  it.each([{}, { notes: '' }, { notes: '   ' }, { approvalNotes: ' ' }])(
    'refuses blank notes %j (400)',
    async (body) => {
      const request = await create();
      const response = await call('PATCH', `/${request.id}/approve`, admin(), body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'notes', message: M.notesRequired }]);
      expect((await call('GET', `/${request.id}`, admin())).json().data.status).toBe('PENDING');
    },
  );

  it('decides a request once: approving or rejecting it again is 409', async () => {
    const request = await create();
    expect(
      (await call('PATCH', `/${request.id}/approve`, admin(), { notes: 'Yes' })).statusCode,
    ).toBe(200);
    const again = await call('PATCH', `/${request.id}/approve`, admin(), { notes: 'Yes again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyDecided('APPROVED'));
    const reject = await call('PATCH', `/${request.id}/reject`, admin(), { notes: 'No' });
    expect(reject.statusCode).toBe(409);
    const [row] = await t.db.select().from(rentalRequests).where(eq(rentalRequests.id, request.id));
    expect(row).toMatchObject({ status: 'APPROVED', decisionNotes: 'Yes' });
  });

  it('takes exactly one of 20 approvals fired at once', async () => {
    const request = await create();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call('PATCH', `/${request.id}/approve`, admin(), { notes: `Approval ${n}` }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = responses.find((r) => r.statusCode === 200)!.json().data.decisionNotes;
    const [row] = await t.db.select().from(rentalRequests).where(eq(rentalRequests.id, request.id));
    expect(row!.decisionNotes).toBe(winner);
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'APPROVE_RENTAL_REQUEST'),
          eq(activityLogs.entityId, String(request.id)),
        ),
      );
    expect(entries).toHaveLength(1);
  });

  it('is for admins only (403), 404 for a missing request, and needs a session (401)', async () => {
    const request = await create();
    expect(
      (await call('PATCH', `/${request.id}/approve`, manager(), { notes: 'Me' })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', '/999999/approve', admin(), { notes: 'Yes' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PATCH', `/${request.id}/approve`, undefined, { notes: 'Yes' })).statusCode,
    ).toBe(401);
  });
});

describe('PATCH /api/rental-requests/{id}/reject', () => {
  it('rejects a pending request with notes (rejectionNotes too)', async () => {
    const request = await create();
    const response = await call('PATCH', `/${request.id}/reject`, admin(), {
      rejectionNotes: 'None left at the yard',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'REJECTED',
      approvedById: actors.admin.user.id,
      decisionNotes: 'None left at the yard',
    });
    const again = await call('PATCH', `/${request.id}/reject`, admin(), { notes: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyDecided('REJECTED'));
  });

  it('refuses blank notes (400), a field manager (403), a missing request (404), no session (401)', async () => {
    const request = await create();
    expect((await call('PATCH', `/${request.id}/reject`, admin(), { notes: ' ' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('PATCH', `/${request.id}/reject`, manager(), { notes: 'No' })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', '/999999/reject', admin(), { notes: 'No' })).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/${request.id}/reject`, undefined, { notes: 'No' })).statusCode,
    ).toBe(401);
  });
});

describe('PATCH /api/rental-requests/{id}/notes', () => {
  it("edits a decided request's notes later, and logs the change", async () => {
    const request = await create();
    await call('PATCH', `/${request.id}/approve`, admin(), { notes: 'First' });
    const response = await call('PATCH', `/${request.id}/notes`, admin(), { notes: 'Second' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'APPROVED', decisionNotes: 'Second' });
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'UPDATE_RENTAL_REQUEST_NOTES'),
          eq(activityLogs.entityId, String(request.id)),
        ),
      );
    expect(entry?.details).toMatchObject({ before: 'First', after: 'Second' });
  });

  it('refuses a pending request (409), blank notes (400), a field manager (403), a missing request (404), no session (401)', async () => {
    const request = await create();
    const pending = await call('PATCH', `/${request.id}/notes`, admin(), { notes: 'Early' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(M.notesOfPending);
    await call('PATCH', `/${request.id}/reject`, admin(), { notes: 'No' });
    expect((await call('PATCH', `/${request.id}/notes`, admin(), { notes: '' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('PATCH', `/${request.id}/notes`, manager(), { notes: 'Me' })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', '/999999/notes', admin(), { notes: 'x' })).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/${request.id}/notes`, undefined, { notes: 'x' })).statusCode,
    ).toBe(401);
  });
});

describe('a location that requests name', () => {
  it('cannot be deleted: 409, advising to set it Inactive', async () => {
    const place = await createLocation(t.db, { type: 'FIELD' });
    await create(single({ location: place.id }), admin());
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/locations/remove/${place.id}`,
      headers: admin(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `${place.name} cannot be deleted: 1 rental request refers to it. Set it to Inactive instead.`,
    );
  });
});

describe('the totals kept by the counters (migration 0020)', () => {
  it('agree with the requests themselves after the writes above, for all and for one location', async () => {
    const rows = await t.db
      .select({ locationId: rentalRequests.locationId, status: rentalRequests.status })
      .from(rentalRequests);
    expect(new Set(rows.map((row) => row.status)).size).toBe(3);
    const totalOf = async (query: string, headers: Record<string, string>) => {
      const response = await call('GET', `?page=1&limit=10${query}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().pagination.total as number;
    };
    const own = rows.filter((row) => row.locationId === actors.location.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(rows.length);
    expect(await totalOf('', admin())).toBe(rows.length);
    expect(await totalOf('', manager())).toBe(own.length);
    for (const status of ['PENDING', 'APPROVED', 'REJECTED'] as const) {
      expect(await totalOf(`&status=${status}`, admin())).toBe(
        rows.filter((row) => row.status === status).length,
      );
      expect(await totalOf(`&status=${status}`, manager())).toBe(
        own.filter((row) => row.status === status).length,
      );
    }
  });
});

describe('GET /api/rental-requests/materials', () => {
  type Option = {
    id: number;
    name: string;
    quantity: number;
    location: { id: number; name: string };
  };
  const options = async (query = '', headers = manager()) => {
    const response = await call('GET', `/materials${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Option[];
  };

  it("gives a field manager every active location's stock, their own too, by location with what is available", async () => {
    const listed = await options();
    const mine = listed.find((o) => o.id === tube);
    const theirs = listed.find((o) => o.id === otherTube);
    expect(mine).toMatchObject({
      name: 'Scaffold tube',
      quantity: 40,
      location: { id: actors.location.id },
    });
    expect(theirs).toMatchObject({
      name: 'Scaffold tube',
      quantity: 40,
      location: { id: other.id, name: 'North Field' },
    });
    // Grouped: each location's materials side by side.
    const firstOfEach = new Map<number, number>();
    const lastOfEach = new Map<number, number>();
    listed.forEach((o, index) => {
      if (!firstOfEach.has(o.location.id)) firstOfEach.set(o.location.id, index);
      lastOfEach.set(o.location.id, index);
    });
    for (const [id, first] of firstOfEach) {
      const run = listed.slice(first, lastOfEach.get(id)! + 1);
      expect(run.every((o) => o.location.id === id)).toBe(true);
    }
  });

  it('leaves out inactive locations and deleted materials, and narrows by a name', async () => {
    const shut = await createLocation(t.db, { name: 'Shut Yard' });
    await material(shut.id, 'Shut tube');
    const dropped = await material(other.id, 'Dropped tube');
    await t.db.update(locations).set({ status: 'INACTIVE' }).where(eq(locations.id, shut.id));
    await t.db.update(materials).set({ deletedAt: new Date() }).where(eq(materials.id, dropped));
    const listed = await options();
    expect(listed.some((o) => o.location.id === shut.id)).toBe(false);
    expect(listed.some((o) => o.id === dropped)).toBe(false);
    expect(listed.some((o) => o.id === otherTube)).toBe(true);
    const clamps = await options('?search=swivel');
    expect(clamps.map((o) => o.id)).toEqual([clamp]);
  });
});
