import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { InvoiceDto } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

/*
 * The invoice as people take it away: Chromium prints it to A4 (page.pdf uses print media) and
 * poppler's pdftotext and pdftoppm, tools nobody here wrote, read the paper back.
 */

const run = promisify(execFile);
const ITEMS = 60;
const COMPANY = {
  companyName: 'Brightmoor Access Ltd',
  email: 'accounts@brightmoor.example',
  phone: '+441132000000',
  address: '40 Foundry Street, Leeds',
};

type Item = { description: string; remark: string; volume: string };
type Seeded = {
  id: number;
  invoiceId: string;
  items: Item[];
  usages: string[];
  totals: { uom: string; quantity: string }[];
  issue: string;
  due: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A location, the company profile and a 60-item invoice, each item its own description and remark. */
async function seedInvoice(
  request: Page['request'],
  location: { id: number; name: string },
): Promise<Seeded> {
  const { token } = await apiLogin(request, admin);
  await apiCall(request, token, 'PUT', '/api/users/company', COMPANY);
  const tube = unique('Print Tube');
  const material = await apiCall<{ data: { id: number } }>(
    request,
    token,
    'POST',
    '/api/materials/create',
    { name: tube, locationId: location.id, quantity: 500, unit: 'EACH' },
  );
  const invoiceId = `INV-PRN-${Date.now().toString(36)}${process.pid}`.toUpperCase();
  const tag = Date.now().toString(36).slice(-4).toUpperCase();
  // This month's: the Invoices list shows the current month at first.
  const today = new Date();
  const month = `${today.getFullYear()}-${pad(today.getMonth() + 1)}`;
  const items = Array.from({ length: ITEMS }, (_, index) => {
    const n = index + 1;
    return {
      item_date: `${month}-${pad((index % 28) + 1)}`,
      location: `Block ${String.fromCharCode(65 + (index % 6))}`,
      job_description: `Deck bay ${tag}-D${pad(n)}`,
      job_type: index % 3 === 2 ? 'Dismantling' : 'Erection',
      uom: index % 2 === 0 ? 'SQM (M2)' : 'CUM (M3) (6-12m)',
      quantity: (index % 4) + 1,
      length: 2.5,
      width: 1.2,
      height: index % 2 === 0 ? 0 : 3,
      remark: `Checked ${tag}-R${pad(n)}`,
      // Every tenth job used some tubes.
      materialUsages:
        n % 10 === 0
          ? [
              {
                materialId: material.data.id,
                usageType: 'QTY',
                quantity: n / 10,
                notes: `lot ${n}`,
              },
            ]
          : [],
    };
  });
  const created = await apiCall<{ data: InvoiceDto }>(request, token, 'POST', '/api/invoices', {
    invoiceId,
    locationId: location.id,
    clientName: 'Harbour Works plc',
    clientAddress: '9 Dock Road, Hull',
    issueDate: `${month}-04`,
    dueDate: `${month}-25`,
    department: 'Scaffolding',
    items,
  });
  const invoice = created.data;
  return {
    id: invoice.id,
    invoiceId,
    items: invoice.items.map((item) => ({
      description: item.job_description ?? '',
      remark: item.remark ?? '',
      volume: item.itemTotalCalculatedQuantity.toFixed(2),
    })),
    usages: items
      .filter((item) => item.materialUsages.length > 0)
      .map((item) => {
        const usage = item.materialUsages[0]!;
        return `Material used: ${tube}, Quantity ${usage.quantity} (${usage.notes})`;
      }),
    totals: invoice.volumeTotals.map((total) => ({
      uom: total.uom,
      quantity: total.quantity.toFixed(2),
    })),
    issue: `04/${month.slice(5)}/${month.slice(0, 4)}`,
    due: `25/${month.slice(5)}/${month.slice(0, 4)}`,
  };
}

/** Prints the page to A4 and reads the paper back: its text, page by page, and the file. */
async function print(page: Page, name: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-print-'));
  const file = path.join(dir, `${name}.pdf`);
  await fs.writeFile(file, await page.pdf({ format: 'A4', printBackground: true }));
  const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
  const { stdout: info } = await run('pdfinfo', [file]);
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
  // pdftotext ends every page with a form feed.
  const sheets = text.split('\f').slice(0, pages);
  expect(sheets).toHaveLength(pages);
  expect(info).toMatch(/^Page size:\s+59[56]\.\d+ x 84[12]\.\d+ pts \(A4\)$/m);
  return { file, dir, text, sheets };
}

/**
 * The table's header as a line of the paper: every column, left to right; a saved invoice's lines
 * have their rate and amount (the wizard's are priced when saved).
 */
const HEADER =
  /^\s*#\s+Date\s+Location\s+Description\s+Job Type\s+UOM\s+L\s+W\s+H\s+Qty\s+Volume Qty\s+Remark(\s+Rate\s+Amount)?\s*$/m;

/** Everything the invoice holds is on the paper, every item's row whole on one line. */
function expectWholeInvoice(printed: { text: string; sheets: string[] }, seeded: Seeded) {
  const { text, sheets } = printed;
  expect(text).toContain(COMPANY.companyName);
  expect(text).toContain(COMPANY.address);
  expect(text).toMatch(/^\s*INVOICE\s*$/m);
  expect(text).toContain(seeded.invoiceId);
  expect(text).toContain('BILL TO');
  expect(text).toContain('Harbour Works plc');
  expect(text).toContain(seeded.issue);
  expect(text).toContain(seeded.due);
  expect(text).toMatch(HEADER);
  const lines = text.split('\n');
  for (const item of seeded.items) {
    const row = lines.filter((line) => line.includes(item.description));
    expect(row, `${item.description}, once`).toHaveLength(1);
    // Description, the Volume Qty, the remark, the rate and the amount: no column cut off.
    expect(row[0]).toMatch(
      new RegExp(
        `${item.description}\\s.*\\s${item.volume}\\s+${item.remark}(\\s+\\S+\\s+\\S+)?\\s*$`,
      ),
    );
  }
  for (const usage of seeded.usages) expect(text).toContain(usage);
  // One volume total a unit: never one number across units.
  for (const total of seeded.totals) {
    const uom = total.uom.replace(/[()]/g, '\\$&');
    expect(text).toMatch(new RegExp(`Total ${uom}:\\s+${total.quantity}`));
  }
  expect(text).toContain('Job Type Summary');

  // Several pages, the table's header atop the items on each of them.
  const withItems = sheets.filter((sheet) =>
    seeded.items.some((item) => sheet.includes(item.description)),
  );
  expect(withItems.length).toBeGreaterThan(1);
  for (const sheet of withItems) expect(sheet).toMatch(HEADER);
}

/**
 * Page 1 as pdftoppm sees it at 30 dpi (a PPM, P6): its corners, the share of light pixels (paper)
 * and of dark ones (ink).
 */
async function firstSheet(file: string) {
  const { stdout } = await run('pdftoppm', ['-r', '30', '-f', '1', '-l', '1', file], {
    encoding: 'buffer',
    maxBuffer: 10 * 1024 * 1024,
  });
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 32).toString('latin1'));
  expect(header, 'a PPM image').not.toBeNull();
  const width = Number(header![1]);
  const height = Number(header![2]);
  const pixels = stdout.subarray(header![0].length);
  const at = (x: number, y: number) => {
    const offset = (y * width + x) * 3;
    return [pixels[offset]!, pixels[offset + 1]!, pixels[offset + 2]!];
  };
  let light = 0;
  let dark = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const pixel = at(x, y);
      if (Math.min(...pixel) >= 200) light += 1;
      if (Math.max(...pixel) < 100) dark += 1;
    }
  }
  return {
    corners: [at(0, 0), at(width - 1, 0), at(0, height - 1), at(width - 1, height - 1)],
    light: light / (width * height),
    dark: dark / (width * height),
  };
}

/** White paper to its edges, dark ink on it. */
async function expectWhitePaper(file: string) {
  const sheet = await firstSheet(file);
  for (const corner of sheet.corners) expect(corner).toEqual([255, 255, 255]);
  expect(sheet.light).toBeGreaterThan(0.8);
  expect(sheet.dark).toBeGreaterThan(0.001);
}

/** The Dark theme, kept on the device as Settings keeps it. */
async function useDarkTheme(page: Page) {
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
}

/**
 * What a person waits for before printing: Print is enabled once the company profile, which heads
 * the paper, is read (it is disabled until then), and the heading is there.
 */
async function expectReadyToPrint(page: Page, invoiceId: string) {
  const document = page.getByRole('article', { name: `Invoice ${invoiceId}` });
  await expect(document.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expect(document.getByRole('region', { name: 'Company' })).toContainText(
    COMPANY.companyName,
  );
}

/** Black text on a white sheet, whatever the theme: the document under print media. */
async function expectBlackOnWhite(page: Page, invoiceId: string) {
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const document = page.getByRole('article', { name: `Invoice ${invoiceId}` });
  await expect(document).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(document).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await page.emulateMedia({ media: null, colorScheme: null });
}

test.describe('the printed invoice', () => {
  test('from the preview dialog of the Invoices list, in the light and the Dark theme: every column of every item on A4, black on white', async ({
    page,
    seed,
  }) => {
    const seeded = await seedInvoice(page.request, await seed.location());
    await signIn(page, admin);
    const openPreview = async () => {
      await page.goto(`/invoices?search=${seeded.invoiceId}`);
      await page.getByRole('button', { name: `Actions for ${seeded.invoiceId}` }).click();
      await page.getByRole('menuitem', { name: 'Preview Invoice' }).click();
      const document = page.getByRole('article', { name: `Invoice ${seeded.invoiceId}` });
      await expect(document).toContainText(seeded.items.at(-1)!.remark);
      await expectReadyToPrint(page, seeded.invoiceId);
    };

    await openPreview();
    const light = await print(page, 'preview-light');
    expectWholeInvoice(light, seeded);
    // Only the document: neither the list behind the dialog nor the dialog's own title.
    expect(light.text).not.toContain('Invoice Preview');
    expect(light.text).not.toContain('Create Invoice');
    expect(light.text).not.toContain('Export to Excel');

    await useDarkTheme(page);
    await openPreview();
    const dark = await print(page, 'preview-dark');
    expectWholeInvoice(dark, seeded);
    await expectWhitePaper(dark.file);
    await expectBlackOnWhite(page, seeded.invoiceId);
    await fs.rm(light.dir, { recursive: true });
    await fs.rm(dark.dir, { recursive: true });
  });

  test("from the wizard's preview step, in the Dark and the light theme", async ({
    page,
    seed,
  }) => {
    const seeded = await seedInvoice(page.request, await seed.location());
    await signIn(page, admin);
    const openStep = async () => {
      await page.goto(`/invoices/edit/${seeded.id}`);
      await page.getByRole('button', { name: 'Next: Items' }).click();
      await expect(page.getByLabel(`Item ${ITEMS} Description`)).toHaveValue(
        seeded.items.at(-1)!.description,
      );
      await page.getByRole('button', { name: 'Next: Preview' }).click();
      const document = page.getByRole('article', { name: `Invoice ${seeded.invoiceId}` });
      await expect(document).toContainText(seeded.items.at(-1)!.remark);
      await expectReadyToPrint(page, seeded.invoiceId);
    };

    await page.goto('/invoices');
    await useDarkTheme(page);
    await openStep();
    const dark = await print(page, 'wizard-dark');
    expectWholeInvoice(dark, seeded);
    expect(dark.text).not.toContain('Update Invoice');
    expect(dark.text).not.toContain(`Edit Invoice ${seeded.invoiceId}`);
    await expectWhitePaper(dark.file);
    await expectBlackOnWhite(page, seeded.invoiceId);

    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await openStep();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    const light = await print(page, 'wizard-light');
    expectWholeInvoice(light, seeded);
    await fs.rm(light.dir, { recursive: true });
    await fs.rm(dark.dir, { recursive: true });
  });
});
