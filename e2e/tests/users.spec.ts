import { MESSAGES } from '@stockyard/shared';
import { admin, apiLogin, expect, signIn, test, unique } from '../fixtures';

test.describe('user management', () => {
  test('an admin adds a field manager with the default permissions', async ({ page, seed }) => {
    const location = await seed.location();
    const name = unique('Nia Field');
    const email = `${unique('nia').replaceAll(' ', '.').toLowerCase()}@example.com`;
    await signIn(page, admin);
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByLabel('View Inventory')).toBeChecked();
    await expect(dialog.getByLabel('View Locations')).toBeChecked();
    await expect(dialog.getByLabel('View Invoices')).toBeChecked();
    await expect(dialog.getByLabel('View Attendance')).toBeChecked();
    await expect(dialog.getByLabel('Manage Inventory')).not.toBeChecked();
    await expect(dialog.getByLabel('View Users')).not.toBeChecked();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: 'Field Manager' });
    await dialog.getByLabel('Location', { exact: true }).selectOption({ label: location.name });
    await dialog.getByLabel('Password', { exact: true }).fill('Field-Pass-1');
    await dialog.getByLabel('Confirm Password').fill('Field-Pass-1');
    await dialog.getByLabel('Manage Inventory').check();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByText('User Added')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByPlaceholder('Search by name or email...').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(name);
    await expect(row).toContainText('Field Manager');
    await expect(row).toContainText(location.name);
    await expect(row).toContainText('Active');
    await expect(row.getByRole('cell').nth(4)).toHaveText('-');
    await expect(page.getByText('Showing 1 to 1 of 1 users')).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Manage Inventory')).toBeChecked();
    await expect(edit.getByLabel('Location', { exact: true })).toHaveValue(String(location.id));
    await expect(edit.getByLabel('Password', { exact: true })).toHaveCount(0);
  });

  test('the add form shows the messages under the fields', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Invalid email format')).toBeVisible();
    await expect(dialog.getByText('Role is required')).toBeVisible();
    await expect(dialog.getByText('Location is required')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
  });

  test('a common password is refused by the server under the Password field', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    await signIn(page, admin);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name').fill(unique('Pat'));
    await dialog.getByLabel('Email').fill(`${unique('pat').replaceAll(' ', '.')}@example.com`);
    await dialog.getByLabel('Role').selectOption({ label: 'Field Manager' });
    await dialog.getByLabel('Location', { exact: true }).selectOption({ label: location.name });
    await dialog.getByLabel('Password', { exact: true }).fill('Password1');
    await dialog.getByLabel('Confirm Password').fill('Password1');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'This password is too common. Choose another.',
    );
    await expect(dialog).toBeVisible();
  });

  test("passwords that differ are refused with Passwords don't match", async ({ page, seed }) => {
    const location = await seed.location();
    await signIn(page, admin);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name').fill(unique('Sam'));
    await dialog.getByLabel('Email').fill(`${unique('sam').replaceAll(' ', '.')}@example.com`);
    await dialog.getByLabel('Role').selectOption({ label: 'Admin' });
    await dialog.getByLabel('Location', { exact: true }).selectOption({ label: location.name });
    await dialog.getByLabel('Password', { exact: true }).fill('Field-Pass-1');
    await dialog.getByLabel('Confirm Password').fill('Field-Pass-2');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  });

  test('an email already in use is refused with the server message', async ({ page, seed }) => {
    const location = await seed.location();
    const existing = await seed.fieldManager(location.id);
    await signIn(page, admin);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name').fill(unique('Copy'));
    await dialog.getByLabel('Email').fill(existing.email.toUpperCase());
    await dialog.getByLabel('Role').selectOption({ label: 'Field Manager' });
    await dialog.getByLabel('Location', { exact: true }).selectOption({ label: location.name });
    await dialog.getByLabel('Password', { exact: true }).fill('Field-Pass-1');
    await dialog.getByLabel('Confirm Password').fill('Field-Pass-1');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    // Said under the Email field (and in a toast).
    await expect(dialog.getByText('A user with this email already exists')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('deactivating a field manager sends their open session to the sign-in page, which says why', async ({
    page,
    browser,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const managerContext = await browser.newContext();
    // Their screen has no live connection (asleep, offline to it): it misses the socket's word,
    // which live.spec.ts reads, and learns why at its next call.
    let socketsRefused = 0;
    await managerContext.routeWebSocket(/\/socket\.io\//, (socket) => {
      socketsRefused += 1;
      socket.close();
    });
    await managerContext.route('**/socket.io/**', (route) => route.abort());
    const managerPage = await managerContext.newPage();
    await signIn(managerPage, manager);
    await managerPage.goto('/');
    await expect(managerPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => socketsRefused).toBeGreaterThan(0);

    await signIn(page, admin);
    await page.goto('/users');
    await page.getByPlaceholder('Search by name or email...').fill(manager.email);
    // The search applied (in the address, and the list down to its one row) before the click: a
    // click while the whole list gave way to the search's row landed where the row had been.
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole('row')).toHaveCount(2);
    const row = page.getByRole('row').filter({ hasText: manager.email });
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await page.getByRole('button', { name: `Deactivate ${manager.name}` }).click();
    await expect(row).toContainText('In Active');
    await expect(page.getByRole('button', { name: `Activate ${manager.name}` })).toBeVisible();

    // Its next load's first call is refused saying the account was deactivated: the sign-in
    // page says so, as after the live word.
    await managerPage.reload();
    await expect(managerPage).toHaveURL(/\/login\?ended=deactivated$/);
    await expect(managerPage.getByRole('alert')).toHaveText(MESSAGES.accountDeactivated);
    const refused = await managerPage.request.post('/api/auth/login', {
      data: { email: manager.email, password: manager.password },
    });
    expect(refused.ok()).toBe(false);
    await managerContext.close();

    await page.getByRole('button', { name: `Activate ${manager.name}` }).click();
    await expect(row).not.toContainText('In Active');
    await apiLogin(page.request, manager);
  });

  test('an admin edits a user, then deletes them after confirming', async ({ page, seed }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const renamed = unique('Renamed');
    await signIn(page, admin);
    await page.goto('/users');
    await page.getByPlaceholder('Search by name or email...').fill(manager.email);
    await page.getByRole('button', { name: `Edit ${manager.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Name')).toHaveValue(manager.name);
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByLabel('Status').selectOption({ label: 'In Active' });
    await edit.getByRole('button', { name: 'Update User' }).click();
    await expect(page.getByText('User Updated')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: manager.email });
    await expect(row).toContainText(renamed);
    await expect(row).toContainText('In Active');

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('permanently removed');
    await expect(confirm).toContainText('permissions revoked');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User Deleted')).toBeVisible();
    await expect(page.getByText('No users found.')).toBeVisible();
  });

  test('the list filters by role and by location', async ({ page, seed }) => {
    const location = await seed.location();
    const first = await seed.fieldManager(location.id);
    const second = await seed.fieldManager(location.id);
    await signIn(page, admin);
    await page.goto('/users');

    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    await expect(page.getByText('Showing 1 to 2 of 2 users')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: first.email })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: second.email })).toBeVisible();

    await page.getByLabel('Filter by role').selectOption({ label: 'Admin' });
    await expect(page.getByText('No users found.')).toBeVisible();

    await page.getByLabel('Filter by location').selectOption({ label: 'All Locations' });
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody').getByRole('row');
    await expect(rows.first()).toContainText('Admin');
    await expect(rows.filter({ hasText: 'Field Manager' })).toHaveCount(0);
  });
});
