import { admin, apiCall, expect, signIn, test } from '../fixtures';

test.describe('signing in', () => {
  test('an admin signs in with email and password and lands on the dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByLabel('Period')).toHaveValue('today');
  });

  test('a wrong password shows Invalid email or password under the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the form shows the validation messages before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('logout ends the session and returns to the sign-in page', async ({ page }) => {
    const { token } = await signIn(page, admin);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('My Account')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const response = await page.request.get('/api/auth/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(401);
  });

  test('a session ended on the server sends the browser to the sign-in page', async ({ page }) => {
    const { token } = await signIn(page, admin);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await apiCall(page.request, token, 'POST', '/api/auth/logout');
    // The live connection may be told first and send the page to sign-in itself, which aborts the
    // reload: either way the browser must end on the sign-in page.
    await page.reload().catch((error: Error) => {
      if (!/ERR_ABORTED|frame was detached/.test(error.message)) throw error;
    });
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
