import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { admin, expect, signIn, test, unique } from '../fixtures';

test.describe('import', () => {
  test('an admin downloads the stock template, sees a row in error with its cell, uploads the corrected file, confirms, and finds the stock in the inventory', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const tube = unique('Imported tube');
    const clamp = unique('Imported clamp');

    await signIn(page, admin);
    await page.goto('/');
    await page.getByRole('link', { name: 'Import' }).first().click();
    await expect(page.getByRole('heading', { name: 'Import' })).toBeVisible();
    await page.getByLabel('What to import').selectOption({ label: 'Stock per location' });

    // The template, as a spreadsheet program would open it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('stock-import-template.csv');
    const template = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const header = template.split(/\r?\n/)[0]!;
    expect(header).toBe('Location,Item number,Material,Quantity');

    const file = (quantity: string) => ({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${header}\r\n${location.name},,${tube},25\r\n${location.name},,${clamp},${quantity}\r\n`,
      ),
    });

    await page.getByLabel('File').setInputFiles(file('a dozen'));
    await expect(page.getByTestId('import-counts')).toHaveText(
      '2 rows: 1 new, 0 to update, 0 unchanged, 1 with errors.',
    );
    const preview = page.getByRole('table', { name: 'Import preview' });
    const wrong = preview.getByRole('row').filter({ hasText: clamp });
    await expect(wrong).toContainText('Error');
    await expect(wrong).toContainText('D3: Quantity must be a number');
    await expect(page.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
    // The preview with a row in error reads as well as any page (WCAG 2.1 AA, as accessibility.spec).
    const scan = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .setLegacyMode()
      // The page's own content: the template's toast, fading out, is the shell's.
      .include('main')
      .analyze();
    expect(
      scan.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    await page.getByLabel('File').setInputFiles(file('12'));
    await expect(page.getByTestId('import-counts')).toHaveText(
      '2 rows: 2 new, 0 to update, 0 unchanged, 0 with errors.',
    );
    await page.getByRole('button', { name: 'Confirm import' }).click();
    await expect(
      page.getByText('Stock per location imported: 2 new, 0 updated, 0 unchanged.'),
    ).toBeVisible();

    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    await expect(row(tube)).toBeVisible();
    // The Quantity column, wherever the inventory puts it.
    const headers = await page.getByRole('columnheader').allTextContents();
    const quantity = headers.findIndex((header) => header.trim() === 'Quantity');
    expect(quantity).toBeGreaterThan(0);
    await expect(row(tube).getByRole('cell').nth(quantity)).toHaveText('25');
    await expect(row(clamp).getByRole('cell').nth(quantity)).toHaveText('12');
  });
});
