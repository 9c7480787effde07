import { grandTotalQuantity, INVOICE_UOMS, itemCalculatedQuantity } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { invoiceItems, invoices } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

/** A dimension as entered: metres to the millimetre. */
const dimension = fc.integer({ min: 0, max: 200_000 }).map((mm) => mm / 1000);
const item = fc.record({
  job_type: fc.constantFrom('Erection', 'Dismantling', 'Rental'),
  uom: fc.constantFrom(...INVOICE_UOMS),
  quantity: fc.integer({ min: 0, max: 5000 }),
  length: dimension,
  width: dimension,
  height: dimension,
  // What a client claims is ignored.
  itemTotalCalculatedQuantity: fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
});

let sequence = 0;

describe('the quantities the server stores', () => {
  it('equal the shared function for any items, item by item and in total', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 8 }), async (items) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/invoices',
          headers: actors.admin.headers,
          payload: {
            invoiceId: `INV-P${++sequence}`,
            locationId: actors.location.id,
            clientName: 'Property Client',
            clientAddress: '1 Property Road',
            issueDate: '2025-01-01',
            dueDate: '2025-01-31',
            grandTotalCalculatedVolumeQty: -1,
            items,
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        const id = response.json().data.id as number;
        const [stored] = await t.db.select().from(invoices).where(eq(invoices.id, id));
        const rows = await t.db
          .select()
          .from(invoiceItems)
          .where(eq(invoiceItems.invoiceId, id))
          .orderBy(invoiceItems.position);
        expect(rows.map((row) => row.itemTotalCalculatedQuantity)).toEqual(
          items.map((i) => itemCalculatedQuantity(i)),
        );
        expect(stored?.grandTotalCalculatedVolumeQty).toBe(grandTotalQuantity(items));
        expect(response.json().data.grandTotalCalculatedVolumeQty).toBe(grandTotalQuantity(items));
      }),
      { numRuns: 40, seed: 20_261_126 },
    );
  });
});
