import type { Page } from '@playwright/test';
import { MESSAGES } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

/** Resolves once the page's live connection has been accepted by the server. */
function liveConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

/** Marks the open document, so that a test can tell it was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
const stillThisPage = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { stillThisPage?: boolean }).stillThisPage);

/** A single-form request of a field manager, through the API: its id. */
async function requestMaterial(page: Page, token: string, locationId: number, name: string) {
  const body = await apiCall<{ data: { id: number } }>(
    page.request,
    token,
    'POST',
    '/api/rental-requests',
    {
      name,
      quantity: 4,
      unit: 'EACH',
      requestedDate: '2099-01-04',
      returnDate: '2099-02-04',
      location: locationId,
    },
  );
  return body.data.id;
}

test.describe('open screens follow live events', () => {
  test("the admin's open request list shows a field manager's new request without a reload", async ({
    browser,
    page,
    seed,
  }) => {
    const location = await seed.location({ type: 'FIELD', name: unique('Live Site') });
    const fieldManager = await seed.fieldManager(location.id);
    await signIn(page, admin);
    const connected = liveConnection(page);
    // The list of this location's requests: none yet.
    await page.goto(`/rental-requests?search=${encodeURIComponent(location.name)}`);
    await connected;
    await expect(page.getByRole('heading', { name: /Rental Requests/ }).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: location.name })).toHaveCount(0);
    await markPage(page);

    const field = await (await browser.newContext()).newPage();
    const { token } = await apiLogin(field.request, fieldManager);
    const id = await requestMaterial(field, token, location.id, unique('Mobile tower'));

    const row = page.getByRole('row').filter({ hasText: `#${id}` });
    await expect(row).toContainText(location.name);
    await expect(row).toContainText('Pending');
    expect(await stillThisPage(page)).toBe(true);
    await field.context().close();
  });

  test("a field manager's open request shows the admin's approval without a reload", async ({
    browser,
    page,
    seed,
  }) => {
    const location = await seed.location({ type: 'FIELD' });
    const fieldManager = await seed.fieldManager(location.id);
    const field = await (await browser.newContext()).newPage();
    const { token } = await signIn(field, fieldManager);
    const id = await requestMaterial(field, token, location.id, unique('Mobile tower'));
    const connected = liveConnection(field);
    await field.goto(`/requests/${id}`);
    await connected;
    await expect(field.getByRole('heading', { name: 'Bulk Rental Request Details' })).toBeVisible();
    await expect(field.getByRole('heading', { name: 'Approval Details' })).toHaveCount(0);
    await markPage(field);

    const adminToken = (await apiLogin(page.request, admin)).token;
    await apiCall(page.request, adminToken, 'PATCH', `/api/rental-requests/${id}/approve`, {
      notes: 'On the Friday truck',
    });

    await expect(field.getByRole('heading', { name: 'Approval Details' })).toBeVisible();
    await expect(field.getByText('On the Friday truck', { exact: true })).toBeVisible();
    expect(await stillThisPage(field)).toBe(true);
    await field.context().close();
  });
});

test.describe('a notification opens what it is about', () => {
  test("a click on the bell's notice of a new request opens that request and marks the notice read", async ({
    browser,
    page,
    seed,
  }) => {
    const location = await seed.location({ type: 'FIELD' });
    const fieldManager = await seed.fieldManager(location.id);
    await signIn(page, admin);
    const connected = liveConnection(page);
    await page.goto('/');
    await connected;

    const field = await (await browser.newContext()).newPage();
    const { token } = await apiLogin(field.request, fieldManager);
    const id = await requestMaterial(field, token, location.id, unique('Mobile tower'));
    await field.context().close();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    const notice = dropdown.getByRole('link', { name: new RegExp(`material request #${id} `) });
    await expect(notice).toHaveAccessibleName(/\(unread\)/);
    await notice.click();
    await expect(page).toHaveURL(new RegExp(`/requests/${id}$`));
    await expect(page.getByRole('heading', { name: 'Bulk Rental Request Details' })).toBeVisible();
    await expect(dropdown).toBeHidden();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(notice).not.toHaveAccessibleName(/\(unread\)/);
  });
});

test.describe('a deactivated account', () => {
  test("a field manager's open screen ends at once when an admin deactivates them, and the sign-in page says why", async ({
    browser,
    page,
    seed,
  }) => {
    const location = await seed.location({ type: 'FIELD' });
    const fieldManager = await seed.fieldManager(location.id);
    const field = await (await browser.newContext()).newPage();
    await signIn(field, fieldManager);
    const connected = liveConnection(field);
    await field.goto('/rental-requests');
    await connected;
    await expect(field.getByRole('heading', { name: 'Rental Requests' })).toBeVisible();

    const adminToken = (await apiLogin(page.request, admin)).token;
    await apiCall(page.request, adminToken, 'PATCH', `/api/users/${fieldManager.id}/toggle-status`);

    // No click: the screen goes by itself, within a few seconds.
    await expect(field).toHaveURL(/\/login\?ended=deactivated$/, { timeout: 5_000 });
    await expect(field.getByRole('alert')).toHaveText(MESSAGES.accountDeactivated);

    // Signing in again with the right password says so too; a wrong one does not.
    await field.getByLabel('Email').fill(fieldManager.email);
    await field.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await field.getByRole('button', { name: 'Sign In' }).click();
    await expect(field.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
    await field.getByLabel('Password', { exact: true }).fill(fieldManager.password);
    await field.getByRole('button', { name: 'Sign In' }).click();
    await expect(field.getByRole('alert')).toHaveText(MESSAGES.accountDeactivated);
    await expect(field).toHaveURL(/\/login/);
    await field.context().close();
  });
});
