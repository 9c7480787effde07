import {
  addIsoDays,
  FIELD_MANAGER_BACKDATE_DAYS,
  localToday,
  MOVEMENT_DATE_MESSAGES as M,
} from '@stockyard/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { readyToIssue } from '../../../test/issuer-fixtures';
import { activityLogs, invoiceCharges, invoices, materials, materialTypes } from '../../db/schema';

/**
 * Dates as they happened (decision 048): every movement dated as it happened, billing that follows
 * the days also afterwards, rates fixed at dispatch, credit notes that add up. The four cases that
 * asked for it, with their numbers, and the rules of the dates.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: Awaited<ReturnType<typeof createLocation>>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const admin = () => actors.admin.headers;

/** A yard material whose catalogue type hires at these rates. */
async function material(name: string, rates: { day: number; minimum?: number }) {
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
    .set({ hireDayCents: rates.day, hireWeekCents: null, minimumHireDays: rates.minimum ?? 0 })
    .where(eq(materialTypes.id, row!.typeId));
  return { id, typeId: row!.typeId };
}

const site = (name: string) =>
  createLocation(t.db, {
    name,
    type: 'FIELD',
    customerName: `${name} Ltd`,
    customerAddress: '1 Road',
  });

type Rental = {
  id: number;
  rentalDate: string;
  items: {
    id: number;
    dayCents: number | null;
    weekCents: number | null;
    minimumDays: number | null;
  }[];
};

async function rent(
  to: number,
  materialId: number,
  quantity: number,
  rentalDate?: string,
  headers = admin(),
) {
  return call('POST', '/material-rentals', headers, {
    fromLocationId: yard.id,
    toLocationId: to,
    ...(rentalDate ? { rentalDate } : {}),
    expectedReturnDate: '2099-01-01',
    items: [{ materialId, quantity, unit: 'EACH' }],
  });
}

async function rentOn(day: string, to: number, materialId: number, quantity: number) {
  const response = await rent(to, materialId, quantity, day);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Rental;
}

const giveBack = (
  rental: Rental,
  quantity: number,
  returnDate: string | undefined,
  headers = admin(),
) =>
  call('POST', `/material-rentals/${rental.id}/returns`, headers, {
    rentalItemId: rental.items[0]!.id,
    returnedQuantity: quantity,
    ...(returnDate ? { returnDate } : {}),
  });

const run = (month: string, locationId: number) =>
  call('POST', '/billing/runs', admin(), { periodType: 'MONTH', month, locationId });

async function finalize(id: number) {
  await readyToIssue(t.db);
  const response = await call('PATCH', `/invoices/${id}/status`, admin(), { status: 'FINALIZED' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; number: string; grossCents: number };
}

/** What a site owes in all: its hire invoices and every credit note of them, net. */
async function owed(locationId: number) {
  const rows = await t.db
    .select({ net: invoices.netCents, gross: invoices.grossCents })
    .from(invoices)
    .where(eq(invoices.locationId, locationId));
  return {
    net: rows.reduce((sum, row) => sum + row.net, 0),
    gross: rows.reduce((sum, row) => sum + row.gross, 0),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: 'Ledger Yard' });
});
afterAll(async () => {
  await t.close();
});

describe('the issue’s cases (issue 49)', () => {
  it('a return recorded after its period was billed and finalized is credited by the next run', async () => {
    const quay = await site('Late Quay');
    const prop = await material('Late prop', { day: 100 });
    // 10 units out on 1 September at 1.00 a day.
    const rental = await rentOn('2026-09-01', quay.id, prop.id, 10);
    const september = await run('2026-09', quay.id);
    expect(september.statusCode, september.body).toBe(200);
    const bill = september.json().data.invoices[0];
    expect(bill.netCents).toBe(30_000);
    const final = await finalize(bill.id);

    // The return of 10 September, recorded afterwards: its day is what it says.
    const back = await giveBack(rental, 10, '2026-09-10');
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data.returnDate).toBe('2026-09-10');
    expect(back.json().data.recordedAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));

    const october = await run('2026-10', quay.id);
    expect(october.statusCode, october.body).toBe(200);
    const { creditNotes } = october.json().data;
    // On hire 1 to 9 September (the off-hire day is not charged, decision 044): 90.00, so the
    // 300.00 billed is corrected by a credit note of -210.00 naming the invoice and the line.
    expect(creditNotes).toHaveLength(1);
    expect(creditNotes[0].netCents).toBe(-21_000);
    const [line] = await t.db
      .select()
      .from(invoiceCharges)
      .where(eq(invoiceCharges.invoiceId, creditNotes[0].id));
    expect(line).toMatchObject({
      kind: 'CORRECTION',
      correctsInvoiceId: final.id,
      rentalItemId: rental.items[0]!.id,
      amountCents: -21_000,
    });
    expect(line!.description).toContain(final.number);
    // The README's worked example (How hire is charged) quotes these, as the code makes them.
    // (Numbered in the year of finalizing: the first invoice and credit note of this database.)
    const year = localToday().slice(0, 4);
    expect(final).toMatchObject({ number: `INV-${year}-00001`, grossCents: 36_000 });
    expect(creditNotes[0]).toMatchObject({ invoiceId: `CN-${year}-00001`, grossCents: -25_200 });
    expect(line!.description).toBe(
      `Correction of INV-${year}-00001: Late prop (rental ${rental.id}), hire 01/09/2026 - 30/09/2026, as its days and rates now stand`,
    );
    // October bills nothing for the props: they came back in September.
    expect(october.json().data.invoices).toEqual([]);
    expect(await owed(quay.id)).toEqual({ net: 9_000, gross: 10_800 });
    // Nothing more to do: a run again changes nothing.
    const again = (await run('2026-10', quay.id)).json().data;
    expect([...again.invoices, ...again.creditNotes]).toEqual([]);
  });

  it('rates fixed at dispatch: a minimum set to 0 afterwards leaves a 37-day hire at 37.00', async () => {
    const pier = await site('Minimum Pier');
    const board = await material('Minimum board', { day: 100, minimum: 14 });
    const rental = await rentOn('2026-09-25', pier.id, board.id, 1);
    expect(rental.items[0]).toMatchObject({ dayCents: 100, weekCents: null, minimumDays: 14 });
    const september = (await run('2026-09', pier.id)).json().data.invoices[0];
    expect(september.netCents).toBe(1_400);
    await finalize(september.id);
    // The catalogue's minimum is then set to 0: later dispatches only.
    await t.db
      .update(materialTypes)
      .set({ minimumHireDays: 0 })
      .where(eq(materialTypes.id, board.typeId));
    const october = (await run('2026-10', pier.id)).json().data;
    expect(october.creditNotes).toEqual([]);
    expect(october.invoices[0].netCents).toBe(2_300);
    // 25 September to 31 October: 37 days at 1.00, over the 14-day minimum.
    expect((await owed(pier.id)).net).toBe(3_700);
    // A rental made now takes the catalogue's new minimum.
    const later = await rentOn(localToday(), pier.id, board.id, 1);
    expect(later.items[0]!.minimumDays).toBe(0);
  });

  it('a customer rate without a minimum of its own inherits the catalogue’s: 2 days at 0.90 with a 10-day minimum is 9.00', async () => {
    const dock = await site('Inherit Dock');
    const tube = await material('Inherit tube', { day: 150, minimum: 10 });
    const rate = await call('PUT', `/locations/${dock.id}/rates/${tube.typeId}`, admin(), {
      dayCents: 90,
      weekCents: null,
    });
    expect(rate.statusCode, rate.body).toBe(200);
    expect(rate.json().data).toMatchObject({
      dayCents: 90,
      minimumDays: null,
      effectiveMinimumDays: 10,
    });
    const rental = await rentOn('2026-10-01', dock.id, tube.id, 1);
    expect(rental.items[0]).toMatchObject({ dayCents: 90, minimumDays: 10 });
    expect((await giveBack(rental, 1, '2026-10-03')).statusCode).toBe(201);
    const october = (await run('2026-10', dock.id)).json().data.invoices[0];
    expect(october.netCents).toBe(900);

    // A minimum of 0 stated is 0.
    await call('PUT', `/locations/${dock.id}/rates/${tube.typeId}`, admin(), {
      dayCents: 90,
      weekCents: null,
      minimumDays: 0,
    });
    const own = await rentOn(localToday(), dock.id, tube.id, 1);
    expect(own.items[0]).toMatchObject({ dayCents: 90, minimumDays: 0 });
  });

  it('credit notes made line by line add up to the invoice, VAT included', async () => {
    const wharf = await site('Cent Wharf');
    // Three lines of 1 cent each: 3 cents net, 1 cent of VAT at 20 %; each line alone has none.
    for (const name of ['Cent clip A', 'Cent clip B', 'Cent clip C']) {
      const clip = await material(name, { day: 1 });
      const rental = await rentOn('2026-10-05', wharf.id, clip.id, 1);
      expect((await giveBack(rental, 1, '2026-10-06')).statusCode).toBe(201);
    }
    const bill = (await run('2026-10', wharf.id)).json().data.invoices[0];
    const final = await finalize(bill.id);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, final.id));
    expect(row).toMatchObject({ netCents: 3, vatCents: 1, grossCents: 4 });
    const lines = await t.db
      .select({ id: invoiceCharges.id })
      .from(invoiceCharges)
      .where(eq(invoiceCharges.invoiceId, final.id))
      .orderBy(asc(invoiceCharges.position));
    expect(lines).toHaveLength(3);
    const notes: { netCents: number; vatCents: number; grossCents: number }[] = [];
    for (const line of lines) {
      const response = await call('POST', `/invoices/${final.id}/credit-notes`, admin(), {
        reason: 'Taken back line by line',
        chargeIds: [line.id],
      });
      expect(response.statusCode, response.body).toBe(201);
      notes.push(
        response.json().data as { netCents: number; vatCents: number; grossCents: number },
      );
    }
    // The last note takes the remainder: the cent of VAT the others, each rounded, left.
    expect(notes.map((note) => note.vatCents)).toEqual([0, 0, -1]);
    const sum = (key: 'netCents' | 'vatCents' | 'grossCents') =>
      row![key] + notes.reduce((total, note) => total + note[key], 0);
    expect([sum('netCents'), sum('vatCents'), sum('grossCents')]).toEqual([0, 0, 0]);
  });
});

describe('dates as they happened (decision 048)', () => {
  it('refuses a day in the future, a return before its dispatch, a field manager’s day more than 7 days back; an admin dates any day', async () => {
    const camp = await site('Dated Camp');
    const clamp = await material('Dated clamp', { day: 10 });
    const today = localToday();
    const future = await rent(camp.id, clamp.id, 1, addIsoDays(today, 1));
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(M.future);

    const rental = await rentOn(addIsoDays(today, -30), camp.id, clamp.id, 10);
    expect(rental.rentalDate).toBe(addIsoDays(today, -30));
    const before = await giveBack(rental, 1, addIsoDays(today, -31));
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(M.beforeDispatch(addIsoDays(today, -30)));
    expect((await giveBack(rental, 1, addIsoDays(today, 1))).json().message).toBe(M.future);

    const manager = await createUser(t.db, { role: 'USER', locationId: camp.id });
    const headers = (await loginAs(t.app, manager.email)).headers;
    const tooFar = await giveBack(
      rental,
      1,
      addIsoDays(today, -(FIELD_MANAGER_BACKDATE_DAYS + 1)),
      headers,
    );
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toBe(M.tooFarBack);
    const inReach = await giveBack(
      rental,
      1,
      addIsoDays(today, -FIELD_MANAGER_BACKDATE_DAYS),
      headers,
    );
    expect(inReach.statusCode, inReach.body).toBe(201);
    expect(inReach.json().data.returnDate).toBe(addIsoDays(today, -FIELD_MANAGER_BACKDATE_DAYS));
    // Left out: today.
    const plain = await giveBack(rental, 1, undefined, headers);
    expect(plain.json().data.returnDate).toBe(today);
    // An admin dates any day since the dispatch.
    const old = await giveBack(rental, 1, addIsoDays(today, -29));
    expect(old.statusCode, old.body).toBe(201);

    // The activity log keeps the day it happened beside who recorded it and when.
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'RETURN_RENTAL_ITEM'),
          eq(activityLogs.entityId, String(rental.id)),
        ),
      )
      .orderBy(asc(activityLogs.id))
      .limit(1);
    expect(entry).toMatchObject({ userId: manager.id });
    expect((entry!.details as { returnDate: string }).returnDate).toBe(
      addIsoDays(today, -FIELD_MANAGER_BACKDATE_DAYS),
    );
    // Recorded today, dated a week back.
    expect(localToday(entry!.timestamp)).toBe(today);
  });

  it('an admin corrects a return’s day and a dispatch’s with a reason; a field manager may not', async () => {
    const bank = await site('Corrected Bank');
    const beam = await material('Corrected beam', { day: 10 });
    const today = localToday();
    const rental = await rentOn(addIsoDays(today, -20), bank.id, beam.id, 5);
    const back = (await giveBack(rental, 5, addIsoDays(today, -2))).json().data;
    const url = `/material-rentals/${rental.id}/returns/${back.id}`;

    const manager = await createUser(t.db, { role: 'USER', locationId: bank.id });
    const headers = (await loginAs(t.app, manager.email)).headers;
    expect(
      (await call('PATCH', url, headers, { returnDate: addIsoDays(today, -5), reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', url, admin(), { returnDate: addIsoDays(today, -5) })).statusCode,
    ).toBe(400);
    const early = await call('PATCH', url, admin(), {
      returnDate: addIsoDays(today, -21),
      reason: 'Typo',
    });
    expect(early.json().message).toBe(M.beforeDispatch(addIsoDays(today, -20)));

    const fixed = await call('PATCH', url, admin(), {
      returnDate: addIsoDays(today, -5),
      reason: 'Off hire called on Monday',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const [history] = fixed.json().data;
    expect(history.returnDate).toBe(addIsoDays(today, -5));
    expect(history.recordedAt).toBe(back.recordedAt);
    const rentalNow = (await call('GET', `/material-rentals/${rental.id}`, admin())).json().data;
    expect(rentalNow.actualReturnDate).toBe(addIsoDays(today, -5));

    // The dispatch: never after its first return.
    const dispatchUrl = `/material-rentals/${rental.id}/rental-date`;
    const late = await call('PATCH', dispatchUrl, admin(), {
      rentalDate: addIsoDays(today, -4),
      reason: 'Typo',
    });
    expect(late.json().message).toBe(M.afterReturn(addIsoDays(today, -5)));
    const moved = await call('PATCH', dispatchUrl, admin(), {
      rentalDate: addIsoDays(today, -25),
      reason: 'Went out on the earlier lorry',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.rentalDate).toBe(addIsoDays(today, -25));
    const logged = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entityId, String(rental.id)));
    expect(logged.map((row) => row.action)).toEqual(
      expect.arrayContaining(['CORRECT_RETURN_DATE', 'CORRECT_RENTAL_DATE']),
    );
  });

  it('a line re-rated on purpose is audited, and the next run corrects what was billed at the old rate', async () => {
    const lane = await site('Rerate Lane');
    const frame = await material('Rerate frame', { day: 100 });
    const rental = await rentOn('2026-09-01', lane.id, frame.id, 2);
    const september = (await run('2026-09', lane.id)).json().data.invoices[0];
    expect(september.netCents).toBe(6_000);
    const final = await finalize(september.id);
    const url = `/material-rentals/${rental.id}/items/${rental.items[0]!.id}/rates`;
    const changed = await call('PATCH', url, admin(), {
      dayCents: 80,
      weekCents: null,
      minimumDays: 0,
      reason: 'Agreed discount from the start',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.items[0]).toMatchObject({ dayCents: 80, minimumDays: 0 });
    const october = (await run('2026-10', lane.id)).json().data;
    // September corrected by -12.00 on a credit note; October billed at 0.80.
    expect(october.creditNotes.map((note: { netCents: number }) => note.netCents)).toEqual([
      -1_200,
    ]);
    expect(october.invoices[0].netCents).toBe(2 * 80 * 31);
    expect((await owed(lane.id)).net).toBe(2 * 80 * 61);
    const [audit] = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'RERATE_RENTAL_ITEM'));
    expect(audit!.details).toMatchObject({
      before: { dayCents: 100 },
      after: { dayCents: 80 },
      reason: 'Agreed discount from the start',
    });
    expect(final.number).toBeTruthy();
  });

  it('a draft billed before a late return is priced again in place', async () => {
    const yardSide = await site('Draft Side');
    const plank = await material('Draft plank', { day: 100 });
    const rental = await rentOn('2026-09-01', yardSide.id, plank.id, 3);
    const september = (await run('2026-09', yardSide.id)).json().data.invoices[0];
    expect(september.netCents).toBe(9_000);
    expect((await giveBack(rental, 3, '2026-09-11')).statusCode).toBe(201);
    const october = (await run('2026-10', yardSide.id)).json().data;
    expect(october.creditNotes).toEqual([]);
    expect(october.invoices.map((bill: { id: number }) => bill.id)).toEqual([september.id]);
    const [draft] = await t.db.select().from(invoices).where(eq(invoices.id, september.id));
    expect(draft!.netCents).toBe(3 * 100 * 10);
    const lines = await t.db
      .select({ kind: invoiceCharges.kind, toDate: invoiceCharges.toDate })
      .from(invoiceCharges)
      .where(eq(invoiceCharges.invoiceId, september.id));
    expect(lines).toEqual([{ kind: 'HIRE', toDate: '2026-09-10' }]);
  });
});
