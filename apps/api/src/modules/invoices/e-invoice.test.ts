import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INVOICE_MESSAGES, NOT_READY_TO_ISSUE } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCii } from '../../../test/en16931';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { moneyFixtures } from '../../../test/invoice-money-fixtures';
import { ISSUER, setCustomer } from '../../../test/issuer-fixtures';
import { companyProfile, locations } from '../../db/schema';

/**
 * Decision 053: a finalized invoice is frozen as issued, is issued only with the details the law
 * requires, and comes as an EN 16931 e-invoice (CII XML, and the PDF as Factur-X), each kind
 * checked by CEN's own validation artefacts.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let writer: Awaited<ReturnType<typeof loginAs>>;
const f = moneyFixtures(() => t);
const admin = () => actors.admin.headers;
const dir = mkdtempSync(path.join(tmpdir(), 'e-invoice-'));

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  const writerUser = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { manageInvoices: true },
  });
  writer = await loginAs(t.app, writerUser.email);
  await f.setTerms('EUR', 1900, [
    ['Erection', 'SQM (M2)', 1250],
    ['Dismantling', 'CUM (M3)', 333],
    ['Erection', 'Running MTR', 475],
  ]);
});
afterAll(async () => {
  await t.close();
});

const patchStatus = (id: number, headers = admin()) =>
  f.call('PATCH', `/invoices/${id}/status`, headers, { status: 'FINALIZED' });

async function eInvoice(id: number) {
  const response = await f.call('GET', `/invoices/${id}/e-invoice`, admin());
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/xml');
  return response.body;
}

/** The fatal EN 16931 assertions an e-invoice fails (none, when it is valid). */
async function fatalOf(xml: string) {
  const failed = await validateCii(xml);
  return failed.filter((assertion) => assertion.flag === 'fatal');
}

function file(name: string, content: Buffer | string) {
  const at = path.join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
  writeFileSync(at, content);
  return at;
}

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', file('doc.pdf', pdf), '-'], { encoding: 'utf8' });

async function pdfOf(id: number) {
  const response = await f.call('GET', `/invoices/${id}/pdf`, admin());
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

async function saveIssuer(change: Record<string, string> = {}) {
  const response = await f.call('PUT', '/users/company', admin(), { ...ISSUER, ...change });
  expect(response.statusCode, response.body).toBe(200);
}

describe('PATCH /api/invoices/:id/status: finalizing needs the issuer and buyer the law requires', () => {
  it('refuses with 409 and a list of what is missing, takes no number, and finalizes once they are given', async () => {
    const site = await createLocation(t.db, { type: 'FIELD' });
    const invoice = await f.createWork(admin(), site.id);
    await t.db.delete(companyProfile);
    const refused = await patchStatus(invoice.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NOT_READY_TO_ISSUE);
    const paths = refused.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'company.companyName',
        'company.postcode',
        'company.city',
        'company.countryCode',
        'company.vatId',
        'company.iban',
        'customer.countryCode',
      ]),
    );
    expect((await f.get(invoice.id, admin())).status).toBe('DRAFT');

    // The profile saved, only the customer's country is left.
    await saveIssuer();
    const stillRefused = await patchStatus(invoice.id);
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json().errors).toEqual([
      { path: 'customer.countryCode', message: 'The site’s customer has no country.' },
    ]);

    // An admin gives the site's customer its structured address through the location's form.
    const location = await f.call('PUT', `/locations/update/${site.id}`, admin(), {
      name: site.name,
      address: site.address,
      type: 'FIELD',
      status: 'ACTIVE',
      customerName: 'Harbour Works Ltd',
      customerAddress: '7 Dock Street',
      customerPostcode: 'E14 5AB',
      customerCity: 'London',
      customerCountryCode: 'gb',
    });
    expect(location.statusCode, location.body).toBe(200);
    expect(location.json().data).toMatchObject({
      customerCountryCode: 'GB',
      customerCity: 'London',
    });
    const done = await patchStatus(invoice.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.issued).toMatchObject({
      seller: { name: ISSUER.companyName, vatId: ISSUER.vatId, iban: ISSUER.iban },
      buyer: { name: invoice.clientName, countryCode: 'GB', city: 'London' },
      vatCategory: 'S',
    });
  });

  it('refuses a country that is not an ISO 3166 code on the location (400)', async () => {
    const site = await createLocation(t.db, { type: 'FIELD' });
    const response = await f.call('PUT', `/locations/update/${site.id}`, admin(), {
      name: site.name,
      address: site.address,
      type: 'FIELD',
      status: 'ACTIVE',
      customerCountryCode: 'Germany',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('A finalized invoice is frozen as it was issued', () => {
  it('keeps its issuer, customer and site in its PDF, Excel file and e-invoice after the profile and the customer change', async () => {
    await saveIssuer();
    const site = await createLocation(t.db, { type: 'FIELD', name: 'Łódź Süd – Baustelle' });
    await setCustomer(t.db, site.id);
    const draft = await f.createWork(admin(), site.id);
    const finalized = await f.finalize(draft.id, admin());
    const sentPdf = pdfText(await pdfOf(finalized.id));
    const sentXml = await eInvoice(finalized.id);
    expect(sentPdf).toContain(ISSUER.companyName);
    expect(sentPdf).toContain(`VAT ID: ${ISSUER.vatId}`);
    expect(sentPdf).toContain('IBAN: DE89370400440532013000');

    // A year later: another name, bank and VAT id; the site renamed, its customer moved.
    await saveIssuer({
      companyName: 'Renamed Scaffolding AG',
      vatId: 'DE999999999',
      iban: 'GB82WEST12345698765432',
      bic: 'WESTGB2L',
    });
    await t.db
      .update(locations)
      .set({ name: 'Renamed site', customerCity: 'Leeds', customerPostcode: 'LS1 1AA' })
      .where(eq(locations.id, site.id));

    const laterPdf = pdfText(await pdfOf(finalized.id));
    expect(laterPdf).toContain(ISSUER.companyName);
    expect(laterPdf).toContain('Łódź Süd – Baustelle');
    expect(laterPdf).not.toContain('Renamed');
    expect(laterPdf).not.toContain('GB82WEST');
    expect(await eInvoice(finalized.id)).toBe(sentXml);

    const excel = await f.call('GET', `/invoices/${finalized.id}/excel`, admin());
    expect(excel.statusCode).toBe(200);
    // A draft reads the profile as it is now.
    const other = await f.createWork(admin(), site.id);
    expect(pdfText(await pdfOf(other.id))).toContain('Renamed Scaffolding AG');
    // No later credit note is marked on the invoice as sent.
    const note = await f.call('POST', `/invoices/${finalized.id}/credit-notes`, admin(), {
      reason: 'Wrong rate',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(pdfText(await pdfOf(finalized.id))).not.toContain('(credited)');
    await saveIssuer();
  });

  it('has no e-invoice while a draft (409)', async () => {
    const draft = await f.createWork(admin(), actors.location.id);
    const response = await f.call('GET', `/invoices/${draft.id}/e-invoice`, admin());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(INVOICE_MESSAGES.eInvoiceDraft);
    expect((await f.call('GET', `/invoices/${draft.id}/e-invoice`)).statusCode).toBe(401);
  });
});

describe('GET /api/invoices/:id/e-invoice: EN 16931 CII, validated by the CEN rules (release 1.3.16)', () => {
  it('a work invoice with m², m³ and running metres (MTK, MTQ, MTR), standard rated: 0 fatal', async () => {
    await saveIssuer();
    const site = await createLocation(t.db, { type: 'FIELD' });
    await setCustomer(t.db, site.id, { customerVatId: 'GB123456789' });
    const draft = await f.createWork(writer.headers, actors.location.id);
    await t.db
      .update(locations)
      .set({ customerCountryCode: 'DE', customerPostcode: '10115', customerCity: 'Berlin' })
      .where(eq(locations.id, actors.location.id));
    const invoice = await f.finalize(draft.id, admin());
    const xml = await eInvoice(invoice.id);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    for (const unit of ['MTK', 'MTQ', 'MTR']) expect(xml).toContain(`unitCode="${unit}"`);
    expect(xml).toContain('<ram:CategoryCode>S</ram:CategoryCode>');
    expect(xml).toContain('<ram:RateApplicablePercent>19</ram:RateApplicablePercent>');
    expect(xml).toContain(`<ram:IBANID>${ISSUER.iban}</ram:IBANID>`);
    expect(xml).toContain(
      '<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID>',
    );
    expect(xml).toContain('<ram:DueDateDateTime>');
    expect(await fatalOf(xml)).toEqual([]);
  }, 240_000);

  it('a hire invoice with hire days (DAY) and lost units (C62): 0 fatal', async () => {
    const site = await createLocation(t.db, { type: 'FIELD' });
    await setCustomer(t.db, site.id);
    const hire = await f.insertHire(site.id);
    const invoice = await f.finalize(hire.id, admin());
    const xml = await eInvoice(invoice.id);
    expect(xml).toContain('unitCode="DAY"');
    expect(xml).toContain('unitCode="C62"');
    expect(xml).toContain('<ram:BillingSpecifiedPeriod>');
    expect(xml).toContain('<ram:InvoiceCurrencyCode>GBP</ram:InvoiceCurrencyCode>');
    expect(await fatalOf(xml)).toEqual([]);
  });

  it('a credit note (381) naming the invoice it corrects (BT-25): 0 fatal', async () => {
    const site = await createLocation(t.db, { type: 'FIELD' });
    await setCustomer(t.db, site.id);
    const invoice = await f.finalize((await f.createWork(admin(), site.id)).id, admin());
    const created = await f.call('POST', `/invoices/${invoice.id}/credit-notes`, admin(), {
      reason: 'Wrong site billed',
    });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json().data;
    const xml = await eInvoice(note.id);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(
      `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`,
    );
    // Its amounts are positive: the type says it gives back.
    expect(xml).toContain(
      `<ram:GrandTotalAmount>${(-note.grossCents / 100).toFixed(2)}</ram:GrandTotalAmount>`,
    );
    expect(await fatalOf(xml)).toEqual([]);
  });

  it('a zero-rated customer (Z), a reverse charge (AE with its reason) and an XRechnung buyer reference: 0 fatal each', async () => {
    const kinds = [
      { customerZeroRating: 'Z' as const, customerVatId: null },
      { customerZeroRating: 'AE' as const, customerVatId: 'FR12345678901' },
    ];
    for (const kind of kinds) {
      const site = await createLocation(t.db, { type: 'FIELD' });
      await setCustomer(t.db, site.id, {
        customerZeroRated: true,
        ...kind,
        customerCountryCode: 'FR',
        customerCity: 'Lyon',
        customerPostcode: '69001',
      });
      const invoice = await f.finalize((await f.createWork(admin(), site.id)).id, admin());
      expect(invoice.vatCents).toBe(0);
      const xml = await eInvoice(invoice.id);
      expect(xml).toContain(`<ram:CategoryCode>${kind.customerZeroRating}</ram:CategoryCode>`);
      if (kind.customerZeroRating === 'AE') expect(xml).toContain('VATEX-EU-AE');
      expect(await fatalOf(xml)).toEqual([]);
    }
    // A German public buyer's Leitweg-ID: the XRechnung guideline, the same CEN rules.
    const site = await createLocation(t.db, { type: 'FIELD' });
    await setCustomer(t.db, site.id, {
      customerCountryCode: 'DE',
      customerCity: 'München',
      customerPostcode: '80331',
      customerBuyerReference: '04011000-12345-67',
    });
    const invoice = await f.finalize((await f.createWork(admin(), site.id)).id, admin());
    const xml = await eInvoice(invoice.id);
    expect(xml).toContain('xrechnung_3.0');
    expect(xml).toContain('<ram:BuyerReference>04011000-12345-67</ram:BuyerReference>');
    expect(await fatalOf(xml)).toEqual([]);
  });

  it('an AE customer without a VAT id cannot be invoiced (409 names it)', async () => {
    const site = await createLocation(t.db, { type: 'FIELD' });
    await setCustomer(t.db, site.id, { customerZeroRated: true, customerZeroRating: 'AE' });
    const draft = await f.createWork(admin(), site.id);
    const refused = await patchStatus(draft.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      { path: 'customer.vatId', message: 'A reverse-charge invoice needs the customer’s VAT ID.' },
    ]);
  });
});

describe('GET /api/invoices/:id/pdf: a finalized invoice is a Factur-X PDF (PDF/A-3b, EN 16931)', () => {
  it('embeds the e-invoice as factur-x.xml (read back by qpdf, equal to the XML), passes qpdf --check, and carries the Factur-X XMP', async () => {
    const site = await createLocation(t.db, { type: 'FIELD' });
    await setCustomer(t.db, site.id);
    const invoice = await f.finalize((await f.createWork(admin(), site.id)).id, admin());
    const pdfFile = file('factur-x.pdf', await pdfOf(invoice.id));
    const check = spawnSync('qpdf', ['--check', pdfFile], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const list = execFileSync('qpdf', ['--list-attachments', pdfFile], { encoding: 'utf8' });
    expect(list).toContain('factur-x.xml');
    const attached = execFileSync('qpdf', ['--show-attachment=factur-x.xml', pdfFile], {
      encoding: 'utf8',
    });
    expect(attached).toBe(await eInvoice(invoice.id));
    const xmp = execFileSync('pdfinfo', ['-meta', pdfFile], { encoding: 'utf8' });
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    // The file spec relates the XML to the document as its alternative (PDF/A-3's AF).
    const plain = file('qdf.pdf', '');
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', pdfFile, plain]);
    const objects = readFileSync(plain, 'latin1');
    expect(objects).toMatch(/\/AFRelationship \/Alternative/);
    expect(objects).toMatch(/\/Subtype \/text#2Fxml/i);
    expect(pdfText(await pdfOf(invoice.id))).toContain(invoice.number);
    // A draft's PDF has nothing embedded.
    const draftFile = file('draft.pdf', await pdfOf((await f.createWork(admin(), site.id)).id));
    expect(
      execFileSync('qpdf', ['--list-attachments', draftFile], { encoding: 'utf8' }),
    ).not.toContain('factur-x.xml');
  });
});
