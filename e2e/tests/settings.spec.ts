import type { Browser } from '@playwright/test';
import { MESSAGES, PASSWORD_MESSAGES, SETTINGS_MESSAGES } from '@stockyard/shared';
import * as OTPAuth from 'otpauth';
import {
  type Account,
  admin,
  apiCall,
  apiLogin,
  database,
  expect,
  signIn,
  test,
  unique,
} from '../fixtures';

/** An admin of this test alone: the first admin's password and settings stay as they are. */
async function newAdmin(browser: Browser): Promise<Account & { id: number }> {
  const context = await browser.newContext();
  const { token } = await apiLogin(context.request, admin);
  const email = `${unique('settings').replaceAll(' ', '.').toLowerCase()}@example.com`;
  const password = 'Settings-Pass-1';
  const location = await apiCall<{ data: { id: number } }>(
    context.request,
    token,
    'POST',
    '/api/locations/create',
    {
      name: unique('Settings Yard'),
      address: '3 Gate Road, Hull',
      type: 'BMR_YARD',
      status: 'ACTIVE',
    },
  );
  const body = await apiCall<{ data: { id: number } }>(
    context.request,
    token,
    'POST',
    '/api/users/register',
    {
      name: unique('Settings Admin'),
      email,
      role: 'ADMIN',
      locationId: location.data.id,
      password,
    },
  );
  await context.close();
  return { id: body.data.id, email, password };
}

/** The code an authenticator app would show for the secret on the page. */
const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

test.describe('Settings', () => {
  test('an admin switches Low Inventory Alerts off and back, each change saved at once', async ({
    page,
    browser,
  }) => {
    const me = await newAdmin(browser);
    const { token } = await signIn(page, me);
    await page.goto('/settings');
    const lowStock = page.getByRole('switch', { name: 'Low Inventory Alerts' });
    await expect(lowStock).toHaveAttribute('aria-checked', 'true');
    await lowStock.click();
    await expect(
      page.getByText("Notification setting 'Low Inventory Alerts' updated."),
    ).toBeVisible();
    await expect(lowStock).toHaveAttribute('aria-checked', 'false');
    const saved = await apiCall<{ data: { lowStockAlerts: boolean } }>(
      page.request,
      token,
      'GET',
      `/api/users/${me.id}/notification-settings`,
    );
    expect(saved.data.lowStockAlerts).toBe(false);

    await page.reload();
    await expect(lowStock).toHaveAttribute('aria-checked', 'false');
    await lowStock.click();
    await expect(lowStock).toHaveAttribute('aria-checked', 'true');
    // Saved before the page is read again: the switch shows the change before the server has it.
    await expect(
      page.getByText("Notification setting 'Low Inventory Alerts' updated."),
    ).toBeVisible();
    await page.reload();
    await expect(lowStock).toHaveAttribute('aria-checked', 'true');
  });

  test("an admin changes their password; this browser stays signed in, another browser's session goes to sign-in", async ({
    page,
    browser,
  }) => {
    const me = await newAdmin(browser);
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    await signIn(otherPage, me);
    await otherPage.goto('/');
    await expect(otherPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await signIn(page, me);
    await page.goto('/settings');
    await page.getByLabel('Current Password').fill(me.password);
    await page.getByLabel('New Password', { exact: true }).fill('Weak');
    await page.getByLabel('Confirm New Password').fill('Other');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    // Too short is said as well, under New Password.
    await expect(page.getByLabel('New Password', { exact: true })).toHaveAccessibleDescription(
      PASSWORD_MESSAGES.tooShort,
    );
    // The current password again is refused, said under New Password (PRODUCT-DECISIONS).
    await page.getByLabel('New Password', { exact: true }).fill(me.password);
    await page.getByLabel('Confirm New Password').fill(me.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByLabel('New Password', { exact: true })).toHaveAccessibleDescription(
      PASSWORD_MESSAGES.sameAsCurrent,
    );

    await page.getByLabel('New Password', { exact: true }).fill('Brand-New-Pass-2');
    await page.getByLabel('Confirm New Password').fill('Brand-New-Pass-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    // The other browser goes to sign-in by itself (its socket's reconnect is refused) or at its
    // next call: a reload that meets that navigation is cut short, and is tried again.
    await expect(async () => {
      if (!new URL(otherPage.url()).pathname.endsWith('/login')) {
        await otherPage.reload().catch(() => undefined);
      }
      await expect(otherPage).toHaveURL(/\/login$/, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await elsewhere.close();
    await apiLogin(page.request, { email: me.email, password: 'Brand-New-Pass-2' });
  });

  test('an admin enrols two-factor sign-in and signs in with a code', async ({ page, browser }) => {
    const me = await newAdmin(browser);
    await signIn(page, me);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByLabel('Verification code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Enable Two-Factor' }).click();
    await expect(
      page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await expect(
      page.getByText('Two-factor sign-in is on', { exact: false }).first(),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid verification code');
    await page.getByLabel('Verification code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a field manager sets up their own two-factor sign-in on Settings and signs in with a code', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    await signIn(page, manager);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByLabel('Verification code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Enable Two-Factor' }).click();
    await expect(
      page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    const answer = await page.request.post('/api/auth/login', {
      data: { email: manager.email, password: manager.password },
    });
    expect((await answer.json()).twoFactorRequired).toBe(true);
  });

  test('Require two-factor sign-in for admins: only an admin with it may turn it on, and the switch says why', async ({
    page,
    browser,
  }) => {
    // Turning it on would hold every admin of the other tests running now: only the refusal.
    const me = await newAdmin(browser);
    await signIn(page, me);
    await page.goto('/settings');
    const rule = page.getByRole('switch', { name: 'Require two-factor sign-in for admins' });
    await expect(rule).toHaveAttribute('aria-checked', 'false');
    await rule.click();
    await expect(page.getByText(SETTINGS_MESSAGES.requireOwnTwoFactorFirst)).toBeVisible();
    await expect(rule).toHaveAttribute('aria-checked', 'false');
  });

  test('an admin the server holds to the setup sees it in place of every page, then the app', async ({
    page,
    browser,
  }) => {
    const me = await newAdmin(browser);
    await signIn(page, me);
    // The server's refusal while the company requires it (API tests hold the server to it; turning
    // the company's rule on here would hold the admins of the other tests running now).
    const open = [
      '/api/auth/profile',
      '/api/auth/logout',
      '/api/auth/2fa/setup',
      '/api/auth/2fa/enable',
    ];
    await page.route('**/api/**', async (route) => {
      if (open.includes(new URL(route.request().url()).pathname)) return route.fallback();
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'TWO_FACTOR_SETUP_REQUIRED',
          message: MESSAGES.twoFactorSetupRequired,
        }),
      });
    });
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(page.getByText(MESSAGES.twoFactorSetupRequired)).toBeVisible();
    await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByLabel('Verification code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Enable Two-Factor' }).click();
    await expect(
      page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a field manager sees the company profile read-only, and switches their own Login Notifications off', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const { token } = await signIn(page, manager);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    await expect(page.getByLabel('Company Name')).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Save Profile' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Rental Request Alerts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
    // Their own two-factor sign-in is theirs to set up; the company's rule is an admin's.
    await expect(page.getByRole('button', { name: 'Set Up Two-Factor' })).toBeVisible();
    await expect(
      page.getByRole('switch', { name: 'Require two-factor sign-in for admins' }),
    ).toHaveCount(0);

    const login = page.getByRole('switch', { name: 'Login Notifications' });
    await expect(login).toHaveAttribute('aria-checked', 'true');
    await login.click();
    await expect(
      page.getByText("Notification setting 'Login Notifications' updated."),
    ).toBeVisible();
    await expect(login).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Login Notifications' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    const saved = await apiCall<{ data: { loginAlerts: boolean } }>(
      page.request,
      token,
      'GET',
      `/api/users/${manager.id}/notification-settings`,
    );
    expect(saved.data.loginAlerts).toBe(false);
  });

  test('Dark theme and Compact Mode survive a reload, and Compact Mode tightens the table rows', async ({
    page,
    browser,
  }) => {
    const me = await newAdmin(browser);
    await signIn(page, me);
    const cellPadding = async () => {
      await page.goto('/users');
      // A user's row, not the outline shown while the rows load.
      const cell = page.locator('table tbody tr:not([data-skeleton]) td').first();
      await expect(cell).toBeVisible();
      // A string: the e2e project has no DOM types.
      return page.evaluate<number>(
        "Number.parseFloat(getComputedStyle(document.querySelector('table tbody tr:not([data-skeleton]) td')).paddingTop)",
      );
    };
    const roomy = await cellPadding();

    await page.goto('/settings');
    await page.getByLabel('Dark').check();
    await page.getByRole('switch', { name: 'Compact Mode' }).click();
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('html')).toHaveClass(/\bcompact\b/);
    await expect(page.getByLabel('Dark')).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Compact Mode' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await cellPadding()).toBeLessThan(roomy);
  });

  test('an admin sees an e-mail the server gave up on, with its error, and sends it again', async ({
    page,
    browser,
  }) => {
    const me = await newAdmin(browser);
    const to = `${unique('bounce').replaceAll(' ', '.').toLowerCase()}@example.com`;
    const subject = unique('Stockyard: Low stock: Scaffold tube');
    const error = `Can't send mail - all recipients were rejected: 550 Mailbox ${to} unavailable`;
    // Mail given up after its attempts, as the outbox leaves it (the e2e server has no SMTP_URL).
    const [mail] = await database<{ id: number }>(
      `insert into email_outbox (to_address, subject, body, attempts, last_error, failed_at)
       values ($1, $2, 'Not delivered', 12, $3, now() - interval '5 minutes') returning id::int as id`,
      [to, subject, error],
    );
    const { token } = await signIn(page, me);
    await page.goto('/settings');
    const failed = page.getByRole('table', { name: 'Failed e-mail' });
    const row = failed.getByRole('row').filter({ hasText: to });
    await expect(row).toContainText(subject);
    await expect(row).toContainText(error);
    await expect(row.getByRole('cell', { name: '12', exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Send again to ${to}` }).click();
    await expect(page.getByText(`The e-mail to ${to} will be sent again now.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    // Due again now, its attempts starting over; on a reload it stays off the list.
    const pending = await apiCall<{ data: { id: number; attempts: number; failedAt: null }[] }>(
      page.request,
      token,
      'GET',
      '/api/email-outbox?status=pending&limit=100',
    );
    expect(pending.data.find((entry) => entry.id === mail!.id)).toMatchObject({
      attempts: 0,
      failedAt: null,
    });
    await page.reload();
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('row').filter({ hasText: to })).toHaveCount(0);
  });
});
