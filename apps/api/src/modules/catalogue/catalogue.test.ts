import { CATALOGUE_MESSAGES, MONEY_MESSAGES } from '@stockyard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { materials, stockMovements } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let site: Awaited<ReturnType<typeof createLocation>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  site = await createLocation(t.db, { type: 'FIELD' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: object, headers = actors.admin.headers) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

const hireCall = (method: Method, url: string, payload?: object) =>
  call(method, `/catalogue${url}`, payload);

async function addType(values: Record<string, unknown>) {
  const response = await call('POST', '/catalogue/create', { unit: 'EACH', ...values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string };
}

async function addStock(name: string, locationId: number, quantity: number) {
  const response = await call('POST', '/materials/create', {
    name,
    locationId,
    quantity,
    unit: 'EACH',
  });
  return response;
}

describe('the catalogue', () => {
  it('adds a type with its item number, weight and value, and reads decimal commas as a form sends them', async () => {
    const type = await addType({
      itemNumber: 'TB-600',
      name: 'Tube 6m',
      category: 'Tubes',
      weightKg: '25,5',
      replacementValue: '48.20',
      notes: 'Galvanised',
    });
    const detail = await call('GET', `/catalogue/detail/${type.id}`);
    expect(detail.json().data).toMatchObject({
      itemNumber: 'TB-600',
      name: 'Tube 6m',
      category: 'Tubes',
      unit: 'EACH',
      weightKg: 25.5,
      replacementValue: 48.2,
      status: 'active',
      totalQuantity: 0,
      totalWeightKg: 0,
      totalValue: 0,
      stock: [],
    });
  });

  it('refuses a name or an item number taken, whatever its case and spaces, and bad numbers', async () => {
    await addType({ itemNumber: 'CP-01', name: 'Coupler' });
    const sameName = await call('POST', '/catalogue/create', { name: '  COUPLER ', unit: 'EACH' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(CATALOGUE_MESSAGES.nameTaken('COUPLER'));
    const sameNumber = await call('POST', '/catalogue/create', {
      name: 'Swivel coupler',
      itemNumber: 'cp-01',
      unit: 'EACH',
    });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json().message).toBe(CATALOGUE_MESSAGES.itemNumberTaken('cp-01'));
    const badWeight = await call('POST', '/catalogue/create', {
      name: 'Board',
      unit: 'EACH',
      weightKg: '-1',
      replacementValue: '1.234',
    });
    expect(badWeight.statusCode).toBe(400);
    expect(badWeight.json().errors).toEqual([
      { path: 'weightKg', message: 'Weight per unit must be a number of at least 0' },
      { path: 'replacementValue', message: 'Replacement value can have at most 2 decimals' },
    ]);
  });

  it('is the type of stock added by name at any location, spelled once, with its totals', async () => {
    const type = await addType({ name: 'Base jack', weightKg: 4, replacementValue: 12.5 });
    const yard = await addStock('  base JACK', actors.location.id, 10);
    const there = await addStock('Base jack', site.id, 6);
    expect(yard.statusCode, yard.body).toBe(201);
    expect(there.statusCode, there.body).toBe(201);
    for (const made of [yard, there]) {
      expect(made.json().data).toMatchObject({
        materialTypeId: type.id,
        name: 'Base jack',
        weightKg: 4,
        itemNumber: null,
      });
    }
    const detail = (await call('GET', `/catalogue/detail/${type.id}`)).json().data;
    expect(detail).toMatchObject({ totalQuantity: 16, totalWeightKg: 64, totalValue: 200 });
    expect(detail.stock).toHaveLength(2);
    expect(detail.stock.map((s: { quantity: number }) => s.quantity).sort()).toEqual([10, 6]);
    // The inventory shows the catalogue's item number and weight with each row.
    await call('PUT', `/catalogue/update/${type.id}`, {
      name: 'Base jack',
      unit: 'EACH',
      itemNumber: 'BJ-1',
      weightKg: 4,
      replacementValue: 12.5,
    });
    const list = await call('GET', `/materials/location/${site.id}`);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ name: 'Base jack', itemNumber: 'BJ-1', weightKg: 4 }),
    );
  });

  it('makes a type of a name it does not know, and a second location of it is the same type', async () => {
    const first = await addStock('Ledger 2.5m', actors.location.id, 3);
    const second = await addStock('LEDGER 2.5M', site.id, 3);
    expect(second.json().data.materialTypeId).toBe(first.json().data.materialTypeId);
    expect(second.json().data.name).toBe('Ledger 2.5m');
    const twice = await addStock('ledger 2.5m', site.id, 1);
    expect(twice.statusCode).toBe(409);
  });

  it('renames the stock at every location when the catalogue renames a type, and the database keeps them one', async () => {
    const made = (await addStock('Toe board', actors.location.id, 2)).json().data;
    await addStock('Toe board', site.id, 2);
    const renamed = await call('PUT', `/catalogue/update/${made.materialTypeId}`, {
      name: 'Toe board 3m',
      unit: 'EACH',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const rows = await t.db
      .select({ name: materials.name })
      .from(materials)
      .where(eq(materials.materialTypeId, made.materialTypeId));
    expect(rows.map((r) => r.name)).toEqual(['Toe board 3m', 'Toe board 3m']);
    // A name written into a stock row directly is the type's again.
    await t.db.execute(sql`update materials set name = 'Something else' where id = ${made.id}`);
    const [row] = await t.db.select().from(materials).where(eq(materials.id, made.id));
    expect(row!.name).toBe('Toe board 3m');
  });

  it('gives a retired type no new stock, but lets its stock be taken out and moved, until it is active again', async () => {
    const made = (await addStock('Old clamp', actors.location.id, 20)).json().data;
    const retired = await call('PATCH', `/catalogue/${made.materialTypeId}/status`, {
      status: 'retired',
    });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().data.status).toBe('retired');
    const message = CATALOGUE_MESSAGES.retired('Old clamp');

    const added = await addStock('old clamp', site.id, 1);
    expect(added.statusCode).toBe(409);
    expect(added.json().message).toBe(message);
    const more = await call('PATCH', `/materials/${made.id}/stock`, {
      operation: 'add',
      quantity: 1,
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(message);
    const counted = await call('PATCH', `/materials/${made.id}/stock`, {
      operation: 'set',
      quantity: 25,
    });
    expect(counted.statusCode).toBe(409);
    const fewer = await call('PATCH', `/materials/${made.id}/stock`, {
      operation: 'subtract',
      quantity: 5,
    });
    expect(fewer.statusCode).toBe(200);
    const moved = await call('POST', `/materials/${made.id}/transfer`, {
      fromLocation: actors.location.id,
      toLocation: site.id,
      quantity: 5,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.destination).toMatchObject({
      materialTypeId: made.materialTypeId,
      locationId: site.id,
      quantity: 5,
    });
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.materialId, made.id));
    expect(movements.map((m) => m.reason)).toEqual(['CREATE', 'STOCK_UPDATE', 'TRANSFER_OUT']);
    // Only active types are offered by name.
    const options = (await call('GET', '/catalogue/options')).json().data;
    expect(options.map((o: { name: string }) => o.name)).not.toContain('Old clamp');

    await call('PATCH', `/catalogue/${made.materialTypeId}/status`, { status: 'active' });
    expect((await addStock('Old clamp', site.id, 1)).statusCode).toBe(409); // already there
    const again = await call('PATCH', `/materials/${made.id}/stock`, {
      operation: 'add',
      quantity: 1,
    });
    expect(again.statusCode).toBe(200);
  });

  it('re-points a material edited to another name at that name’s type', async () => {
    const made = (await addStock('Putlog', actors.location.id, 4)).json().data;
    const edited = await call('PUT', `/materials/update/${made.id}`, {
      name: 'Putlog adaptor',
      locationId: actors.location.id,
      quantity: 4,
      unit: 'EACH',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.materialTypeId).not.toBe(made.materialTypeId);
    expect(edited.json().data.name).toBe('Putlog adaptor');
  });

  it('lists by name with search over item number and name, category and status filters', async () => {
    await addType({ itemNumber: 'LD-1', name: 'Ladder 3m', category: 'Access' });
    await addType({ itemNumber: 'LD-2', name: 'Ladder 4m', category: 'Access' });
    const retired = await addType({ itemNumber: 'LD-3', name: 'Ladder 5m', category: 'Access' });
    await call('PATCH', `/catalogue/${retired.id}/status`, { status: 'retired' });

    const names = async (query: string) =>
      (await call('GET', `/catalogue/list?${query}`))
        .json()
        .data.map((d: { name: string }) => d.name);
    expect(await names('search=ladder')).toEqual(['Ladder 3m', 'Ladder 4m', 'Ladder 5m']);
    expect(await names('search=ld-2')).toEqual(['Ladder 4m']);
    expect(await names('category=access&status=active')).toEqual(['Ladder 3m', 'Ladder 4m']);
    expect(await names('category=Access&status=retired')).toEqual(['Ladder 5m']);
    const page = await call('GET', '/catalogue/list?search=ladder&limit=2&page=2');
    expect(page.json().pagination).toMatchObject({ total: 3, page: 2 });
    expect((await call('GET', '/catalogue/categories')).json().data).toContain('Access');
  });

  it('is kept by admins; a field manager is offered its names only with View Inventory', async () => {
    const list = await call('GET', '/catalogue/list', undefined, actors.manager.headers);
    expect(list.statusCode).toBe(403);
    const create = await call(
      'POST',
      '/catalogue/create',
      { name: 'Sneaky', unit: 'EACH' },
      actors.manager.headers,
    );
    expect(create.statusCode).toBe(403);
    const options = await call('GET', '/catalogue/options', undefined, actors.manager.headers);
    expect(options.statusCode).toBe(200);
    const blind = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewInventory: false },
    });
    const blindHeaders = (await loginAs(t.app, blind.email)).headers;
    expect((await call('GET', '/catalogue/options', undefined, blindHeaders)).statusCode).toBe(403);
    expect((await call('GET', '/catalogue/detail/999999')).statusCode).toBe(404);
  });
});

describe('Hire rates on the catalogue (issue 33)', () => {
  const rated = { name: 'Hire frame 2m', unit: 'EACH' };

  it('are saved in cents and answered in cents; none until set', async () => {
    const plain = await hireCall('POST', '/create', { ...rated, name: 'Hire frame 1m' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data).toMatchObject({
      hireDayCents: null,
      hireWeekCents: null,
      minimumHireDays: 0,
    });
    const created = await hireCall('POST', '/create', {
      ...rated,
      hireDayCents: 250,
      hireWeekCents: 1200,
      minimumHireDays: 7,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const read = await hireCall('GET', `/detail/${id}`);
    expect(read.json().data).toMatchObject({
      hireDayCents: 250,
      hireWeekCents: 1200,
      minimumHireDays: 7,
    });
    const edited = await hireCall('PUT', `/update/${id}`, { ...rated, hireDayCents: 300 });
    expect(edited.json().data).toMatchObject({
      hireDayCents: 300,
      hireWeekCents: null,
      minimumHireDays: 0,
    });
  });

  it.each([
    [{ hireWeekCents: 1000 }, MONEY_MESSAGES.weekNeedsDay],
    [{ hireDayCents: -1 }, MONEY_MESSAGES.rate('Hire rate per day')],
    [{ hireDayCents: 2.5 }, MONEY_MESSAGES.rate('Hire rate per day')],
    [{ hireDayCents: 100, minimumHireDays: 366 }, MONEY_MESSAGES.minimumDays],
  ])('refuses %o with "%s"', async (change, message) => {
    const response = await hireCall('POST', '/create', {
      ...rated,
      name: 'Hire refused',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
