import { admin, expect, signIn, test, unique } from '../fixtures';

test.describe('location management', () => {
  test('an admin creates a location, selects it and edits it', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/locations');
    await expect(page.getByRole('heading', { name: 'Location Management' })).toBeVisible();
    const name = unique('Depot');
    // Other tests add BMR yards at the same time; a Field filter keeps this row on the first page.
    await page.getByLabel('Filter by type').selectOption({ label: 'Field' });

    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Address', { exact: true }).fill('4 Canal Wharf, Leeds');
    await dialog.getByLabel('Type').selectOption({ label: 'Field' });
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(page.getByText('Location Created')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(/LOC-\d{3,}/);
    await expect(row).toContainText('Field');
    await expect(row).toContainText('4 Canal Wharf, Leeds');
    await expect(row).toContainText('Active');
    await row.click();
    await expect(row).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name);
    await edit.getByLabel('Status').selectOption({ label: 'Inactive' });
    await edit.getByRole('button', { name: 'Update Location' }).click();
    await expect(page.getByText('Location Updated')).toBeVisible();
    await expect(row).toContainText('Inactive');
  });

  test('the add dialog shows the validation messages under the fields', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/locations');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await dialog.getByLabel('Name', { exact: true }).fill('ab');
    await dialog.getByLabel('Address', { exact: true }).fill('1 a');
    await dialog.getByLabel('Status').selectOption({ label: 'Select status' });
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByText('Location name must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByText('Address must be at least 5 characters')).toBeVisible();
    await expect(dialog.getByText('Please select a location type')).toBeVisible();
    await expect(dialog.getByText('Please select a status')).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('ab');
  });

  test('a name already taken, in any case and spacing, is refused under the Name field', async ({
    page,
    seed,
  }) => {
    const taken = await seed.location({ type: 'FIELD' });
    const other = await seed.location({ type: 'FIELD' });
    await signIn(page, admin);
    await page.goto('/locations');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await dialog.getByLabel('Name', { exact: true }).fill(`  ${taken.name.toUpperCase()} `);
    await dialog.getByLabel('Address', { exact: true }).fill('4 Canal Wharf, Leeds');
    await dialog.getByLabel('Type').selectOption({ label: 'Field' });
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByText('A location with this name already exists')).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.keyboard.press('Escape');

    await page.getByLabel('Filter by type').selectOption({ label: 'Field' });
    await page.getByRole('button', { name: `Edit ${other.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await edit.getByLabel('Name', { exact: true }).fill(taken.name.toLowerCase());
    await edit.getByRole('button', { name: 'Update Location' }).click();
    await expect(edit.getByText('A location with this name already exists')).toBeVisible();
    await expect(edit.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('the list filters by type and status and pages ten at a time', async ({ page, seed }) => {
    for (let i = 0; i < 11; i += 1) await seed.location();
    const fieldInactive = await seed.location({ type: 'FIELD', status: 'INACTIVE' });
    await signIn(page, admin);
    await page.goto('/locations');

    const summary = page.getByText(/^Showing \d+ to \d+ of \d+ locations$/);
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d+ locations$/);
    await expect(page.getByRole('table', { name: 'Locations' }).getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveText(/^Showing 11 to \d+ of \d+ locations$/);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d+ locations$/);

    await page.getByLabel('Filter by type').selectOption({ label: 'Field' });
    await page.getByLabel('Filter by status').selectOption({ label: 'Inactive' });
    await expect(page.getByRole('row').filter({ hasText: fieldInactive.name })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Locations' }).locator('tbody').getByRole('row');
    await expect(rows.filter({ hasNotText: 'Inactive' })).toHaveCount(0);
    await expect(rows.filter({ hasNotText: 'Field' })).toHaveCount(0);
  });

  test('deleting a location asks first, then removes it', async ({ page, seed }) => {
    const location = await seed.location({ type: 'FIELD' });
    await signIn(page, admin);
    await page.goto('/locations');
    await page.getByLabel('Filter by type').selectOption({ label: 'Field' });
    await page.getByRole('button', { name: `Delete ${location.name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'This action cannot be undone and will remove all associated data.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Location Deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: location.name })).toHaveCount(0);
  });

  test('a location with users cannot be deleted and the server says why', async ({
    page,
    seed,
  }) => {
    const location = await seed.location({ type: 'FIELD' });
    await seed.fieldManager(location.id);
    await signIn(page, admin);
    await page.goto('/locations');
    await page.getByLabel('Filter by type').selectOption({ label: 'Field' });
    await page.getByRole('button', { name: `Delete ${location.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${location.name} cannot be deleted`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: location.name })).toBeVisible();
  });
});
