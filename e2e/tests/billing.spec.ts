import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import {
  admin,
  apiCall,
  apiLogin,
  database,
  expect,
  readyToIssue,
  type Seed,
  signIn,
  test,
  unique,
} from '../fixtures';

type Created = { data: { id: number; name: string } };
type Rental = { data: { id: number; items: { id: number }[] } };

const dir = mkdtempSync(path.join(tmpdir(), 'billing-'));

/**
 * A site with a customer and two rentals from a yard: 8 tubes (1.25 a day) out on the 3rd of
 * `month`, 3 of them back on the 18th; 5 boards (2.00 a day, 9.00 a week) out on the 10th.
 */
async function siteWithTwoRentals(request: APIRequestContext, seed: Seed, month: string) {
  const { token } = await apiLogin(request, admin);
  const call = <T>(method: 'POST' | 'PUT', url: string, data: unknown) =>
    apiCall<T>(request, token, method, url, data);
  await call('PUT', '/api/settings/billing', {
    currency: 'EUR',
    vatRatePercent: 20,
    paymentTermsDays: 30,
  });
  const yard = await seed.location();
  const site = await seed.location({ type: 'FIELD', name: unique('Harbour Site') });
  await database(
    `update locations set customer_name = 'Harbour Build Ltd', customer_address = '4 Dock Road, Hull',
      customer_postcode = 'HU1 2AB', customer_city = 'Hull', customer_country_code = 'GB'
      where id = $1`,
    [site.id],
  );

  const material = async (name: string, day: number, week: number | null) => {
    const created = await call<Created>('POST', '/api/materials/create', {
      name: unique(name),
      locationId: yard.id,
      quantity: 100,
      unit: 'EACH',
    });
    await database(
      `update material_types set hire_day_cents = $2, hire_week_cents = $3
        where id = (select material_type_id from materials where id = $1)`,
      [created.data.id, day, week],
    );
    return created.data.id;
  };
  const tube = await material('Bill Tube', 125, null);
  const board = await material('Bill Board', 200, 900);

  const rent = async (materialId: number, quantity: number, day: string) => {
    const rental = await call<Rental>('POST', '/api/material-rentals', {
      fromLocationId: yard.id,
      toLocationId: site.id,
      expectedReturnDate: '2099-01-01',
      items: [{ materialId, quantity, unit: 'EACH' }],
    });
    await database('update material_rentals set rental_date = $2 where id = $1', [
      rental.data.id,
      day,
    ]);
    return rental.data;
  };
  const tubes = await rent(tube, 8, `${month}-03`);
  await rent(board, 5, `${month}-10`);
  const back = await call<{ data: { id: number } }>(
    'POST',
    `/api/material-rentals/${tubes.id}/returns`,
    { rentalItemId: tubes.items[0]!.id, returnedQuantity: 3 },
  );
  await database(`update material_rental_returns set return_date = $2 where id = $1`, [
    back.data.id,
    `${month}-18 12:00`,
  ]);
  return { site, token };
}

/**
 * Charging for hire (decision 044): a month billed for a site with two rentals and a
 * partial return, the invoice checked against numbers worked out by hand; then finalized,
 * numbered, and corrected by a credit note.
 */
test.describe('billing', () => {
  test('September billed for a site: two rentals and a partial return, priced by hand', async ({
    page,
    request,
    seed,
  }) => {
    test.slow();
    const { site } = await siteWithTwoRentals(request, seed, '2026-09');

    // By hand: tubes 3 x 15 days x 1.25 = 56.25 and 5 x 28 days x 1.25 = 175.00; boards 5 x 21
    // days, 3 weeks at 9.00 cheaper than 21 days at 2.00: 5 x 27.00 = 135.00. Net 366.25, VAT 20 %
    // 73.25, gross 439.50.
    await signIn(page, admin);
    await page.goto('/invoices');
    await page.getByRole('link', { name: 'Billing run' }).click();
    await expect(page.getByRole('heading', { name: 'Billing run' })).toBeVisible();
    await page.getByLabel('Month').selectOption('2026-09');
    await page.getByLabel('Customer').selectOption(String(site.id));
    await page.getByRole('button', { name: 'Run billing' }).click();
    const made = page.getByRole('table', { name: 'Hire invoices of the run' });
    await expect(made).toContainText('Harbour Build Ltd');
    await expect(made).toContainText('€366.25');
    await expect(made).toContainText('€439.50');

    // The same month again: nothing new.
    await page.getByRole('button', { name: 'Run billing' }).click();
    await expect(page.getByTestId('billing-result')).toContainText('nothing new to bill');

    const [invoice] = await database<{ id: number; net_cents: string; vat_cents: string }>(
      `select id, net_cents, vat_cents from invoices where kind = 'HIRE' and location_id = $1`,
      [site.id],
    );
    expect(invoice).toMatchObject({ net_cents: '36625', vat_cents: '7325' });
    const lines = await database<{ quantity: number; days: number; amount_cents: string }>(
      `select quantity, days, amount_cents from invoice_charges where invoice_id = $1 order by position`,
      [invoice!.id],
    );
    expect(lines).toEqual([
      { quantity: 3, days: 15, amount_cents: '5625' },
      { quantity: 5, days: 28, amount_cents: '17500' },
      { quantity: 5, days: 21, amount_cents: '13500' },
    ]);

    // The draft on screen: its lines and totals as worked out above.
    await page.goto(`/invoices/${invoice!.id}/item-list`);
    for (const text of ['€56.25', '€175.00', '€135.00', '€366.25', '€73.25', '€439.50']) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }

    // The client came from the site's customer; a draft's is corrected before it is finalized.
    await page.getByRole('button', { name: 'Edit client' }).click();
    const client = page.getByRole('dialog', { name: 'Edit client' });
    await expect(client.getByLabel('Client name')).toHaveValue('Harbour Build Ltd');
    await client.getByLabel('Client name').fill('Harbour Build (North) Ltd');
    await client.getByLabel('Client e-mail').fill('not an address');
    await client.getByRole('button', { name: 'Save client' }).click();
    await expect(client.getByText('Client e-mail must be a valid e-mail address')).toBeVisible();
    await client.getByLabel('Client e-mail').fill('accounts@harbour.example');
    await client.getByRole('button', { name: 'Save client' }).click();
    await expect(client).toBeHidden();
    await expect(page.getByText('Harbour Build (North) Ltd')).toBeVisible();
  });

  test('a finalized hire invoice has its number, and a credit note of one line takes it back', async ({
    page,
    request,
    seed,
  }) => {
    test.slow();
    const { site, token } = await siteWithTwoRentals(request, seed, '2026-08');
    const run = await apiCall<{ data: { invoices: { id: number }[] } }>(
      request,
      token,
      'POST',
      '/api/billing/runs',
      { periodType: 'MONTH', month: '2026-08', locationId: site.id },
    );
    const id = run.data.invoices[0]!.id;
    // Finalizing needs the company's legal details.
    await readyToIssue(request, token);
    const finalized = await apiCall<{ data: { number: string } }>(
      request,
      token,
      'PATCH',
      `/api/invoices/${id}/status`,
      { status: 'FINALIZED' },
    );
    expect(finalized.data.number).toMatch(/^INV-\d{4}-\d{5}$/);

    await signIn(page, admin);
    await page.goto(`/invoices/${id}/item-list`);
    await expect(page.getByText(`INVOICE ${finalized.data.number}`)).toBeVisible();
    // The finalized invoice's e-invoice, for an accounting system.
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'E-invoice (XML)' }).click(),
    ]);
    expect(xml.suggestedFilename()).toBe(`${finalized.data.number}.xml`);
    const xmlText = await fs.readFile((await xml.path())!, 'utf8');
    expect(xmlText).toContain('<rsm:CrossIndustryInvoice');
    expect(xmlText).toContain(`<ram:ID>${finalized.data.number}</ram:ID>`);
    await page.getByRole('button', { name: 'Credit note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit note' });
    await dialog.getByLabel('Reason').fill('3 tubes came back earlier than billed');
    await dialog.getByLabel('Credit every line not credited yet').uncheck();
    // August: the 3 tubes back on the 18th, 15 days at 1.25.
    await dialog.getByLabel(/\(rental \d+\) \(3\): €56\.25$/).check();
    await dialog.getByRole('button', { name: 'Create credit note' }).click();

    // The credit note: its own number, the line taken back, VAT on it.
    await expect(page.getByText(/^CREDIT NOTE CN-\d{4}-\d{5}$/)).toBeVisible();
    for (const text of ['-€56.25', '-€11.25', '-€67.50']) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/CREDIT NOTE/);
    expect(text).toMatch(/CN-\d{4}-\d{5}/);
    expect(text).toContain('Harbour Build Ltd');
    expect(text).toMatch(/-€67\.50/);
  });
});
