import { localToday } from '@stockyard/shared';
import ExcelJS from 'exceljs';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };

test.describe('stock-take', () => {
  test('an admin downloads the count sheet, fills it in, uploads it, sees the differences and confirms them into the stock', async ({
    page,
    request,
    seed,
  }, testInfo) => {
    const location = await seed.location();
    const { token } = await apiLogin(request, admin);
    const create = (name: string, quantity: number) =>
      apiCall<Created>(request, token, 'POST', '/api/materials/create', {
        name,
        locationId: location.id,
        quantity,
        unit: 'EACH',
      });
    const tube = (await create(unique('Tube'), 100)).data;
    const clamp = (await create(unique('Clamp'), 40)).data;
    const board = (await create(unique('Board'), 12)).data;

    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    await expect(page.getByRole('row').filter({ hasText: tube.name })).toBeVisible();
    await page.getByRole('button', { name: 'Stock-take' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stock-take' });
    await expect(dialog).toContainText(location.name);

    // The count sheet, as a spreadsheet program opens it.
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download count sheet' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`stock-take-${location.name}-${localToday()}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe(`Stock-take: ${location.name}`);
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual([
      'Ref',
      'Item No.',
      'Material',
      'Unit',
      'Expected',
      'Counted',
    ]);
    expect(sheet.pageSetup.paperSize).toBe(9);

    // Counted as a person would: the tube short by 3, the clamp 5 over, the board left empty.
    const counts = new Map([
      [tube.name, 97],
      [clamp.name, 45],
    ]);
    const expected = new Map<string, unknown>();
    sheet.eachRow((row, number) => {
      if (number <= 4) return;
      const name = String(row.getCell(3).value);
      expected.set(name, row.getCell(5).value);
      const counted = counts.get(name);
      if (counted !== undefined) row.getCell(6).value = counted;
    });
    expect(Object.fromEntries(expected)).toEqual({
      [board.name]: 12,
      [clamp.name]: 40,
      [tube.name]: 100,
    });
    const filled = testInfo.outputPath('counted.xlsx');
    await workbook.xlsx.writeFile(filled);

    await dialog.getByLabel('Counted sheet').setInputFiles(filled);
    await expect(dialog.getByTestId('stock-take-counts')).toHaveText(
      '2 to change, 0 unchanged, 1 not counted, 0 with errors.',
    );
    const differences = dialog.getByRole('table', { name: 'Stock-take differences' });
    const tubeRow = differences.getByRole('row').filter({ hasText: tube.name });
    await expect(tubeRow.getByRole('cell').nth(2)).toHaveText('100');
    await expect(tubeRow.getByRole('cell').nth(3)).toHaveText('97');
    await expect(tubeRow.getByRole('cell').nth(4)).toHaveText('-3');
    await expect(
      differences.getByRole('row').filter({ hasText: clamp.name }).getByRole('cell').nth(4),
    ).toHaveText('+5');
    await expect(
      differences.getByRole('row').filter({ hasText: board.name }).getByRole('cell').nth(5),
    ).toHaveText('Not counted');

    await dialog.getByRole('button', { name: 'Confirm stock-take' }).click();
    await expect(page.getByText('Stock-take confirmed: 2 quantities changed.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The new quantities, in the inventory's Quantity column wherever it stands.
    const inventory = page.getByRole('table', { name: 'Inventory items' });
    const headers = (await inventory.getByRole('columnheader').allTextContents()).map((text) =>
      text.trim(),
    );
    const quantityColumn = headers.indexOf('Quantity');
    expect(quantityColumn).toBeGreaterThan(0);
    const inventoryRow = (name: string) => inventory.getByRole('row').filter({ hasText: name });
    const quantityOf = (name: string) => inventoryRow(name).getByRole('cell').nth(quantityColumn);
    await expect(quantityOf(tube.name)).toHaveText('97');
    await expect(quantityOf(clamp.name)).toHaveText('45');
    await expect(quantityOf(board.name)).toHaveText('12');

    await inventoryRow(tube.name).click();
    const history = page.getByRole('dialog', { name: 'Stock History' });
    const latest = history
      .getByRole('table', { name: 'Stock movements' })
      .locator('tbody tr')
      .first();
    await expect(latest.getByRole('cell').nth(1)).toHaveText('-3');
    await expect(latest.getByRole('cell').nth(2)).toHaveText('97');
    await expect(latest.getByRole('cell').nth(3)).toContainText('Stock-take');
    await expect(latest.getByRole('cell').nth(3)).toContainText(`stock-take:${localToday()}`);
  });

  test('a sheet with a wrong count shows the cell and cannot be confirmed', async ({
    page,
    request,
    seed,
  }, testInfo) => {
    const location = await seed.location();
    const { token } = await apiLogin(request, admin);
    const tube = (
      await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
        name: unique('Tube'),
        locationId: location.id,
        quantity: 10,
        unit: 'EACH',
      })
    ).data;
    const ref = `MAT-${String(tube.id).padStart(3, '0')}`;
    const csv = testInfo.outputPath('counted.csv');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(csv, `Ref;Material;Expected;Counted\r\n${ref};${tube.name};10;-4\r\n`);

    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    await page.getByRole('button', { name: 'Stock-take' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stock-take' });
    await dialog.getByLabel('Counted sheet').setInputFiles(csv);
    await expect(
      dialog.getByRole('row').filter({ hasText: tube.name }).getByRole('cell').nth(5),
    ).toHaveText('D2: Counted cannot be negative');
    await expect(dialog.getByRole('button', { name: 'Confirm stock-take' })).toBeDisabled();
  });
});
