import type { Page } from '@playwright/test';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };
type MaterialRow = { name: string; quantity: number; location: { name: string } };

/** An admin ticks or unticks one permission of a user through the Users page's Edit dialog. */
async function setPermission(page: Page, userName: string, label: string, on: boolean) {
  await page.goto('/users');
  await page.getByPlaceholder('Search by name or email...').fill(userName);
  await page.getByRole('button', { name: `Edit ${userName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByLabel(label).setChecked(on);
  await dialog.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText('User Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('permission flags', () => {
  test('a field manager given Manage Inventory transfers stock out of their location, and loses the buttons when it is taken back', async ({
    browser,
    page,
    request,
    seed,
  }) => {
    // Two browsers and two rounds through the Users page.
    test.slow();
    const [yard, site] = [await seed.location(), await seed.location({ type: 'FIELD' })];
    const manager = await seed.fieldManager(yard.id);
    const { token } = await apiLogin(request, admin);
    const tube = unique('Scaffold Tube');
    const plank = unique('Site Plank');
    await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: yard.id,
      quantity: 40,
      unit: 'EACH',
    });
    await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: plank,
      locationId: site.id,
      quantity: 5,
      unit: 'EACH',
    });

    // The field manager, in a browser of their own, sees their location's stock only.
    const theirs = await browser.newContext();
    const fm = await theirs.newPage();
    await signIn(fm, manager);
    await fm.goto('/inventory');
    const tubeRow = fm.getByRole('row').filter({ hasText: tube });
    await expect(tubeRow.getByRole('cell').nth(4)).toHaveText('40');
    await expect(fm.getByRole('row').filter({ hasText: plank })).toHaveCount(0);
    await expect(fm.getByLabel('Filter by location')).toHaveCount(0);
    await expect(fm.getByRole('button', { name: 'Add Item' })).toHaveCount(0);
    await expect(fm.getByRole('button', { name: `Transfer ${tube}` })).toHaveCount(0);
    await expect(fm.getByRole('button', { name: 'Stock-take' })).toHaveCount(0);
    await expect(fm.getByRole('navigation', { name: 'Main' })).not.toContainText('Users');

    await signIn(page, admin);
    await setPermission(page, manager.name, 'Manage Inventory', true);

    // The open screen follows without a reload.
    await expect(fm.getByRole('button', { name: 'Add Item' })).toBeVisible();
    await expect(fm.getByRole('button', { name: 'Stock-take' })).toBeVisible();
    await fm.getByRole('button', { name: `Transfer ${tube}` }).click();
    const dialog = fm.getByRole('dialog', { name: 'Transfer Material' });
    const destination = dialog.getByLabel('Destination');
    await expect(destination.getByRole('option', { name: site.name })).toHaveCount(1);
    await expect(destination.getByRole('option', { name: yard.name })).toHaveCount(0);
    await destination.selectOption({ label: site.name });
    await dialog.getByLabel('Quantity').fill('41');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(dialog.getByText('Insufficient stock: only 40 available')).toBeVisible();
    await dialog.getByLabel('Quantity').fill('15');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(fm.getByText('Material transferred successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(tubeRow.getByRole('cell').nth(4)).toHaveText('25');

    await tubeRow.click();
    const history = fm.getByRole('dialog', { name: 'Stock History' });
    await expect(
      history.getByRole('table', { name: 'Stock movements' }).locator('tbody tr').first(),
    ).toContainText(`Transfer out to ${site.name}`);
    await fm.keyboard.press('Escape');

    // Both ends, as the admin sees them.
    const atSite = await apiCall<{ data: MaterialRow[] }>(
      request,
      token,
      'GET',
      `/api/materials/list?locationId=${site.id}&limit=100`,
    );
    expect(atSite.data.find((m) => m.name === tube)?.quantity).toBe(15);
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: yard.name });
    await expect(
      page.getByRole('row').filter({ hasText: tube }).getByRole('cell').nth(4),
    ).toHaveText('25');
    await page.getByLabel('Filter by location').selectOption({ label: site.name });
    await expect(
      page.getByRole('row').filter({ hasText: tube }).getByRole('cell').nth(4),
    ).toHaveText('15');

    await setPermission(page, manager.name, 'Manage Inventory', false);
    await expect(fm.getByRole('button', { name: 'Add Item' })).toHaveCount(0);
    await expect(fm.getByRole('button', { name: `Transfer ${tube}` })).toHaveCount(0);
    await fm.reload();
    await expect(tubeRow.getByRole('cell').nth(4)).toHaveText('25');
    await expect(fm.getByRole('button', { name: 'Add Item' })).toHaveCount(0);
    await expect(fm.getByRole('button', { name: `Transfer ${tube}` })).toHaveCount(0);
    await theirs.close();
  });

  test('taking View Inventory away sends an open Inventory page home and takes it out of the sidebar', async ({
    browser,
    page,
    seed,
  }) => {
    const yard = await seed.location();
    const manager = await seed.fieldManager(yard.id);
    const theirs = await browser.newContext();
    const fm = await theirs.newPage();
    await signIn(fm, manager);
    await fm.goto('/inventory');
    await expect(fm.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();

    await signIn(page, admin);
    await setPermission(page, manager.name, 'View Inventory', false);
    await expect(fm).toHaveURL(/\/$/);
    await expect(fm.getByRole('navigation', { name: 'Main' })).not.toContainText('Inventory');
    await theirs.close();
  });

  test('a field manager with Manage Locations edits their location but not its status, and sees no other', async ({
    page,
    seed,
  }) => {
    const yard = await seed.location();
    const other = await seed.location();
    const manager = await seed.fieldManager(yard.id, {
      viewLocations: true,
      manageLocations: true,
    });
    await signIn(page, manager);
    await page.goto('/locations');
    await expect(page.getByRole('row').filter({ hasText: yard.name })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: other.name })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Location' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete ${yard.name}` })).toHaveCount(0);

    await page.getByRole('button', { name: `Edit ${yard.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Location' });
    await expect(dialog.getByLabel('Status')).toHaveCount(0);
    await expect(dialog).toContainText("Only an admin can change a location's status.");
    await dialog.getByLabel('Address', { exact: true }).fill('7 Gravel Lane, York');
    await dialog.getByRole('button', { name: 'Update Location' }).click();
    await expect(page.getByText('Location Updated')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: yard.name })).toContainText(
      '7 Gravel Lane, York',
    );
  });

  test("a field manager with Manage Users changes their location's field managers only, and not one who holds more permissions", async ({
    page,
    request,
    seed,
  }) => {
    const yard = await seed.location();
    const other = await seed.location();
    const manager = await seed.fieldManager(yard.id, { viewUsers: true, manageUsers: true });
    const colleague = await seed.fieldManager(yard.id);
    // Holds Manage Inventory, which the manager lacks: their account is an admin's to change.
    const senior = await seed.fieldManager(yard.id, { manageInventory: true });
    const stranger = await seed.fieldManager(other.id);
    const { token } = await apiLogin(request, admin);
    const yardAdmin = unique('Yard Admin');
    await apiCall(request, token, 'POST', '/api/users/register', {
      name: yardAdmin,
      email: `${unique('ya').replaceAll(' ', '.').toLowerCase()}@example.com`,
      role: 'ADMIN',
      locationId: yard.id,
      password: 'Yard-Admin-Pass-1',
    });

    await signIn(page, manager);
    await page.goto('/users');
    await expect(page.getByRole('row').filter({ hasText: colleague.name })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: stranger.name })).toHaveCount(0);
    await expect(page.getByLabel('Filter by location')).toHaveCount(0);
    const adminRow = page.getByRole('row').filter({ hasText: yardAdmin });
    await expect(adminRow).toHaveCount(1);
    await expect(adminRow.getByRole('button')).toHaveCount(0);
    const seniorRow = page.getByRole('row').filter({ hasText: senior.name });
    await expect(seniorRow).toHaveCount(1);
    await expect(seniorRow.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete ${colleague.name}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Deactivate ${colleague.name}` })).toBeVisible();

    await page.getByRole('button', { name: `Edit ${colleague.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Role').getByRole('option')).toHaveText([
      'Select role',
      'Field Manager',
    ]);
    await expect(dialog.getByLabel('Manage Users')).toBeVisible();
    await expect(dialog.getByLabel('Manage Inventory')).toHaveCount(0);
    await dialog.getByLabel('View Users').check();
    await dialog.getByRole('button', { name: 'Update User' }).click();
    await expect(page.getByText('User Updated')).toBeVisible();
  });
});
