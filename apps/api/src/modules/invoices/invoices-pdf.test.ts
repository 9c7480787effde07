import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { moneyFixtures } from '../../../test/invoice-money-fixtures';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let writer: Awaited<ReturnType<typeof loginAs>>;
let other: Awaited<ReturnType<typeof createLocation>>;
const f = moneyFixtures(() => t);
const admin = () => actors.admin.headers;
const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));

/** The text pdftotext reads out of a PDF, its layout kept. */
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function pdfOf(id: number, headers: Record<string, string> = admin()) {
  const response = await f.call('GET', `/invoices/${id}/pdf`, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return {
    text: pdfText(response.rawPayload),
    disposition: response.headers['content-disposition'],
  };
}

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
  const profile = await f.call('PUT', '/users/company', admin(), {
    companyName: 'Quayside Scaffolding Ltd',
    email: 'office@quayside.example',
    phone: '+441179000000',
    address: '1 Harbour Road, Bristol',
  });
  expect(profile.statusCode, profile.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/invoices/:id/pdf', () => {
  it('prints a draft as DRAFT with its client, dates, lines, rates, amounts and totals', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id, {
      job_details: 'Facade scaffold',
    });
    const { text, disposition } = await pdfOf(invoice.id, writer.headers);
    expect(disposition).toContain(`${invoice.invoiceId}.pdf`);
    expect(text).toContain('Quayside Scaffolding Ltd');
    expect(text).toContain('1 Harbour Road, Bristol');
    expect(text).toContain('INVOICE DRAFT');
    expect(text).toContain('Harbour Works Ltd');
    expect(text).toContain('7 Dock Street');
    expect(text).toContain('Issue date: 01/03/2026');
    expect(text).toContain('Due date: 16/03/2026');
    expect(text).toMatch(/Erection\s+24 SQM \(M2\)\s+£12\.50\s+£300\.00/);
    expect(text).toMatch(/Dismantling\s+0\.13 CUM \(M3\)\s+£3\.33\s+£0\.43/);
    expect(text).toContain('Total SQM (M2): 24');
    expect(text).toContain('Net: £300.43');
    expect(text).toContain('VAT (20%): £60.09');
    expect(text).toContain('Gross: £360.52');
  });

  it('prints a finalized invoice under its number, a hire invoice its charges, a credit note as such', async () => {
    const invoice = await f.createWork(writer.headers, actors.location.id);
    const finalized = await f.finalize(invoice.id, writer.headers);
    const printed = await pdfOf(invoice.id);
    expect(printed.text).toContain(`INVOICE ${finalized.number}`);
    expect(printed.disposition).toContain(`${finalized.number}.pdf`);

    const hire = await f.insertHire(actors.location.id);
    const hireText = (await pdfOf(hire.id)).text;
    expect(hireText).toContain('Period: 01/03/2026 to 31/03/2026');
    expect(hireText).toMatch(
      /Scaffold tube 6m\s+40\s+01\/03\/2026\s+30\/03\/2026\s+30\s+£0\.10\/day\s+£120\.00/,
    );
    expect(hireText).toMatch(/Coupler \(lost\)\s+2\s+£40\.00\/unit\s+£80\.00/);
    expect(hireText).toContain('Gross: £282.00');

    const note = await f.call('POST', `/invoices/${invoice.id}/credit-notes`, admin(), {
      reason: 'Wrong site billed',
    });
    const noteData = note.json().data;
    const noteText = (await pdfOf(noteData.id)).text;
    expect(noteText).toContain(`CREDIT NOTE ${noteData.number}`);
    expect(noteText).toContain(`Credits invoice ${finalized.number}`);
    expect(noteText).toContain('Reason: Wrong site billed');
    expect(noteText).toContain('Gross: -£360.52');
    // The invoice's PDF stays the one sent: a later credit note is not marked on it.
    expect((await pdfOf(invoice.id)).text).not.toContain('(credited)');
  });

  it("is 404 to a field manager for another location's invoice, 403 without View Invoices", async () => {
    const elsewhere = await f.createWork(admin(), other.id);
    expect((await f.call('GET', `/invoices/${elsewhere.id}/pdf`, writer.headers)).statusCode).toBe(
      404,
    );
    expect((await f.call('GET', `/invoices/${elsewhere.id}/pdf`)).statusCode).toBe(401);
  });
});
