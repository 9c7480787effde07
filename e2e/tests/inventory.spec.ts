import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };

test.describe('inventory management', () => {
  test('an admin adds an item, edits it and sees the status badge change', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const name = unique('Steel Tube');
    await signIn(page, admin);
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    await expect(page.getByText('No inventory items found.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Location').selectOption({ label: location.name });
    await dialog.getByLabel('Quantity').fill('50');
    await dialog.getByLabel('Unit').selectOption({ label: 'Each' });
    await dialog.getByLabel('Notes').fill('Galvanised, 48.3 mm');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Inventory item added successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(/MAT-\d{3,}/);
    await expect(row).toContainText(location.name);
    await expect(row.getByRole('cell').nth(4)).toHaveText('50');
    await expect(row.getByRole('cell').nth(5)).toHaveText('Each');
    await expect(row.getByRole('cell').nth(7)).toHaveText('Available');
    await expect(row.getByRole('cell').nth(8)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(page.getByText('Showing 1 to 1 of 1 items')).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(edit.getByLabel('Quantity')).toHaveValue('50');
    await edit.getByLabel('Quantity').fill('5');
    await expect(edit.getByText('Low Stock')).toBeVisible();
    await edit.getByRole('button', { name: 'Update Item' }).click();
    await expect(page.getByText('Inventory item updated successfully.')).toBeVisible();
    await expect(row.getByRole('cell').nth(4)).toHaveText('5');
    await expect(row.getByRole('cell').nth(7)).toHaveText('Low Stock');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await edit.getByLabel('Quantity').fill('0');
    await edit.getByRole('button', { name: 'Update Item' }).click();
    await expect(row.getByRole('cell').nth(7)).toHaveText('Out of Stock');
  });

  test("a row opens the material's stock history", async ({ page, request, seed }) => {
    const location = await seed.location();
    const { token } = await apiLogin(request, admin);
    const name = unique('Base Plate');
    const created = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name,
      locationId: location.id,
      quantity: 50,
      unit: 'EACH',
    });
    await apiCall(request, token, 'PATCH', `/api/materials/${created.data.id}/stock`, {
      quantity: 45,
      operation: 'subtract',
    });
    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    await page.getByRole('row').filter({ hasText: name }).click();

    const dialog = page.getByRole('dialog', { name: 'Stock History' });
    await expect(dialog).toContainText(name);
    const rows = dialog.getByRole('table', { name: 'Stock movements' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText('-45');
    await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('5');
    await expect(rows.nth(0).getByRole('cell').nth(3)).toHaveText('Stock update');
    await expect(rows.nth(0).getByRole('cell').nth(4)).toHaveText('Administrator');
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('+50');
    await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('Created');
    await expect(dialog.getByText('Showing 1 to 2 of 2 movements')).toBeVisible();
  });

  test("a transfer's stock history names the location at the other end", async ({
    page,
    request,
    seed,
  }) => {
    const [yard, site] = [await seed.location(), await seed.location({ type: 'FIELD' })];
    const { token } = await apiLogin(request, admin);
    const name = unique('Ledger Board');
    const created = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name,
      locationId: yard.id,
      quantity: 30,
      unit: 'EACH',
    });
    await apiCall(request, token, 'POST', `/api/materials/${created.data.id}/transfer`, {
      fromLocation: yard.id,
      toLocation: site.id,
      quantity: 12,
    });
    await signIn(page, admin);
    await page.goto('/inventory');
    const history = page.getByRole('dialog', { name: 'Stock History' });
    const latest = history
      .getByRole('table', { name: 'Stock movements' })
      .locator('tbody tr')
      .first()
      .getByRole('cell')
      .nth(3);

    // Until the filtered page arrives, the unfiltered one shows both ends' rows.
    const rows = page.getByRole('row').filter({ hasText: name });
    await page.getByLabel('Filter by location').selectOption({ label: yard.name });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(yard.name);
    await rows.click();
    await expect(latest).toHaveText(`Transfer out to ${site.name}`);
    await expect(history).not.toContainText('material:');
    await page.keyboard.press('Escape');

    await page.getByLabel('Filter by location').selectOption({ label: site.name });
    await expect(rows).toContainText(site.name);
    await rows.click();
    await expect(latest).toHaveText(`Transfer in from ${yard.name}`);
  });

  test('the add dialog shows the messages under the fields', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    const add = dialog.getByRole('button', { name: 'Add Item' });
    await dialog.getByLabel('Name').fill('a');
    await dialog.getByLabel('Unit').selectOption({ label: 'Select unit' });
    await dialog.getByLabel('Notes').fill('n'.repeat(256));
    await add.click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Location is required')).toBeVisible();
    await expect(dialog.getByText('Quantity is required')).toBeVisible();
    await expect(dialog.getByText('Please select a unit')).toBeVisible();
    await expect(dialog.getByText('Notes must be at most 255 characters')).toBeVisible();

    await dialog.getByLabel('Quantity').fill('lots');
    await add.click();
    await expect(dialog.getByText('Quantity must be a number')).toBeVisible();
    await dialog.getByLabel('Quantity').fill('-1');
    await add.click();
    await expect(dialog.getByText('Quantity cannot be negative')).toBeVisible();
  });

  test('an item that already exists at the location is refused with the server message', async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const { token } = await apiLogin(request, admin);
    const name = unique('Ladder');
    await apiCall(request, token, 'POST', '/api/materials/create', {
      name,
      locationId: location.id,
      quantity: 3,
      unit: 'EACH',
    });
    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Location').selectOption({ label: location.name });
    await dialog.getByLabel('Quantity').fill('7');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText(`A material named ${name} (Each) already exists`)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Quantity')).toHaveValue('7');
  });

  test('the list filters by location and pages ten at a time', async ({ page, request, seed }) => {
    const busy = await seed.location();
    const quiet = await seed.location();
    const { token } = await apiLogin(request, admin);
    for (let i = 1; i <= 12; i += 1) {
      await apiCall(request, token, 'POST', '/api/materials/create', {
        name: `Coupler ${String(i).padStart(2, '0')}`,
        locationId: busy.id,
        quantity: i,
        unit: 'EACH',
      });
    }
    await apiCall(request, token, 'POST', '/api/materials/create', {
      name: 'Sole Board',
      locationId: quiet.id,
      quantity: 40,
      unit: 'EACH',
    });
    await signIn(page, admin);
    await page.goto('/inventory');
    const summary = page.getByText(/^Showing \d+ to \d+ of \d+ items$/);
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d+ items$/);

    await page.getByLabel('Filter by location').selectOption({ label: busy.name });
    await expect(summary).toHaveText('Showing 1 to 10 of 12 items');
    const rows = page.getByRole('table', { name: 'Inventory items' }).locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText('Coupler 12');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveText('Showing 11 to 12 of 12 items');
    await expect(rows).toHaveCount(2);
    await expect(rows.last()).toContainText('Coupler 01');

    await page.getByLabel('Filter by location').selectOption({ label: quiet.name });
    await expect(summary).toHaveText('Showing 1 to 1 of 1 items');
    await expect(rows.first()).toContainText('Sole Board');
    await expect(rows.first()).toContainText(quiet.name);
  });

  test('deleting an item asks first, then removes it', async ({ page, request, seed }) => {
    const location = await seed.location();
    const { token } = await apiLogin(request, admin);
    const name = unique('Putlog');
    await apiCall(request, token, 'POST', '/api/materials/create', {
      name,
      locationId: location.id,
      quantity: 12,
      unit: 'EACH',
    });
    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Inventory item deleted successfully.')).toBeVisible();
    await expect(page.getByText('No inventory items found.')).toBeVisible();
  });
});
