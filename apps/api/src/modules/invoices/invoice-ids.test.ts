import { INVOICE_MESSAGES } from '@stockyard/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { moneyFixtures, YEAR } from '../../../test/invoice-money-fixtures';
import { documentCounters, invoices } from '../../db/schema';

/**
 * Issue 48, decision 047: a field manager named a draft `cn-2026-00008`, the next credit note's
 * number, and every credit note of the company then failed with a 500. The ids people type never
 * take the form of a number the system gives, and the two are unique each in their own namespace.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let writer: Awaited<ReturnType<typeof loginAs>>;
const f = moneyFixtures(() => t);
const admin = () => actors.admin.headers;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  const writerUser = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { manageInvoices: true },
  });
  writer = await loginAs(t.app, writerUser.email);
  await f.setTerms('GBP', 2000, [['Erection', 'SQM (M2)', 1250]]);
});
afterAll(async () => {
  await t?.close();
});

/** The next number of a series this year, as the system writes it. */
async function nextOf(series: 'INVOICE' | 'CREDIT_NOTE' | 'DELIVERY_NOTE' | 'RETURN_NOTE') {
  const [row] = await t.db
    .select()
    .from(documentCounters)
    .where(and(eq(documentCounters.series, series), eq(documentCounters.year, YEAR)));
  return row?.next ?? 1;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('typed invoice ids and the numbers the system gives', () => {
  it('refuses, 400 with its message, a typed id in the form of any number the system gives', async () => {
    const squats = [
      `cn-${YEAR}-${pad(await nextOf('CREDIT_NOTE'), 5)}`,
      `CN-${YEAR}-00008`,
      `INV-${YEAR}-${pad(await nextOf('INVOICE'), 5)}`,
      `inv-2031-1`,
      `DN-${YEAR}-${pad(await nextOf('DELIVERY_NOTE'), 4)}`,
      `rn-${YEAR}-${pad(await nextOf('RETURN_NOTE'), 4)}`,
      `HIRE-${YEAR}-09-01-S${actors.location.id}`,
      'hire-anything',
      // Whatever the width, accents, case or spaces around it.
      `ＣＮ-${YEAR}-００００８`,
      `  Cń-${YEAR}-00008  `,
    ];
    for (const invoiceId of squats) {
      const created = await f.call(
        'POST',
        '/invoices',
        writer.headers,
        f.invoiceBody(actors.location.id, { invoiceId }),
      );
      expect(created.statusCode, `${invoiceId}: ${created.body}`).toBe(400);
      expect(created.json().message).toBe(INVOICE_MESSAGES.invoiceIdReserved);
      expect(created.json().errors).toContainEqual({
        path: 'invoiceId',
        message: INVOICE_MESSAGES.invoiceIdReserved,
      });
    }
    // Renaming a draft so is refused alike.
    const draft = await f.createWork(writer.headers, actors.location.id);
    const renamed = await f.call(
      'PUT',
      `/invoices/${draft.id}`,
      writer.headers,
      f.invoiceBody(actors.location.id, { invoiceId: squats[0] }),
    );
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(renamed.json().message).toBe(INVOICE_MESSAGES.invoiceIdReserved);
    expect((await f.get(draft.id, writer.headers)).invoiceId).toBe(draft.invoiceId);
  });

  it('keeps the ids people do type: the default INV-123456, a converted INV-RENT-…, their own forms', async () => {
    for (const invoiceId of ['INV-123456', 'INV-RENT-1767225600000', 'CN-TOWER-7', 'DN 2026 7']) {
      const created = await f.createWork(writer.headers, actors.location.id, { invoiceId });
      expect(created.invoiceId).toBe(invoiceId);
    }
  });

  it('gives the next credit note its number even where an older draft squats it (data from before)', async () => {
    const invoice = await f.finalize(
      (await f.createWork(writer.headers, actors.location.id)).id,
      writer.headers,
    );
    const next = `CN-${YEAR}-${pad(await nextOf('CREDIT_NOTE'), 5)}`;
    // A draft typed before the rule, in another case: written straight to the table.
    const [squatter] = await t.db
      .insert(invoices)
      .values({
        invoiceId: next.toLowerCase(),
        locationId: actors.location.id,
        clientName: 'Squatter',
        clientAddress: '1 Lane',
        issueDate: '2026-03-01',
        dueDate: '2026-03-02',
      })
      .returning();
    const response = await f.call('POST', `/invoices/${invoice.id}/credit-notes`, admin(), {
      reason: 'Wrong site billed',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ invoiceId: next, number: next, kind: 'CREDIT' });
    // The squatting draft is untouched, and can still be edited under its own id.
    expect((await f.get(squatter!.id, admin())).invoiceId).toBe(next.toLowerCase());
  });

  it('still refuses a typed id taken by another work invoice, whatever its case (409)', async () => {
    const first = await f.createWork(writer.headers, actors.location.id, {
      invoiceId: 'INV-ABC-1',
    });
    expect(first.invoiceId).toBe('INV-ABC-1');
    const second = await f.call(
      'POST',
      '/invoices',
      writer.headers,
      f.invoiceBody(actors.location.id, { invoiceId: 'inv-abc-1' }),
    );
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(INVOICE_MESSAGES.invoiceIdTaken);
  });
});
