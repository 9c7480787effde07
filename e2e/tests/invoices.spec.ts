import type { Locator, Page } from '@playwright/test';
import type { InvoiceDto } from '@stockyard/shared';
import ExcelJS from 'exceljs';
import { admin, apiCall, apiLogin, expect, readyToIssue, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };

/** A short invoice ID of this run: INV-E2E- and the time, a counter apart. */
let counter = 0;
function invoiceId(): string {
  counter += 1;
  return `INV-E2E-${Date.now().toString(36)}${process.pid}${counter}`.toUpperCase();
}

/** The action menu of an invoice's row, opened. */
async function openActions(page: Page, id: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${id}` }).click();
  return page.getByRole('menu');
}

async function fillItem(
  page: Page,
  n: number,
  item: { description: string; jobType?: string; uom?: string; quantity: string; dims: string[] },
) {
  await page.getByLabel(`Item ${n} Description`).fill(item.description);
  if (item.jobType) await page.getByLabel(`Item ${n} Job Type`).selectOption(item.jobType);
  if (item.uom) await page.getByLabel(`Item ${n} UOM`).selectOption(item.uom);
  await page.getByLabel(`Item ${n} Quantity`).fill(item.quantity);
  const names = ['Length', 'Width', 'Height'];
  for (const [index, value] of item.dims.entries()) {
    await page.getByLabel(`Item ${n} ${names[index]}`).fill(value);
  }
}

test.describe('invoices', () => {
  test('a field manager creates an invoice through the three steps; an admin finalizes it, downloads its Excel file and converts it to rental', async ({
    browser,
    page,
    request,
    seed,
  }) => {
    test.slow();
    const location = await seed.location({
      address: '7 Gantry Lane, Hull',
      customerCountryCode: 'GB',
    });
    const { token } = await apiLogin(request, admin);
    // Finalizing needs the company's legal details.
    await readyToIssue(request, token);
    const tube = unique('Scaffold Tube');
    await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: location.id,
      quantity: 20,
      unit: 'EACH',
    });
    const manager = await seed.fieldManager(location.id);
    await apiCall(request, token, 'PATCH', `/api/users/${manager.id}/permissions`, {
      permissions: { manageInvoices: true },
    });
    const id = invoiceId();

    // Details.
    await signIn(page, manager);
    await page.goto('/invoices');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page).toHaveURL(/\/invoices\/generate$/);
    await expect(page.getByLabel('Invoice ID')).toHaveValue(/^INV-\d{6}$/);
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue(location.name);
    await expect(page.getByLabel('Issue Date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await page.getByRole('button', { name: 'Next: Items' }).click();
    await expect(
      page.getByText('Please fill all required invoice details correctly.'),
    ).toBeVisible();
    await expect(page.getByText('Client name is required')).toBeVisible();
    await expect(page.getByText('Client address is required')).toBeVisible();

    await page.getByLabel('Invoice ID').fill(id);
    await page.getByLabel('Client Name').fill('Acme Towers Ltd');
    await page.getByLabel('Client Address').fill('1 Harbour Street, Hull');
    await page.getByLabel('Department').fill('Scaffolding');
    await page.getByLabel('Job Period').fill('Week 12');
    await page.getByLabel('Job Details').fill('East elevation access');
    await page.getByLabel('Signature').fill('F. Manager');
    await page.getByLabel('Notes', { exact: true }).fill('Payable on receipt');
    await page.getByRole('button', { name: 'Next: Items' }).click();

    // Items in three units, totals as they are typed.
    await expect(page.getByLabel('Item 1 Quantity')).toHaveValue('1');
    await fillItem(page, 1, { description: 'Deck boards', quantity: '2', dims: ['3.5', '1.2'] });
    await expect(page.getByLabel('Item 1 Height')).toHaveCount(0);
    await expect(page.getByLabel('Item 1 Calculated Quantity')).toHaveText('8.40');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await fillItem(page, 2, {
      description: 'Tower bay',
      uom: 'CUM (M3) (0-6m)',
      quantity: '3',
      dims: ['2', '1.5', '4'],
    });
    await expect(page.getByLabel('Item 2 Calculated Quantity')).toHaveText('36.00');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await fillItem(page, 3, {
      description: 'Handrail strip',
      jobType: 'Dismantling',
      uom: 'Running MTR',
      quantity: '5',
      dims: ['2.25'],
    });
    await expect(page.getByLabel('Item 3 Width')).toHaveCount(0);
    await expect(page.getByLabel('Item 3 Calculated Quantity')).toHaveText('11.25');
    // One live volume total a unit: never one number across units.
    await expect(page.getByLabel('Total SQM (M2)', { exact: true })).toHaveText('8.40');
    await expect(page.getByLabel('Total Running MTR', { exact: true })).toHaveText('11.25');
    await expect(page.getByLabel('Total CUM (M3) (0-6m)', { exact: true })).toHaveText('36.00');
    await expect(page.getByLabel('Grand Total Volume Qty')).toHaveCount(0);

    // A material the first item's job used, no more than there is in stock.
    await page.getByRole('button', { name: 'Material Usage for item 1' }).click();
    await page.getByRole('button', { name: 'Add Material' }).click();
    await page.getByLabel('Item 1 usage 1 Material').selectOption({ label: `${tube} (20 Each)` });
    await page.getByLabel('Item 1 usage 1 Quantity').fill('25');
    await expect(
      page.getByText('Invalid Quantity: Cannot use more than the available quantity of 20.'),
    ).toBeVisible();
    await page.getByLabel('Item 1 usage 1 Quantity').fill('12');
    await expect(page.getByLabel('Item 1 usage 1 Quantity')).toHaveValue('12');
    await page.getByLabel('Item 1 usage 1 Notes').fill('Ledger tubes');

    // Preview, then submit.
    await page.getByRole('button', { name: 'Next: Preview' }).click();
    const document = page.getByRole('article', { name: `Invoice ${id}` });
    await expect(document).toContainText('BILL TO');
    await expect(document).toContainText('Acme Towers Ltd');
    await expect(document).toContainText(location.name);
    await expect(document).toContainText('7 Gantry Lane, Hull');
    await expect(document).toContainText('DRAFT');
    await expect(document).toContainText(`Material used: ${tube}, Quantity 12 (Ledger tubes)`);
    // One volume total a unit: never one number across units.
    await expect(document.getByTestId('volume-total')).toHaveText(['8.40', '11.25', '36.00']);
    await expect(document).toContainText(`Created by ${manager.name}`);
    await page.getByRole('button', { name: 'Submit Invoice' }).click();
    await expect(page.getByText('Invoice created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/invoices$/);
    const fmRow = page.getByRole('row').filter({ hasText: id });
    await expect(fmRow).toContainText('Acme Towers Ltd');
    await expect(fmRow).toContainText('DRAFT');

    // The admin finalizes it.
    const adminContext = await browser.newContext();
    const office = await adminContext.newPage();
    await signIn(office, admin);
    await office.goto(`/invoices?search=${id}`);
    // A fresh browser loads the whole app first: on a busy two-core machine that takes a while.
    await expect(office.getByRole('heading', { name: 'Invoices (1)' })).toBeVisible({
      timeout: 30_000,
    });
    const row = office.getByRole('row').filter({ hasText: id });
    await expect(row).toContainText(location.name);
    // Finalizing lasts: it is confirmed first, and Cancel leaves the invoice a draft.
    await (await openActions(office, id))
      .getByRole('menuitem', { name: 'Mark as Finalized' })
      .click();
    const finalizing = office.getByRole('alertdialog', { name: 'Mark as Finalized' });
    await expect(finalizing).toContainText(`Invoice ${id} becomes final`);
    // It destroys nothing: its button is the page's primary one (Create Invoice), not a deletion's red.
    const background = (button: Locator) =>
      button.evaluate((element) => {
        const browser = globalThis as unknown as {
          getComputedStyle: (element: unknown) => { backgroundColor: string };
        };
        return browser.getComputedStyle(element).backgroundColor;
      });
    expect(await background(finalizing.getByRole('button', { name: 'Finalize' }))).toBe(
      await background(office.getByRole('button', { name: 'Create Invoice', includeHidden: true })),
    );
    await finalizing.getByRole('button', { name: 'Cancel' }).click();
    await expect(finalizing).toBeHidden();
    await expect(row).toContainText('DRAFT');
    await (await openActions(office, id))
      .getByRole('menuitem', { name: 'Mark as Finalized' })
      .click();
    await finalizing.getByRole('button', { name: 'Finalize' }).click();
    await expect(office.getByText('Invoice marked as finalized.')).toBeVisible();
    await expect(row).toContainText('FINALIZED');
    const menu = await openActions(office, id);
    await expect(menu.getByRole('menuitem', { name: 'Mark as Finalized' })).toBeDisabled();

    // The Excel file holds the same numbers.
    const downloading = office.waitForEvent('download');
    await menu.getByRole('menuitem', { name: 'Download Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${id}.xlsx`);
    await expect(office.getByText('Excel downloaded.')).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((sheetRow) => rows.push(sheetRow));
    const rowOf = (text: string) => {
      const found = rows.find((sheetRow) =>
        (sheetRow.values as unknown[]).some((value) => value === text),
      );
      expect(found, `a row reading ${text}`).toBeDefined();
      return found!;
    };
    const calculated = (text: string) => rowOf(text).getCell(11);
    expect(calculated('Deck boards').value).toBe(8.4);
    expect(calculated('Tower bay').value).toBe(36);
    expect(calculated('Handrail strip').value).toBe(11.25);
    expect(calculated('Deck boards').numFmt).toBe('#,##0.00');
    expect(rowOf('Total SQM (M2)').getCell(11).value).toBe(8.4);
    expect(rowOf('Total CUM (M3) (0-6m)').getCell(11).value).toBe(36);
    expect(rowOf('Total Running MTR').getCell(11).value).toBe(11.25);
    expect(rowOf(tube).getCell(7).value).toBe(12);
    // The job type summary: a row a job type and unit, no job type's total across its units.
    const summaryRow = (jobType: string, uom: string) =>
      rows.find(
        (sheetRow) => sheetRow.getCell(1).value === jobType && sheetRow.getCell(2).value === uom,
      );
    expect(summaryRow('Erection', 'SQM (M2)')?.getCell(4).value).toBe(8.4);
    expect(summaryRow('Erection', 'CUM (M3) (0-6m)')?.getCell(4).value).toBe(36);
    expect(summaryRow('Dismantling', 'Running MTR')?.getCell(4).value).toBe(11.25);
    expect(rows.some((sheetRow) => /^\w+ total$/.test(String(sheetRow.getCell(1).value)))).toBe(
      false,
    );

    // Convert to Rental opens the new invoice's edit screen.
    await office.keyboard.press('Escape');
    await (await openActions(office, id))
      .getByRole('menuitem', { name: 'Convert to Rental' })
      .click();
    const converting = office.getByRole('alertdialog', { name: 'Convert to Rental' });
    await expect(converting).toContainText(
      `A new rental invoice is created from the Erection items of invoice ${id}`,
    );
    await converting.getByRole('button', { name: 'Convert' }).click();
    await expect(office.getByText('Rental invoice created.')).toBeVisible();
    await expect(office).toHaveURL(/\/invoices\/edit\/\d+$/);
    await expect(
      office.getByRole('heading', { name: /^Edit Invoice INV-RENT-\d+$/ }),
    ).toBeVisible();
    await expect(office.getByLabel('Client Name')).toHaveValue('Acme Towers Ltd');
    await office.getByRole('button', { name: 'Next: Items' }).click();
    await expect(office.getByLabel('Item 1 Job Type')).toHaveValue('Rental');
    await expect(office.getByLabel('Item 2 Job Type')).toHaveValue('Rental');
    await expect(office.getByLabel('Item 3 Job Type')).toHaveCount(0);
    await expect(office.getByLabel('Total SQM (M2)', { exact: true })).toHaveText('8.40');
    await expect(office.getByLabel('Total CUM (M3) (0-6m)', { exact: true })).toHaveText('36.00');
    await expect(office.getByLabel('Total Running MTR', { exact: true })).toHaveCount(0);
    await adminContext.close();
  });

  test("the item list's filters and the job type summary report show the right totals", async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const { token } = await apiLogin(request, admin);
    const today = new Date();
    const issueDate = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
    const id = invoiceId();
    const item = (fields: Record<string, unknown>) => ({
      length: 0,
      width: 0,
      height: 0,
      materialUsages: [],
      ...fields,
    });
    const created = await apiCall<{ data: InvoiceDto }>(request, token, 'POST', '/api/invoices', {
      invoiceId: id,
      locationId: location.id,
      clientName: 'Northwind Build',
      clientAddress: '3 Mill Road, York',
      issueDate,
      dueDate: issueDate,
      items: [
        item({
          job_description: 'Deck boards',
          job_type: 'Erection',
          uom: 'SQM (M2)',
          quantity: 2,
          length: 3.5,
          width: 1.2,
        }),
        item({
          job_description: 'Tower bay',
          job_type: 'Erection',
          uom: 'CUM (M3)',
          quantity: 3,
          length: 2,
          width: 1.5,
          height: 4,
        }),
        item({
          job_description: 'Handrail strip',
          job_type: 'Dismantling',
          uom: 'Running MTR',
          quantity: 5,
          length: 2.25,
          width: 9,
        }),
        item({
          job_description: 'Deck boards, level 2',
          job_type: 'Dismantling',
          uom: 'SQM (M2)',
          quantity: 1,
          length: 2,
          width: 2,
        }),
      ],
    });

    await signIn(page, admin);
    await page.goto(`/invoices/${created.data.id}/item-list`);
    await expect(page.getByRole('heading', { name: `Items for Invoice: ${id}` })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Invoice items' }).locator('tbody tr');
    // One volume total a unit: never one number across units.
    const total = (uom: string) => page.getByLabel(`Total ${uom}`, { exact: true });
    await expect(rows).toHaveCount(4);
    await expect(total('SQM (M2)')).toHaveText('12.40');
    await expect(total('CUM (M3)')).toHaveText('36.00');
    await expect(total('Running MTR')).toHaveText('11.25');
    const strip = rows.filter({ hasText: 'Handrail strip' }).getByRole('cell');
    // L, W and H: a Running MTR has a length only.
    await expect(strip.nth(5)).toHaveText('2.25');
    await expect(strip.nth(6)).toHaveText('-');
    await expect(strip.nth(7)).toHaveText('-');
    await expect(strip.nth(9)).toHaveText('11.25');
    const erection = page.getByRole('region', { name: 'Erection subtotal' });
    await expect(erection).toContainText('SQM (M2)8.40');
    await expect(erection).toContainText('CUM (M3)36.00');

    await page.getByLabel('Filter by job type').selectOption('Dismantling');
    await expect(rows).toHaveCount(2);
    await expect(total('SQM (M2)')).toHaveText('4.00');
    await expect(total('Running MTR')).toHaveText('11.25');
    await expect(total('CUM (M3)')).toHaveCount(0);
    await page.getByLabel('Filter by UOM').selectOption('SQM (M2)');
    await expect(rows).toHaveCount(1);
    await expect(total('SQM (M2)')).toHaveText('4.00');
    await expect(total('Running MTR')).toHaveCount(0);
    await page.getByLabel('Filter by job type').selectOption('');
    await page.getByLabel('Filter by description').fill('deck');
    await expect(rows).toHaveCount(2);
    await expect(total('SQM (M2)')).toHaveText('12.40');

    await page.getByRole('link', { name: 'Back to Invoice List' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await page.getByRole('link', { name: 'View Job Type Summary' }).click();
    await expect(page).toHaveURL(/\/reports\/invoice-job-type-summary/);
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    const report = (jobType: string) => page.getByRole('region', { name: jobType, exact: true });
    // Totals per job type and unit only: no job type's total across its units.
    await expect(report('Erection').getByRole('heading')).toHaveText('Erection');
    await expect(page.getByText(/Total Calculated Quantity:/)).toHaveCount(0);
    const erectionRows = report('Erection').locator('tbody tr');
    await expect(erectionRows.nth(0).getByRole('cell')).toHaveText(['SQM (M2)', '2.00', '8.40']);
    await expect(erectionRows.nth(1).getByRole('cell')).toHaveText(['CUM (M3)', '3.00', '36.00']);
    await expect(report('Dismantling').getByRole('heading')).toHaveText('Dismantling');
    const dismantlingRows = report('Dismantling').locator('tbody tr');
    await expect(dismantlingRows.nth(0).getByRole('cell')).toHaveText(['SQM (M2)', '1.00', '4.00']);
    await expect(dismantlingRows.nth(1).getByRole('cell')).toHaveText([
      'Running MTR',
      '5.00',
      '11.25',
    ]);

    // Another month holds none of it.
    await page.getByLabel('Filter by month').fill('2001-01');
    await expect(page.getByText('No data available for the summary report.')).toBeVisible();
  });

  test('on a phone the item rows fold into cards, and the preview prints without the shell or buttons', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, admin);
    await page.goto('/invoices/generate');
    await page.getByLabel('Location', { exact: true }).selectOption({ label: location.name });
    await page.getByLabel('Client Name').fill('Harbour Works');
    await page.getByLabel('Client Address').fill('9 Dock Road, Hull');
    await page.getByRole('button', { name: 'Next: Items' }).click();

    const items = page.getByRole('table', { name: 'Invoice items' });
    await expect(items.getByRole('columnheader', { name: 'Qty' })).toBeHidden();
    await fillItem(page, 1, { description: 'Deck boards', quantity: '4', dims: ['2', '1.5'] });
    await expect(page.getByLabel('Item 1 Calculated Quantity')).toHaveText('12.00');
    const card = items.locator('tbody').first();
    const box = await card.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await expect(card.getByText('Calc. Volume Qty', { exact: true })).toBeVisible();

    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Next: Preview' }).click();
    const document = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
    await expect(document).toContainText('Harbour Works');
    await page.emulateMedia({ media: 'print' });
    await expect(document).toBeVisible();
    await expect(document.getByTestId('volume-total')).toHaveText('12.00');
    await expect(page.getByRole('button', { name: 'Submit Invoice' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});
