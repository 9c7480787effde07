import { INVOICE_MESSAGES } from '@stockyard/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { moneyFixtures, YEAR } from '../../../test/invoice-money-fixtures';
import { activityLogs, documentCounters, invoiceCharges, invoices } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let writer: Awaited<ReturnType<typeof loginAs>>;
let other: Awaited<ReturnType<typeof createLocation>>;
const f = moneyFixtures(() => t);
const admin = () => actors.admin.headers;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { type: 'FIELD' });
  const writerUser = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { manageInvoices: true },
  });
  writer = await loginAs(t.app, writerUser.email);
  await f.setTerms('GBP', 2000, [
    ['Erection', 'SQM (M2)', 1250],
    ['Dismantling', 'CUM (M3)', 333],
  ]);
});
afterAll(async () => {
  await t.close();
});

const credit = (id: number, body: object, headers: Record<string, string> = admin()) =>
  f.call('POST', `/invoices/${id}/credit-notes`, headers, body);

async function finalizedWork() {
  const invoice = await f.createWork(writer.headers, actors.location.id);
  return f.finalize(invoice.id, writer.headers);
}

const creditCounter = async () => {
  const [row] = await t.db
    .select()
    .from(documentCounters)
    .where(and(eq(documentCounters.series, 'CREDIT_NOTE'), eq(documentCounters.year, YEAR)));
  return row?.next ?? 1;
};

describe('POST /api/invoices/:id/credit-notes', () => {
  it('credits a finalized invoice in full: a CREDIT note, final and numbered CN-<year>-nnnnn at once', async () => {
    const invoice = await finalizedWork();
    const response = await credit(invoice.id, { reason: 'Wrong site billed' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(INVOICE_MESSAGES.creditNoteCreated);
    const note = response.json().data;
    expect(note.number).toMatch(new RegExp(`^CN-${YEAR}-\\d{5}$`));
    expect(note).toMatchObject({
      kind: 'CREDIT',
      status: 'FINALIZED',
      invoiceId: note.number,
      creditedInvoiceId: invoice.id,
      creditedInvoiceNumber: invoice.number,
      clientName: invoice.clientName,
      clientAddress: invoice.clientAddress,
      currency: 'GBP',
      vatRateBp: 2000,
      notes: 'Wrong site billed',
      netCents: -30043,
      vatCents: -6009,
      grossCents: -36052,
      items: [],
    });
    expect(note.finalizedAt).not.toBeNull();
    expect(note.charges.map((c: { amountCents: number }) => c.amountCents)).toEqual([
      -30000, -43, 0,
    ]);
    expect(note.charges.every((c: { kind: string }) => c.kind === 'CREDIT')).toBe(true);
    expect(note.charges[0].description).toContain('Erection');
    const after = await f.get(invoice.id, admin());
    expect(after.items.every((item: { credited: boolean }) => item.credited)).toBe(true);
    expect(after.creditNotes).toEqual([{ id: note.id, number: note.number }]);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'CREATE_CREDIT_NOTE'),
          eq(activityLogs.entityId, String(note.id)),
        ),
      );
    expect(entry).toMatchObject({ locationId: actors.location.id });
  });

  it('credits chosen lines once each; then the rest; then nothing is left (409)', async () => {
    const invoice = await finalizedWork();
    const [first, second] = invoice.items;
    const partial = await credit(invoice.id, { reason: 'Rate wrong', itemIds: [first.id] });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().data).toMatchObject({ netCents: -30000, vatCents: -6000 });
    const again = await credit(invoice.id, { reason: 'Twice', itemIds: [first.id, second.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      INVOICE_MESSAGES.creditLineCredited(partial.json().data.charges[0].description),
    );
    const rest = await credit(invoice.id, { reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.charges.map((c: { amountCents: number }) => c.amountCents)).toEqual([
      -43, 0,
    ]);
    const none = await credit(invoice.id, { reason: 'Once more' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(INVOICE_MESSAGES.creditNothingLeft);
    expect((await f.get(invoice.id, admin())).creditNotes).toHaveLength(2);
  });

  it('says what is wrong when no line is chosen on an invoice never credited (issue 48)', async () => {
    const invoice = await finalizedWork();
    const before = await creditCounter();
    for (const body of [{ itemIds: [], chargeIds: [] }, { itemIds: [] }, { chargeIds: [] }]) {
      const response = await credit(invoice.id, { reason: 'Nothing ticked', ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(INVOICE_MESSAGES.creditChooseLines);
    }
    expect(await creditCounter()).toBe(before);
    // An invoice without any line: nothing to take back, said as such.
    const hire = await f.insertHire(actors.location.id);
    await t.db.delete(invoiceCharges).where(eq(invoiceCharges.invoiceId, hire.id));
    await f.finalize(hire.id, admin());
    const empty = await credit(hire.id, { reason: 'Empty' });
    expect(empty.statusCode, empty.body).toBe(409);
    expect(empty.json().message).toBe(INVOICE_MESSAGES.creditNoLines);
    expect(await creditCounter()).toBe(before);
  });

  it('credits the charges of a finalized hire invoice by line', async () => {
    const hire = await f.insertHire(actors.location.id);
    await f.finalize(hire.id, admin());
    const { charges } = await f.get(hire.id, admin());
    const response = await credit(hire.id, { reason: 'Coupler found', chargeIds: [charges[2].id] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.charges).toEqual([
      expect.objectContaining({
        kind: 'CREDIT',
        description: 'Coupler (lost)',
        quantity: 2,
        amountCents: -8000,
      }),
    ]);
    expect(response.json().data).toMatchObject({
      netCents: -8000,
      vatCents: -1600,
      grossCents: -9600,
    });
    const after = await f.get(hire.id, admin());
    expect(after.charges.map((c: { credited: boolean }) => c.credited)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('refuses a line not of this invoice (400) and leaves everything as it was', async () => {
    const invoice = await finalizedWork();
    const another = await finalizedWork();
    const counter = await creditCounter();
    const foreign = await credit(invoice.id, { reason: 'x', itemIds: [another.items[0].id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(INVOICE_MESSAGES.creditLineNotOnInvoice);
    const missingCharge = await credit(invoice.id, { reason: 'x', chargeIds: [999999] });
    expect(missingCharge.statusCode).toBe(400);
    expect(await creditCounter()).toBe(counter);
    expect((await f.get(invoice.id, admin())).creditNotes).toEqual([]);
  });

  it('corrects only a finalized work or hire invoice (409), not a draft nor a credit note', async () => {
    const draft = await f.createWork(writer.headers, actors.location.id);
    const refused = await credit(draft.id, { reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.creditOnlyFinalized);
    const invoice = await finalizedWork();
    const note = (await credit(invoice.id, { reason: 'x' })).json().data;
    const ofNote = await credit(note.id, { reason: 'x' });
    expect(ofNote.statusCode).toBe(409);
    expect(ofNote.json().message).toBe(INVOICE_MESSAGES.creditOnlyFinalized);
    // A credit note is final as any finalized invoice.
    const removed = await f.call('DELETE', `/invoices/${note.id}`, admin());
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(INVOICE_MESSAGES.finalizedCannotChange);
  });

  it("is an admin's: 403 to a field manager who manages invoices, 401 without a session, 400 without a reason, 404 when missing", async () => {
    const invoice = await finalizedWork();
    const refused = await credit(invoice.id, { reason: 'x' }, writer.headers);
    expect(refused.statusCode).toBe(403);
    expect(
      (await f.call('POST', `/invoices/${invoice.id}/credit-notes`, undefined, { reason: 'x' }))
        .statusCode,
    ).toBe(401);
    const blank = await credit(invoice.id, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(INVOICE_MESSAGES.creditReasonRequired);
    const long = await credit(invoice.id, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await credit(999999, { reason: 'x' })).statusCode).toBe(404);
    expect((await f.get(invoice.id, admin())).creditNotes).toEqual([]);
  });

  it('credits a line once when two credit notes race for it: one wins, the other 409, no number lost', async () => {
    const invoice = await finalizedWork();
    const counter = await creditCounter();
    const line = { reason: 'Race', itemIds: [invoice.items[0].id] };
    const answers = await Promise.all([credit(invoice.id, line), credit(invoice.id, line)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const notes = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.creditedInvoiceId, invoice.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.number).toBe(`CN-${YEAR}-${String(counter).padStart(5, '0')}`);
    expect(await creditCounter()).toBe(counter + 1);
    const lines = await t.db
      .select()
      .from(invoiceCharges)
      .where(eq(invoiceCharges.creditedItemId, invoice.items[0].id));
    expect(lines).toHaveLength(1);
  });

  it("is 404 to a field manager of another location's invoice", async () => {
    const elsewhere = await f.createWork(admin(), other.id);
    await f.finalize(elsewhere.id, admin());
    const fieldAdmin = await credit(elsewhere.id, { reason: 'x' }, actors.manager.headers);
    expect([403, 404]).toContain(fieldAdmin.statusCode);
  });
});
