import { CATALOGUE_MESSAGES } from '@stockyard/shared';
import { admin, expect, signIn, test, unique } from '../fixtures';

test.describe('the catalogue', () => {
  test('an admin adds a type, stocks it from Inventory by its name, sees its stock and retires it', async ({
    page,
    seed,
  }) => {
    // Three pages, two dialogs and a retirement in one journey: 60 s was its whole span at load 13.
    test.setTimeout(120_000);
    const yard = await seed.location();
    const name = unique('Ledger Tube');
    const itemNumber = unique('LT').replaceAll(' ', '-').toUpperCase().slice(0, 40);
    await signIn(page, admin);

    // The catalogue entry: item number, weight and value of one unit.
    await page.goto('/catalogue');
    await expect(page.getByRole('heading', { name: 'Catalogue' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Material Type' }).click();
    const add = page.getByRole('dialog', { name: 'Add Material Type' });
    await add.getByLabel('Item No.').fill(itemNumber);
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Category').fill('Tubes');
    await add.getByLabel('Weight per unit (kg)').fill('4,5');
    await add.getByLabel('Replacement value per unit').fill('18');
    await add.getByLabel('Hire rate per day').fill('0.45');
    await add.getByRole('button', { name: 'Add Material Type' }).click();
    await expect(page.getByText('Material type added.')).toBeVisible();
    await expect(add).toBeHidden();

    await page.getByLabel('Search catalogue').fill(itemNumber);
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole('table', { name: 'Catalogue' }).getByRole('row').filter({
      hasText: name,
    });
    // The first cell ticks the row for labels.
    await expect(row.getByRole('cell').nth(1)).toHaveText(itemNumber);
    await expect(row.getByRole('cell').nth(3)).toHaveText('Tubes');
    await expect(row.getByRole('cell').nth(5)).toHaveText('4.5');
    await expect(row.getByRole('cell').nth(6)).toHaveText('18.00');
    await expect(row.getByRole('cell').nth(7)).toHaveText('0.45');
    await expect(row.getByRole('cell').nth(8)).toHaveText('0');
    await expect(row.getByRole('cell').nth(11)).toHaveText('Active');

    // Stock of it at a location, from Inventory, by picking its name (any case).
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: yard.name });
    await page.getByRole('button', { name: 'Add Item' }).click();
    const item = page.getByRole('dialog', { name: 'Add Item' });
    await expect(item.locator(`datalist option[value="${name}"]`)).toHaveCount(1);
    await item.getByLabel('Name').fill(name.toLowerCase());
    await expect(item.getByTestId('material-name-catalogue-hint')).toHaveText(
      `In the catalogue: Item No. ${itemNumber}, 4.5 kg each, counted in Each.`,
    );
    await expect(item.getByLabel('Unit')).toHaveValue('EACH');
    await item.getByLabel('Location').selectOption({ label: yard.name });
    await item.getByLabel('Quantity').fill('20');
    await item.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Inventory item added successfully.')).toBeVisible();

    // The inventory shows the catalogue's name, its item number and the stock's weight.
    const stock = page.getByRole('row').filter({ hasText: name });
    await expect(stock.getByRole('cell').nth(1)).toHaveText(itemNumber);
    await expect(stock.getByRole('cell').nth(4)).toHaveText('20');
    await expect(stock.getByRole('cell').nth(6)).toHaveText('90 kg4.5 kg each');

    // A transfer says what it puts on the lorry.
    await page.getByRole('button', { name: `Transfer ${name}` }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer Material' });
    await transfer.getByLabel('Quantity').fill('7');
    await expect(transfer.getByText('Total weight: 31.5 kg')).toBeVisible();
    await page.keyboard.press('Escape');

    // The catalogue's detail: the stock at each location, with its weight and value.
    await page.goto(`/catalogue?search=${encodeURIComponent(itemNumber)}`);
    await expect(row.getByRole('cell').nth(8)).toHaveText('20');
    await expect(row.getByRole('cell').nth(9)).toHaveText('90');
    await expect(row.getByRole('cell').nth(10)).toHaveText('360.00');
    await row.getByRole('cell').nth(2).click();
    const detail = page.getByRole('dialog', { name: 'Stock by Location' });
    await expect(detail).toContainText(`${itemNumber} ${name}`);
    const atYard = detail.getByRole('row').filter({ hasText: yard.name });
    await expect(atYard.getByRole('cell')).toHaveText([yard.name, '20', '90 kg', '360.00']);
    await expect(detail.getByText('Total weight')).toBeVisible();
    await page.keyboard.press('Escape');

    // Retiring is asked first and says what it means.
    await page.getByRole('button', { name: `Retire ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('gets no new stock');
    await expect(confirm).toContainText('Its stock and its history stay');
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await expect(page.getByText('Material type retired.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByLabel('Filter by status').selectOption({ label: 'Retired' });
    await expect(row.getByRole('cell').nth(11)).toHaveText('Retired');
    await expect(row.getByRole('cell').nth(8)).toHaveText('20');

    // New stock of a retired type is refused with the server's message.
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await item.getByLabel('Name').fill(name);
    await item.getByLabel('Location').selectOption({ label: yard.name });
    await item.getByLabel('Quantity').fill('5');
    await item.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText(CATALOGUE_MESSAGES.retired(name))).toBeVisible();
    await expect(item).toBeVisible();
  });

  test('a name or item number already in the catalogue is refused under its field', async ({
    page,
  }) => {
    const name = unique('Base Jack');
    const itemNumber = unique('BJ').replaceAll(' ', '-').toUpperCase().slice(0, 40);
    await signIn(page, admin);
    await page.goto('/catalogue');
    const add = page.getByRole('dialog', { name: 'Add Material Type' });
    await page.getByRole('button', { name: 'Add Material Type' }).click();
    await add.getByLabel('Item No.').fill(itemNumber);
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Add Material Type' }).click();
    await expect(add).toBeHidden();

    await page.getByRole('button', { name: 'Add Material Type' }).click();
    await add.getByLabel('Name').fill(`  ${name.toUpperCase()} `);
    await add.getByRole('button', { name: 'Add Material Type' }).click();
    await expect(add.getByText(CATALOGUE_MESSAGES.nameTaken(name.toUpperCase()))).toBeVisible();
    await expect(add.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await add.getByLabel('Name').fill(`${name} 2`);
    await add.getByLabel('Item No.').fill(itemNumber);
    await add.getByRole('button', { name: 'Add Material Type' }).click();
    await expect(add.getByText(CATALOGUE_MESSAGES.itemNumberTaken(itemNumber))).toBeVisible();
    await expect(add.getByLabel('Item No.')).toHaveAttribute('aria-invalid', 'true');
  });
});
