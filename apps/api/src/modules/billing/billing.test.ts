import { BILLING_MESSAGES, localToday } from '@stockyard/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { invoiceCharges, invoices, materials, materialTypes } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: Awaited<ReturnType<typeof createLocation>>;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const admin = () => actors.admin.headers;

/** A material in the yard whose catalogue type has these hire rates and replacement value. */
async function material(
  name: string,
  rates: { day: number | null; week?: number | null; minimum?: number; value?: number },
) {
  const created = await call('POST', '/materials/create', admin(), {
    name,
    locationId: yard.id,
    quantity: 1000,
    unit: 'EACH',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const [row] = await t.db
    .select({ typeId: materials.materialTypeId })
    .from(materials)
    .where(eq(materials.id, id));
  await t.db
    .update(materialTypes)
    .set({
      hireDayCents: rates.day,
      hireWeekCents: rates.week ?? null,
      minimumHireDays: rates.minimum ?? 0,
      replacementValue: rates.value ?? null,
    })
    .where(eq(materialTypes.id, row!.typeId));
  return { id, typeId: row!.typeId };
}

/** A site with a customer. */
const site = (name: string, extra: object = {}) =>
  createLocation(t.db, {
    name,
    type: 'FIELD',
    customerName: `${name} Ltd`,
    customerAddress: `1 ${name} Road`,
    ...extra,
  });

/** A rental dispatched on `day` (an admin dates it as it happened). */
async function rentOn(day: string, to: number, items: { materialId: number; quantity: number }[]) {
  const response = await call('POST', '/material-rentals', admin(), {
    fromLocationId: yard.id,
    toLocationId: to,
    rentalDate: day,
    expectedReturnDate: '2099-01-01',
    items: items.map((item) => ({ ...item, unit: 'EACH' })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; items: { id: number }[] };
}

/** A return of a line whose hire ended on `day` (dated as it happened). */
async function returnOn(
  day: string,
  rentalId: number,
  rentalItemId: number,
  quantities: { good?: number; damaged?: number; lost?: number },
) {
  const response = await call('POST', `/material-rentals/${rentalId}/returns`, admin(), {
    rentalItemId,
    returnDate: day,
    returnedQuantity: quantities.good ?? 0,
    damagedQuantity: quantities.damaged ?? 0,
    lostQuantity: quantities.lost ?? 0,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const run = (payload: object, headers = admin()) => call('POST', '/billing/runs', headers, payload);
const january = { periodType: 'MONTH', month: '2026-01' };

async function chargesOf(invoiceId: number) {
  return t.db
    .select({
      kind: invoiceCharges.kind,
      quantity: invoiceCharges.quantity,
      fromDate: invoiceCharges.fromDate,
      toDate: invoiceCharges.toDate,
      days: invoiceCharges.days,
      amountCents: invoiceCharges.amountCents,
    })
    .from(invoiceCharges)
    .where(eq(invoiceCharges.invoiceId, invoiceId))
    .orderBy(asc(invoiceCharges.position));
}

async function invoiceRow(id: number) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: 'Billing Yard' });
});
afterAll(async () => {
  await t.close();
});

describe('a billing run', () => {
  it('bills a month of hire by dispatch and return days, the losses at their value, with VAT, once', async () => {
    const tower = await site('Harbour Tower');
    const tube = await material('Bill tube', { day: 150 });
    const clamp = await material('Bill clamp', { day: 20, week: 100, minimum: 7, value: 12 });
    const rental = await rentOn('2026-01-05', tower.id, [
      { materialId: tube.id, quantity: 10 },
      { materialId: clamp.id, quantity: 40 },
    ]);
    const [tubeLine, clampLine] = rental.items;
    await returnOn('2026-01-20', rental.id, tubeLine!.id, { good: 4 });
    await returnOn('2026-01-25', rental.id, clampLine!.id, { lost: 10 });

    const response = await run({ ...january, locationId: tower.id });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      unpriced: [],
    });
    expect(result.invoices).toHaveLength(1);
    // Worked by hand: tubes 4 x 15 days x 1.50 and 6 x 27 days x 1.50; clamps, the cheaper of
    // days and weeks: 10 x 20 days (3 weeks, 3.00) and 30 x 27 days (4 weeks, 4.00); 10 clamps
    // lost at 12.00.
    const lines = await chargesOf(result.invoices[0].id);
    expect(lines).toEqual([
      {
        kind: 'HIRE',
        quantity: 4,
        fromDate: '2026-01-05',
        toDate: '2026-01-19',
        days: 15,
        amountCents: 9000,
      },
      {
        kind: 'HIRE',
        quantity: 6,
        fromDate: '2026-01-05',
        toDate: '2026-01-31',
        days: 27,
        amountCents: 24300,
      },
      {
        kind: 'HIRE',
        quantity: 10,
        fromDate: '2026-01-05',
        toDate: '2026-01-24',
        days: 20,
        amountCents: 3000,
      },
      {
        kind: 'HIRE',
        quantity: 30,
        fromDate: '2026-01-05',
        toDate: '2026-01-31',
        days: 27,
        amountCents: 12000,
      },
      {
        kind: 'WRITE_OFF',
        quantity: 10,
        fromDate: '2026-01-25',
        toDate: '2026-01-25',
        days: null,
        amountCents: 12000,
      },
    ]);
    const invoice = await invoiceRow(result.invoices[0].id);
    expect(invoice).toMatchObject({
      kind: 'HIRE',
      status: 'DRAFT',
      clientName: 'Harbour Tower Ltd',
      clientAddress: '1 Harbour Tower Road',
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      vatRateBp: 2000,
      netCents: 60300,
      vatCents: 12060,
      grossCents: 72360,
    });
    expect(result.invoices[0]).toMatchObject({ netCents: 60300, grossCents: 72360, linesAdded: 5 });

    // Again: nothing new, nothing changed.
    const again = await run({ ...january, locationId: tower.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.invoices).toEqual([]);
    expect(await chargesOf(invoice.id)).toHaveLength(5);

    // February carries on from where January ended: 6 tubes x 28 days, 30 clamps from 4 weeks to 8.
    const february = await run({ periodType: 'MONTH', month: '2026-02', locationId: tower.id });
    expect(february.statusCode, february.body).toBe(200);
    const feb = february.json().data.invoices[0];
    expect(await chargesOf(feb.id)).toEqual([
      {
        kind: 'HIRE',
        quantity: 6,
        fromDate: '2026-02-01',
        toDate: '2026-02-28',
        days: 28,
        amountCents: 25200,
      },
      {
        kind: 'HIRE',
        quantity: 30,
        fromDate: '2026-02-01',
        toDate: '2026-02-28',
        days: 28,
        amountCents: 12000,
      },
    ]);
    expect(feb.netCents).toBe(37200);
  });

  it('refuses a period that has not ended, a site without a customer, and anyone but an admin', async () => {
    const month = localToday().slice(0, 7);
    const open = await run({ periodType: 'MONTH', month });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toMatch(/^A period is billed once it has ended/);

    const noCustomer = await createLocation(t.db, { name: 'Plain Site', type: 'FIELD' });
    const refused = await run({ ...january, locationId: noCustomer.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILLING_MESSAGES.siteNotCustomer);

    expect((await run(january, actors.manager.headers)).statusCode).toBe(403);
    const bad = await run({ periodType: 'MONTH', month: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BILLING_MESSAGES.monthRequired);
  });

  it('bills a 28-day cycle, a zero-rated customer without VAT, and a line without a rate once it has one', async () => {
    const pier = await site('Pier Works', { customerZeroRated: true });
    const board = await material('Bill board', { day: null });
    const rental = await rentOn('2026-03-02', pier.id, [{ materialId: board.id, quantity: 5 }]);
    const cycle = { periodType: 'CYCLE_28', start: '2026-03-02', locationId: pier.id };

    const unpriced = await run(cycle);
    expect(unpriced.statusCode, unpriced.body).toBe(200);
    expect(unpriced.json().data).toMatchObject({
      periodStart: '2026-03-02',
      periodEnd: '2026-03-29',
      invoices: [],
      unpriced: [{ rentalId: rental.id, materialName: 'Bill board', reason: 'NO_HIRE_RATE' }],
    });

    await t.db
      .update(materialTypes)
      .set({ hireDayCents: 75 })
      .where(eq(materialTypes.id, board.typeId));
    const priced = await run(cycle);
    const made = priced.json().data.invoices[0];
    expect(await chargesOf(made.id)).toEqual([
      {
        kind: 'HIRE',
        quantity: 5,
        fromDate: '2026-03-02',
        toDate: '2026-03-29',
        days: 28,
        amountCents: 10500,
      },
    ]);
    expect(await invoiceRow(made.id)).toMatchObject({
      vatRateBp: 0,
      netCents: 10500,
      vatCents: 0,
      grossCents: 10500,
    });
  });

  it('bills each day once when two runs of one period race', async () => {
    const dock = await site('Dry Dock');
    const prop = await material('Bill prop', { day: 40 });
    const rental = await rentOn('2026-04-10', dock.id, [{ materialId: prop.id, quantity: 3 }]);
    const april = { periodType: 'MONTH', month: '2026-04', locationId: dock.id };
    const [a, b] = await Promise.all([run(april), run(april)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const made = [...a.json().data.invoices, ...b.json().data.invoices];
    expect(made).toHaveLength(1);
    // 3 props x 21 days x 0.40.
    expect(await chargesOf(made[0].id)).toEqual([
      {
        kind: 'HIRE',
        quantity: 3,
        fromDate: '2026-04-10',
        toDate: '2026-04-30',
        days: 21,
        amountCents: 2520,
      },
    ]);

    // Billed, the rental keeps its items and is not deleted.
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/material-rentals/${rental.id}`,
      headers: admin(),
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(BILLING_MESSAGES.rentalBilled);
    const [still] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceCharges)
      .where(eq(invoiceCharges.rentalId, rental.id));
    expect(still!.n).toBe(1);
  });

  it("bills one site while another site's run waits, and a run of every site waits for both", async () => {
    const north = await site('North Berth');
    const south = await site('South Berth');
    const beam = await material('Bill beam', { day: 20 });
    await rentOn('2026-06-10', north.id, [{ materialId: beam.id, quantity: 2 }]);
    await rentOn('2026-06-10', south.id, [{ materialId: beam.id, quantity: 1 }]);
    const june = (locationId?: number) => ({ periodType: 'MONTH', month: '2026-06', locationId });
    // A run of the south site is under way: this connection holds what such a run holds.
    const other = await t.db.$client.connect();
    try {
      await other.query('begin');
      await other.query(
        'select pg_advisory_xact_lock_shared($1), pg_advisory_xact_lock($2, $3::integer)',
        [ADVISORY_LOCKS.single.billingRuns, ADVISORY_LOCKS.classes.billingSite, south.id],
      );
      let finished = 0;
      const southRun = run(june(south.id)).finally(() => finished++);
      // The north site's run does not wait for the south's.
      const northRun = await run(june(north.id));
      expect(northRun.statusCode, northRun.body).toBe(200);
      expect(northRun.json().data.invoices).toEqual([
        expect.objectContaining({ locationName: 'North Berth', netCents: 2 * 21 * 20 }),
      ]);
      // The south site's second run and a run of every site wait for the first.
      const everySite = run(june()).finally(() => finished++);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(finished).toBe(0);
      await other.query('commit');
      const [southDone, everyDone] = await Promise.all([southRun, everySite]);
      expect([southDone.statusCode, everyDone.statusCode]).toEqual([200, 200]);
      // Each day once: the south's 21 days by one of the two runs, the north's by its own.
      const billedHere = [...southDone.json().data.invoices, ...everyDone.json().data.invoices]
        .filter((i: { locationName: string }) =>
          ['North Berth', 'South Berth'].includes(i.locationName),
        )
        .map((i: { locationName: string; netCents: number }) => [i.locationName, i.netCents]);
      expect(billedHere).toEqual([['South Berth', 21 * 20]]);
    } finally {
      await other.query('rollback').catch(() => undefined);
      other.release();
    }
  });

  it('bills every site with a customer when no site is named, and no yard', async () => {
    const east = await site('East Quay');
    const west = await site('West Quay');
    const otherYard = await createLocation(t.db, { name: 'Second Yard' });
    const pole = await material('Bill pole', { day: 10 });
    await rentOn('2026-05-30', east.id, [{ materialId: pole.id, quantity: 1 }]);
    await rentOn('2026-05-30', west.id, [{ materialId: pole.id, quantity: 2 }]);
    await rentOn('2026-05-30', otherYard.id, [{ materialId: pole.id, quantity: 4 }]);
    const response = await run({ periodType: 'MONTH', month: '2026-05' });
    expect(response.statusCode, response.body).toBe(200);
    const made = response.json().data.invoices as { locationName: string; netCents: number }[];
    expect(made.filter((i) => ['East Quay', 'West Quay'].includes(i.locationName))).toEqual([
      expect.objectContaining({ locationName: 'East Quay', netCents: 20 }),
      expect.objectContaining({ locationName: 'West Quay', netCents: 40 }),
    ]);
    expect(made.some((i) => i.locationName === 'Second Yard')).toBe(false);
    const manager = await createUser(t.db, { role: 'USER', locationId: east.id });
    expect((await run(january, (await loginAs(t.app, manager.email)).headers)).statusCode).toBe(
      403,
    );
  });

  it('charges scrapped units to the customers whose damaged returns they were, oldest first, once', async () => {
    const north = await site('North Pier');
    const south = await site('South Pier');
    const frame = await material('Bill frame', { day: 10, value: 80 });
    const first = await rentOn('2026-06-01', north.id, [{ materialId: frame.id, quantity: 10 }]);
    const second = await rentOn('2026-06-01', south.id, [{ materialId: frame.id, quantity: 2 }]);
    await returnOn('2026-06-10', first.id, first.items[0]!.id, { good: 4, damaged: 6 });
    await returnOn('2026-06-12', second.id, second.items[0]!.id, { damaged: 2 });
    // 2 repaired on 15 June, then 5 scrapped on 20 June: the 4 left of North Pier's 6, then 1 of
    // South Pier's 2.
    for (const [action, quantity, day] of [
      ['repair', 2, '2026-06-15'],
      ['scrap', 5, '2026-06-20'],
    ] as const) {
      // Dated as it happened.
      const response = await call('POST', `/materials/${frame.id}/${action}`, admin(), {
        quantity,
        occurredOn: day,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const june = (locationId: number) => run({ periodType: 'MONTH', month: '2026-06', locationId });

    const northBill = (await june(north.id)).json().data.invoices[0];
    expect(await chargesOf(northBill.id)).toEqual([
      {
        kind: 'HIRE',
        quantity: 10,
        fromDate: '2026-06-01',
        toDate: '2026-06-09',
        days: 9,
        amountCents: 900,
      },
      {
        kind: 'SCRAP',
        quantity: 4,
        fromDate: '2026-06-20',
        toDate: '2026-06-20',
        days: null,
        amountCents: 32000,
      },
    ]);
    const southBill = (await june(south.id)).json().data.invoices[0];
    expect(await chargesOf(southBill.id)).toEqual([
      {
        kind: 'HIRE',
        quantity: 2,
        fromDate: '2026-06-01',
        toDate: '2026-06-11',
        days: 11,
        amountCents: 220,
      },
      {
        kind: 'SCRAP',
        quantity: 1,
        fromDate: '2026-06-20',
        toDate: '2026-06-20',
        days: null,
        amountCents: 8000,
      },
    ]);
    // Once: run again, nothing new.
    expect((await june(north.id)).json().data.invoices).toEqual([]);
    expect((await june(south.id)).json().data.invoices).toEqual([]);
  });
});
