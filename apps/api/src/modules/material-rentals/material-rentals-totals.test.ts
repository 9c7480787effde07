import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { todayOf } from './material-rentals.service';

/**
 * The rentals' one summary (`material_rental_totals`, decision 066) against the rows that are its
 * truth, after every kind of write to a rental, its lines or its returns: each destination's
 * rentals, units dispatched and units back good, damaged and lost, recounted from the rentals, lines
 * and returns, equal to the summary; and the stats read from it equal to the same figures.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: { id: number };
let siteA: { id: number };
let siteB: { id: number };
let tube: number;
let clamp: number;

const admin = () => actors.admin.headers;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: admin(), payload });

function daysFromToday(days: number): string {
  const now = new Date();
  return todayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

type Rental = { id: number; items: Array<{ id: number }> };

async function dispatch(toLocationId: number, lines: Array<[number, number]>): Promise<Rental> {
  const response = await call('POST', '/material-rentals', {
    fromLocationId: yard.id,
    toLocationId,
    rentalDate: daysFromToday(-5),
    expectedReturnDate: daysFromToday(10),
    items: lines.map(([materialId, quantity]) => ({ materialId, quantity, unit: 'EACH' })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

type Row = {
  location_id: number;
  month: string;
  rentals: number;
  units_out: number;
  good: number;
  damaged: number;
  lost: number;
};

/**
 * The summary as kept, and as the rows say it: each destination's months, a rental and its units
 * in the month it left, what came back in the month it came back.
 */
async function keptAndCounted() {
  const kept = await t.db.execute<Row>(sql`
    select location_id, to_char(month, 'YYYY-MM-DD') as month, rentals, units_out, good, damaged,
           lost
      from material_rental_totals
     order by location_id, month`);
  const counted = await t.db.execute<Row>(sql`
    select location_id, to_char(month, 'YYYY-MM-DD') as month, sum(rentals)::int as rentals,
           sum(units_out)::int as units_out, sum(good)::int as good,
           sum(damaged)::int as damaged, sum(lost)::int as lost
      from (select r.to_location_id as location_id, date_trunc('month', r.rental_date) as month,
                   1 as rentals, i.quantity as units_out, 0 as good, 0 as damaged, 0 as lost
              from material_rentals r
              join lateral (select coalesce(sum(quantity), 0) as quantity
                              from material_rental_items where rental_id = r.id) i on true
            union all
            select r.to_location_id, date_trunc('month', h.return_date), 0, 0,
                   h.returned_quantity, h.damaged_quantity, h.lost_quantity
              from material_rental_returns h join material_rentals r on r.id = h.rental_id) x
     group by location_id, month
     order by location_id, month`);
  return { kept: kept.rows, counted: counted.rows };
}

/** A destination's figures over all months. */
function everAt(rows: Row[], locationId: number) {
  const mine = rows.filter((row) => row.location_id === locationId);
  if (mine.length === 0) return undefined;
  return {
    rentals: mine.reduce((sum, row) => sum + row.rentals, 0),
    units_out: mine.reduce((sum, row) => sum + row.units_out, 0),
  };
}

async function expectSummaryMatchesRows() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  // What is out at each site, as the stats show it, is what its active rentals' rows leave out.
  const out = await t.db.execute<{ location_id: number; out: number }>(sql`
    select r.to_location_id as location_id,
           (coalesce(sum((select sum(i.quantity) from material_rental_items i
                           where i.rental_id = r.id)), 0)
            - coalesce(sum((select sum(h.returned_quantity + h.damaged_quantity + h.lost_quantity)
                             from material_rental_returns h where h.rental_id = r.id)), 0))::int
             as out
      from material_rentals r where r.status = 'ACTIVE'
     group by r.to_location_id`);
  const stats = await call('GET', '/material-rentals/stats');
  expect(stats.statusCode, stats.body).toBe(200);
  const byLocation = stats.json().data.byLocation as Array<{
    location: { id: number };
    outstanding: number;
  }>;
  for (const site of [siteA, siteB]) {
    const expected = out.rows.find((row) => row.location_id === site.id)?.out ?? 0;
    expect(byLocation.find((row) => row.location.id === site.id)?.outstanding).toBe(expected);
  }
  return kept;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db);
  siteA = await createLocation(t.db, { type: 'FIELD' });
  siteB = await createLocation(t.db, { type: 'FIELD' });
  const material = async (name: string) => {
    const made = await call('POST', '/materials/create', {
      name,
      locationId: yard.id,
      quantity: 1_000,
      unit: 'EACH',
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.id as number;
  };
  tube = await material('Totals Tube');
  clamp = await material('Totals Clamp');
});

afterAll(async () => {
  await t?.close();
});

describe('the rentals summary (decision 066)', () => {
  it('equals the rows after every kind of write', async () => {
    // A dispatch to each site.
    const first = await dispatch(siteA.id, [
      [tube, 10],
      [clamp, 4],
    ]);
    const second = await dispatch(siteB.id, [[tube, 6]]);
    let kept = await expectSummaryMatchesRows();
    expect(everAt(kept, siteA.id)).toEqual({ rentals: 1, units_out: 14 });

    // Returns: good, damaged and lost, one dated in the past.
    for (const body of [
      { rentalItemId: first.items[0]!.id, returnedQuantity: 3 },
      {
        rentalItemId: first.items[0]!.id,
        returnedQuantity: 1,
        damagedQuantity: 2,
        lostQuantity: 1,
      },
      { rentalItemId: first.items[1]!.id, returnedQuantity: 2, returnDate: daysFromToday(-2) },
    ]) {
      const response = await call('POST', `/material-rentals/${first.id}/returns`, body);
      expect(response.statusCode, response.body).toBe(201);
      await expectSummaryMatchesRows();
    }

    // The dispatch day and a return's day corrected into another month: their units move there.
    const redated = await call('PATCH', `/material-rentals/${first.id}/rental-date`, {
      rentalDate: daysFromToday(-40),
      reason: 'Left earlier',
    });
    expect(redated.statusCode, redated.body).toBe(200);
    await expectSummaryMatchesRows();
    const returns = await call('GET', `/material-rentals/${first.id}/returns`);
    const returnId = returns.json().data[0].id as number;
    const moved = await call('PATCH', `/material-rentals/${first.id}/returns/${returnId}`, {
      returnDate: daysFromToday(-35),
      reason: 'Collected earlier',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectSummaryMatchesRows();

    // An edit of a rental with nothing back: new lines and another destination.
    const edited = await call('PUT', `/material-rentals/${second.id}`, {
      fromLocationId: yard.id,
      toLocationId: siteA.id,
      expectedReturnDate: daysFromToday(12),
      items: [{ materialId: tube, quantity: 9, unit: 'EACH' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    kept = await expectSummaryMatchesRows();
    expect(everAt(kept, siteA.id)).toEqual({ rentals: 2, units_out: 23 });
    expect(everAt(kept, siteB.id)).toBeUndefined();

    // Everything else back at once.
    const marked = await call('POST', `/material-rentals/${first.id}/mark-returned`, {
      returnDate: daysFromToday(-1),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await expectSummaryMatchesRows();

    // A rental removed.
    const third = await dispatch(siteB.id, [[clamp, 5]]);
    await expectSummaryMatchesRows();
    const removed = await call('DELETE', `/material-rentals/${third.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    kept = await expectSummaryMatchesRows();
    expect(everAt(kept, siteB.id)).toBeUndefined();
  });
});
