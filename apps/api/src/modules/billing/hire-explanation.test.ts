import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hireLineExplanation, type InvoiceDto } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { materials, materialTypes } from '../../db/schema';

/** A hire line says the days billed before and the price of each. */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let dir: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: actors.admin.headers, payload });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hire-explained-'));
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('a hire line explained', () => {
  it('says, on the invoice and in its PDF, the days billed before and what each is priced at', async () => {
    const yard = await createLocation(t.db, { name: 'Explained Yard' });
    const site = await createLocation(t.db, {
      name: 'Explained Site',
      type: 'FIELD',
      customerName: 'Explained Ltd',
      customerAddress: '1 Explained Road',
    });
    const created = await call('POST', '/materials/create', {
      name: 'Explained tube',
      locationId: yard.id,
      quantity: 100,
      unit: 'EACH',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.db
      .select({ typeId: materials.materialTypeId })
      .from(materials)
      .where(eq(materials.id, created.json().data.id));
    await t.db
      .update(materialTypes)
      .set({ hireDayCents: 30, hireWeekCents: 150, minimumHireDays: 0 })
      .where(eq(materialTypes.id, row!.typeId));
    // 37 tubes out on 27 August: 5 days billed in August, then September's 30.
    const rental = await call('POST', '/material-rentals', {
      fromLocationId: yard.id,
      toLocationId: site.id,
      rentalDate: '2026-08-27',
      expectedReturnDate: '2099-01-01',
      items: [{ materialId: created.json().data.id, quantity: 37, unit: 'EACH' }],
    });
    expect(rental.statusCode, rental.body).toBe(201);
    const august = await call('POST', '/billing/runs', {
      periodType: 'MONTH',
      month: '2026-08',
      locationId: site.id,
    });
    expect(august.statusCode, august.body).toBe(200);
    const september = await call('POST', '/billing/runs', {
      periodType: 'MONTH',
      month: '2026-09',
      locationId: site.id,
    });
    expect(september.statusCode, september.body).toBe(200);

    const first = (await call('GET', `/invoices/${august.json().data.invoices[0].id}`)).json()
      .data as InvoiceDto;
    expect(first.charges[0]).toMatchObject({ daysBilledBefore: 0, days: 5, amountCents: 37 * 150 });
    expect(hireLineExplanation(first.charges[0]!, first.currency)).toBe(
      '37 × 5 days (27/08/2026–31/08/2026; 0 days billed before): 5 days at €0.30 = €1.50 a unit; × 37 = €55.50',
    );

    const id = september.json().data.invoices[0].id;
    const second = (await call('GET', `/invoices/${id}`)).json().data as InvoiceDto;
    // 35 days in all: 5 weeks (7.50), less the 5 days billed before (1.50): 6.00 a unit.
    expect(second.charges[0]).toMatchObject({
      daysBilledBefore: 5,
      days: 30,
      amountCents: 37 * 600,
    });
    const explained =
      '37 × 30 days (01/09/2026–30/09/2026; 5 days billed before): 35 days in all: 5 weeks at €1.50 = €7.50, less the 5 days billed before: 5 days at €0.30 = €1.50; €6.00 a unit; × 37 = €222.00';
    expect(hireLineExplanation(second.charges[0]!, second.currency)).toBe(explained);

    const pdf = await call('GET', `/invoices/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('How the hire is priced');
    expect(text).toContain(`${second.charges[0]!.description}: ${explained}`);
  });
});
