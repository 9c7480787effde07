import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  formatMoney,
  hireDueThrough,
  isoToDisplayDate,
  type OnHireLine,
  type OnHireStatement,
  onHireText,
} from '@stockyard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { materials, materialTypes } from '../../db/schema';
import { todayOf } from './material-rentals.service';

/** What is on hire at a site. */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: Awaited<ReturnType<typeof createLocation>>;
let other: Awaited<ReturnType<typeof createLocation>>;
let otherManager: Record<string, string>;
let dir: string;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const admin = () => actors.admin.headers;
const manager = () => actors.manager.headers;

function daysFromToday(days: number): string {
  const now = new Date();
  return todayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

async function material(locationId: number, name: string, quantity: number) {
  const response = await call('POST', '/materials/create', admin(), {
    name,
    locationId,
    quantity,
    unit: 'EACH',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function rent(
  to: number,
  items: Array<{ materialId: number; quantity: number }>,
  rentalDate: string,
  expectedReturnDate: string,
) {
  const response = await call('POST', '/material-rentals', admin(), {
    fromLocationId: yard.id,
    toLocationId: to,
    rentalDate,
    expectedReturnDate,
    items: items.map((item) => ({ ...item, unit: 'EACH', materialName: 'ignored' })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; items: Array<{ id: number; materialId: number }> };
}

async function giveBack(rentalId: number, rentalItemId: number, body: object) {
  const response = await call('POST', `/material-rentals/${rentalId}/returns`, admin(), {
    rentalItemId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
}

function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const flat = (text: string) => text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

let tube: number;
let coupler: number;
let rentalId: number;
let tubeItem: number;
let couplerItem: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'on-hire-'));
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: 'Main Yard' });
  other = await createLocation(t.db, { type: 'FIELD', name: 'Baustelle Müller Schule' });
  const user = await createUser(t.db, { locationId: other.id });
  otherManager = (await loginAs(t.app, user.email)).headers;

  tube = await material(yard.id, 'Gerüst Stahlrohr 3,0 m', 200);
  coupler = await material(yard.id, 'Swivel coupler', 500);
  // The tube's catalogue type is hired at 0.30 a day, 1.50 a week; the coupler's has no rate.
  const [row] = await t.db
    .select({ typeId: materials.materialTypeId })
    .from(materials)
    .where(eq(materials.id, tube));
  await t.db
    .update(materialTypes)
    .set({ hireDayCents: 30, hireWeekCents: 150, minimumHireDays: 0, itemNumber: 'GR-300' })
    .where(eq(materialTypes.id, row!.typeId));

  // Nine days ago, 63 tubes and 300 couplers to the field manager's site, due back in 18 days.
  const made = await rent(
    actors.location.id,
    [
      { materialId: tube, quantity: 63 },
      { materialId: coupler, quantity: 300 },
    ],
    daysFromToday(-9),
    daysFromToday(18),
  );
  rentalId = made.id;
  tubeItem = made.items[0]!.id;
  couplerItem = made.items[1]!.id;
  // 10 tubes back good four days ago; 2 damaged and 1 lost today.
  await giveBack(rentalId, tubeItem, { returnedQuantity: 10, returnDate: daysFromToday(-4) });
  await giveBack(rentalId, tubeItem, { returnedQuantity: 0, damagedQuantity: 2, lostQuantity: 1 });

  // A rental all of which came back is not on hire; one to another site is not this site's.
  const back = await rent(
    actors.location.id,
    [{ materialId: tube, quantity: 5 }],
    daysFromToday(-2),
    daysFromToday(5),
  );
  await giveBack(back.id, back.items[0]!.id, { returnedQuantity: 5 });
  await rent(other.id, [{ materialId: coupler, quantity: 7 }], daysFromToday(-1), daysFromToday(3));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function statement(locationId: number, headers: Record<string, string>) {
  const response = await call('GET', `/locations/${locationId}/on-hire`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as OnHireStatement;
}

describe('GET /locations/:id/on-hire', () => {
  it("shows a field manager their site's lines with what is out, as the rows say, and no money", async () => {
    const seen = await statement(actors.location.id, manager());
    expect(seen.location).toMatchObject({ id: actors.location.id, name: actors.location.name });
    expect(seen.asOf).toBe(todayOf());
    expect(seen.hireSoFarCents).toBeNull();
    expect(seen.lines.map((line) => [line.rentalItemId, line.out])).toEqual([
      [tubeItem, 50],
      [couplerItem, 300],
    ]);
    const [tubeLine, couplerLine] = seen.lines as [OnHireLine, OnHireLine];
    expect(tubeLine).toMatchObject({
      rentalId,
      materialId: tube,
      itemNumber: 'GR-300',
      materialName: 'Gerüst Stahlrohr 3,0 m',
      unit: 'EACH',
      fromLocationId: yard.id,
      fromLocationName: 'Main Yard',
      rentalDate: daysFromToday(-9),
      expectedReturnDate: daysFromToday(18),
      overdue: false,
      dispatched: 63,
      returned: 10,
      damaged: 2,
      lost: 1,
      out: 50,
      daysOut: 10,
      hireSoFarCents: null,
    });
    expect(couplerLine.hireSoFarCents).toBeNull();
    // The quantities are the dispatched lines less the sums of their dated return rows.
    const rows = await t.db.execute<{ id: number; out: number }>(sql`
      select i.id, (i.quantity - coalesce(sum(r.returned_quantity + r.damaged_quantity + r.lost_quantity), 0))::integer as out
        from material_rental_items i left join material_rental_returns r on r.rental_item_id = i.id
       where i.rental_id = ${rentalId} group by i.id order by i.id`);
    expect(seen.lines.map((line) => ({ id: line.rentalItemId, out: line.out }))).toEqual(
      rows.rows.map((row) => ({ id: Number(row.id), out: Number(row.out) })),
    );
    // As a scanned label says it.
    expect(onHireText(tubeLine)).toBe(
      `On hire here: 50, rental #${rentalId} from Main Yard, due back ${isoToDisplayDate(daysFromToday(18))}`,
    );
  });

  it("gives an admin each line's hire so far through today, by the hire engine over its dated returns", async () => {
    const seen = await statement(actors.location.id, admin());
    const [tubeLine, couplerLine] = seen.lines as [OnHireLine, OnHireLine];
    // 10 units for 5 days (1.50), 3 for 9 days (1.50 + 2 × 0.30), 50 for 10 (1.50 + 3 × 0.30).
    expect(tubeLine.hireSoFarCents).toBe(10 * 150 + 3 * 210 + 50 * 240);
    expect(tubeLine.hireSoFarCents).toBe(
      hireDueThrough(
        {
          quantity: 63,
          onHire: daysFromToday(-9),
          returns: [
            { day: daysFromToday(-4), units: 10 },
            { day: todayOf(), units: 3 },
          ],
        },
        { dayCents: 30, weekCents: 150, minimumDays: 0 },
        todayOf(),
      ),
    );
    // A line without any rate has no hire to say.
    expect(couplerLine.hireSoFarCents).toBeNull();
    expect(seen.hireSoFarCents).toBe(14_130);
    expect(seen.currency).toBe('EUR');
  });

  it("answers a field manager another site's statement 404, and an admin any site's", async () => {
    const refused = await call('GET', `/locations/${other.id}/on-hire`, manager());
    expect(refused.statusCode).toBe(404);
    const refusedPdf = await call(
      'GET',
      `/locations/${actors.location.id}/on-hire/pdf`,
      otherManager,
    );
    expect(refusedPdf.statusCode).toBe(404);
    expect((await call('GET', `/locations/${other.id}/on-hire`)).statusCode).toBe(401);
    const theirs = await statement(other.id, otherManager);
    expect(theirs.lines.map((line) => [line.materialName, line.out])).toEqual([
      ['Swivel coupler', 7],
    ]);
    const byAdmin = await statement(other.id, admin());
    expect(byAdmin.lines.map((line) => line.out)).toEqual([7]);
    expect((await call('GET', '/locations/999999/on-hire', admin())).statusCode).toBe(404);
  });

  it('prints the statement: every line, the hire so far for an admin only', async () => {
    const asAdmin = await call('GET', `/locations/${actors.location.id}/on-hire/pdf`, admin());
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.headers['content-type']).toContain('application/pdf');
    expect(asAdmin.headers['content-disposition']).toContain(`on-hire-`);
    const text = pdfText(asAdmin.rawPayload);
    const lines = flat(text);
    expect(text).toContain(`On-hire statement: ${actors.location.name}`);
    expect(text).toContain(`On hire on ${isoToDisplayDate(todayOf())}`);
    expect(text).toContain('GR-300');
    expect(text).toContain('Gerüst Stahlrohr');
    expect(text).toContain('50 Each');
    expect(text).toContain('300 Each');
    expect(text).toContain(`#${rentalId} from`);
    expect(text).toContain(isoToDisplayDate(daysFromToday(18)));
    expect(text).toContain(formatMoney(14_130, 'EUR'));
    expect(lines).toContain(`Hire so far: ${formatMoney(14_130, 'EUR')}`);
    expect(text).not.toContain('EACH');

    const asManager = await call('GET', `/locations/${actors.location.id}/on-hire/pdf`, manager());
    expect(asManager.statusCode).toBe(200);
    const theirs = pdfText(asManager.rawPayload);
    expect(theirs).toContain('50 Each');
    expect(theirs).not.toContain('Hire so far');
    expect(theirs).not.toContain(formatMoney(14_130, 'EUR'));
  });
});
