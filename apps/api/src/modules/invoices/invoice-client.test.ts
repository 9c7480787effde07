import { CLIENT_EMAIL_MESSAGE, INVOICE_MESSAGES } from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { moneyFixtures } from '../../../test/invoice-money-fixtures';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
const f = moneyFixtures(() => t);
const admin = () => actors.admin.headers;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  await f.setTerms('EUR', 2000, []);
});
afterAll(async () => {
  await t.close();
});

const client = {
  clientName: 'Harbour Build (North) Ltd',
  clientAddress: '9 Pier Road\nHull',
  clientEmail: 'accounts@harbour.example',
  clientVatId: 'GB987654321',
};
const patch = (id: number, body: object, headers = admin()) =>
  f.call('PATCH', `/invoices/${id}/client`, headers, body);

describe("A draft's client", () => {
  it('is corrected on a hire draft, its lines and totals untouched, and logged', async () => {
    const hire = await f.insertHire(actors.location.id);
    const before = await f.get(hire.id, admin());
    const response = await patch(hire.id, client);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(INVOICE_MESSAGES.clientUpdated);
    const after = response.json().data;
    expect(after).toMatchObject(client);
    expect(after.charges).toEqual(before.charges);
    expect(after.grossCents).toBe(before.grossCents);

    // Blank e-mail and VAT id are none.
    const cleared = await patch(hire.id, { ...client, clientEmail: ' ', clientVatId: '' });
    expect(cleared.json().data).toMatchObject({ clientEmail: null, clientVatId: null });
  });

  it('refuses a finalized invoice, bad input, and another location', async () => {
    const hire = await f.insertHire(actors.location.id);
    const invalid = await patch(hire.id, { ...client, clientName: ' ', clientEmail: 'nope' });
    expect(invalid.statusCode).toBe(400);
    const messages = invalid.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([INVOICE_MESSAGES.clientNameRequired, CLIENT_EMAIL_MESSAGE]),
    );

    await f.finalize(hire.id, admin());
    const refused = await patch(hire.id, client);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.finalizedCannotChange);
    expect((await f.get(hire.id, admin())).clientName).toBe('Harbour Works Ltd');

    const elsewhere = await createLocation(t.db, { type: 'FIELD' });
    const theirs = await f.insertHire(elsewhere.id);
    const manager = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { manageInvoices: true },
    });
    const headers = (await loginAs(t.app, manager.email)).headers;
    expect((await patch(theirs.id, client, headers)).statusCode).toBe(404);
  });
});
