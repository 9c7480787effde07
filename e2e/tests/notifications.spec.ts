import type { APIRequestContext, Page } from '@playwright/test';
import type { NotificationsPage } from '@stockyard/shared';
import { type Account, admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Answer<T> = { data: T };

async function adminToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request, admin)).token;
}

async function addMaterial(
  request: APIRequestContext,
  token: string,
  locationId: number,
  name: string,
): Promise<void> {
  await apiCall(request, token, 'POST', '/api/materials/create', {
    name,
    locationId,
    quantity: 50,
    unit: 'EACH',
  });
}

/** A second admin account, registered through the API by the first. */
async function registerAdmin(
  request: APIRequestContext,
  locationId: number,
): Promise<Account & { name: string }> {
  const token = await adminToken(request);
  const name = unique('Admin');
  const email = `${unique('admin').replaceAll(' ', '.').toLowerCase()}@example.com`;
  const password = 'Second-Admin-1';
  await apiCall(request, token, 'POST', '/api/users/register', {
    name,
    email,
    role: 'ADMIN',
    locationId,
    password,
  });
  return { name, email, password };
}

async function notificationsOf(
  request: APIRequestContext,
  token: string,
  query = '',
): Promise<NotificationsPage> {
  const answer = await apiCall<Answer<NotificationsPage>>(
    request,
    token,
    'GET',
    `/api/notifications?limit=100${query}`,
  );
  return answer.data;
}

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

/** The unread count the bell announces: 0 without a badge, 10 for "9+". */
async function bellCount(page: Page): Promise<number> {
  const label =
    (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  const match = /Notifications, (\d+)(\+?) unread/.exec(label);
  if (!match) return 0;
  return Number(match[1]) + (match[2] ? 1 : 0);
}

test.describe('live notifications', () => {
  test('an admin with the app open sees a toast and the badge rise when a second admin adds a material', async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const watcher = await registerAdmin(request, location.id);
    const other = await registerAdmin(request, location.id);
    const { token } = await signIn(page, watcher);
    // Other tests add materials too, and every admin hears of them: start from nothing unread.
    await apiCall(request, token, 'POST', '/api/notifications/mark-all-read');

    const connected = liveConnection(page);
    await page.goto('/');
    await connected;
    await page.evaluate(() => {
      (globalThis as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });
    const before = await bellCount(page);

    const material = unique('Scaffold tube');
    const otherToken = (await apiLogin(request, other)).token;
    await addMaterial(request, otherToken, location.id, material);

    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText(new RegExp(`New material ${material}`))).toBeVisible();
    await expect.poll(() => bellCount(page)).toBeGreaterThan(before);
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { stillThisPage?: boolean }).stillThisPage,
      ),
    ).toBe(true);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    await expect(dropdown.getByText(new RegExp(`New material ${material}`))).toBeVisible();
  });
});

/** Keeps the text of every toast the page shows, in order, in `toastsShown` (the DOM, not types). */
const RECORD_TOASTS = `
  const shown = (globalThis.toastsShown = []);
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        for (const toast of [node, ...node.querySelectorAll('[data-sonner-toast]')])
          if (toast.matches('[data-sonner-toast]')) shown.push(toast.textContent ?? '');
      }
  }).observe(document, { childList: true, subtree: true });
`;

test.describe('one toast per event', () => {
  test("an admin's own action shows its success toast alone, and no notice of it reaches them (another admin's bell has it)", async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const actor = await registerAdmin(request, location.id);
    const watcher = await registerAdmin(request, location.id);
    const { token } = await signIn(page, actor);
    // Other tests' events reach every admin too: only this material's toasts are judged.
    await page.addInitScript({ content: RECORD_TOASTS });
    const material = unique('Trestle');
    const framesAbout: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes(material)) framesAbout.push(String(payload));
      });
    });
    const connected = liveConnection(page);
    await page.goto('/inventory');
    await connected;

    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('Name').fill(material);
    await dialog.getByLabel('Location').selectOption({ label: location.name });
    await dialog.getByLabel('Quantity').fill('40');
    await dialog.getByLabel('Unit').selectOption({ label: 'Each' });
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Inventory item added successfully.')).toBeVisible();

    // The notice was fanned out before the answer: the other admin has it, the actor has not.
    const search = `&search=${encodeURIComponent(material)}`;
    const watcherToken = (await apiLogin(request, watcher)).token;
    const told = await notificationsOf(request, watcherToken, search);
    expect(told.notifications.map((n) => n.message)).toEqual([
      expect.stringContaining(`New material ${material}`),
    ]);
    expect((await notificationsOf(request, token, search)).notifications).toEqual([]);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    await expect(dropdown).toBeVisible();
    await expect(dropdown.getByText(new RegExp(`New material ${material}`))).toHaveCount(0);
    expect(framesAbout).toEqual([]);
    const shown = await page.evaluate(
      () => (globalThis as unknown as { toastsShown: string[] }).toastsShown,
    );
    expect(shown.filter((text) => text.includes(material))).toEqual([]);
    expect(
      shown.filter((text) => text.includes('Inventory item added successfully.')),
    ).toHaveLength(1);
  });
});

test.describe('the notification dropdown', () => {
  test('Mark all as read clears the unread dots and the badge', async ({ page, request, seed }) => {
    // A field manager hears only of their own location, so the counts are this test's alone.
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const token = await adminToken(request);
    const material = unique('Ladder beam');
    await addMaterial(request, token, location.id, material);
    const { token: managerToken } = await signIn(page, manager);
    await page.goto('/');

    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/Notifications, \d unread/);
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      dropdown.getByRole('link', { name: new RegExp(`${material}.*\\(unread\\)`) }),
    ).toBeVisible();
    await dropdown.getByRole('button', { name: 'Mark all as read' }).click();

    await expect(page.getByText('All notifications marked as read.')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(dropdown.getByText('(unread)')).toHaveCount(0);
    await expect(dropdown.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect((await notificationsOf(request, managerToken)).unreadCount).toBe(0);
  });

  test('the list loads ten at a time as it scrolls, a click marks one read and delete removes one', async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const token = await adminToken(request);
    const prefix = unique('Prop');
    for (let i = 1; i <= 23; i += 1)
      await addMaterial(request, token, location.id, `${prefix} ${i}`);
    const { token: managerToken } = await signIn(page, manager);
    const total = (await notificationsOf(request, managerToken)).totalNotifications;
    expect(total).toBeGreaterThanOrEqual(24);

    await page.goto('/');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 9+ unread');
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    const items = dropdown.getByRole('list', { name: 'Notification list' }).getByRole('listitem');
    await expect(items).toHaveCount(10);

    await items.last().scrollIntoViewIfNeeded();
    await expect(items).toHaveCount(20);
    await items.last().scrollIntoViewIfNeeded();
    await expect(items).toHaveCount(total);

    const newest = dropdown.getByRole('link', { name: new RegExp(`New material ${prefix} 23 `) });
    await expect(newest).toHaveAccessibleName(/\(unread\)/);
    await newest.click();
    // It opens what it is about, the stock of its location, and is read.
    await expect(page).toHaveURL(new RegExp(`/inventory\\?location=${location.id}$`));
    await expect(dropdown).toBeHidden();
    await expect
      .poll(async () => (await notificationsOf(request, managerToken)).unreadCount)
      .toBe(total - 1);
    await bell.click();
    await expect(newest).not.toHaveAccessibleName(/\(unread\)/);

    const row = items.filter({ hasText: new RegExp(`New material ${prefix} 22 `) });
    await row.hover();
    await row.getByRole('button', { name: 'Delete notification' }).click();
    await expect(page.getByText('Notification deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await notificationsOf(request, managerToken)).totalNotifications).toBe(total - 1);

    await dropdown.getByRole('link', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId('section-title')).toHaveText('Notifications');
  });

  test('with nothing to show the dropdown says No new notifications.', async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const { token } = await signIn(page, manager);
    for (const item of (await notificationsOf(request, token)).notifications) {
      await apiCall(request, token, 'DELETE', `/api/notifications/${item.id}`);
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Notifications' }).getByText('No new notifications.'),
    ).toBeVisible();
  });
});

test.describe('the notifications screen', () => {
  test('filters by type and by search, and pages through the list', async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const token = await adminToken(request);
    const prefix = unique('Brace');
    for (let i = 1; i <= 21; i += 1)
      await addMaterial(request, token, location.id, `${prefix} ${i}`);
    const { token: managerToken } = await signIn(page, manager);
    const all = await notificationsOf(request, managerToken);
    const materials = await notificationsOf(request, managerToken, '&type=NEW_MATERIAL');
    expect(materials.totalNotifications).toBe(21);
    const logins = await notificationsOf(request, managerToken, '&type=LOGIN');

    await page.goto('/notifications');
    const rows = page.getByRole('table').getByRole('row');
    await expect(page.getByText(`${all.totalNotifications} total`)).toBeVisible();
    await expect(rows).toHaveCount(11);
    await expect(page.getByText(`1 / ${Math.ceil(all.totalNotifications / 10)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`2 / ${Math.ceil(all.totalNotifications / 10)}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await page.getByLabel('Rows per page').selectOption('20');
    await expect(page.getByText(`1 / ${Math.ceil(all.totalNotifications / 20)}`)).toBeVisible();
    await expect(rows).toHaveCount(21);

    await page.getByLabel('Type').selectOption('LOGIN');
    await expect(page.getByText(`${logins.totalNotifications} total`)).toBeVisible();
    await expect(rows.nth(1)).toContainText('login');
    await expect(rows.filter({ hasText: prefix })).toHaveCount(0);

    await page.getByLabel('Type').selectOption('NEW_MATERIAL');
    await expect(page.getByText('21 total')).toBeVisible();
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('new material');

    await page.getByLabel('Search').fill(`${prefix} 7`);
    await expect(page.getByText('1 total')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`New material ${prefix} 7 `);

    await page.getByLabel('Search').fill(`${prefix} no such thing`);
    await expect(page.getByText('No notifications match your filters.')).toBeVisible();
    await expect(page.getByText('0 total')).toBeVisible();
  });

  test('Mark Read marks that one notification and shows a Read tick', async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const token = await adminToken(request);
    const first = unique('Coupler');
    const second = unique('Coupler');
    await addMaterial(request, token, location.id, first);
    await addMaterial(request, token, location.id, second);
    const { token: managerToken } = await signIn(page, manager);
    const unreadBefore = (await notificationsOf(request, managerToken)).unreadCount;

    await page.goto('/notifications');
    const firstRow = page
      .getByRole('row', { name: 'Unread notification' })
      .filter({ hasText: first });
    const secondRow = page.getByRole('row').filter({ hasText: second });
    await firstRow.getByRole('button', { name: 'Mark Read' }).click();

    const readRow = page.getByRole('row').filter({ hasText: first });
    await expect(readRow.getByText('Read', { exact: true })).toBeVisible();
    await expect(readRow.getByRole('button', { name: 'Mark Read' })).toHaveCount(0);
    await expect(secondRow.getByRole('button', { name: 'Mark Read' })).toBeVisible();
    await expect
      .poll(async () => (await notificationsOf(request, managerToken)).unreadCount)
      .toBe(unreadBefore - 1);
  });

  test('a user without notifications sees No notifications available.', async ({
    page,
    request,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    const { token } = await signIn(page, manager);
    for (const item of (await notificationsOf(request, token)).notifications) {
      await apiCall(request, token, 'DELETE', `/api/notifications/${item.id}`);
    }
    await page.goto('/notifications');
    await expect(page.getByText('No notifications available.')).toBeVisible();
    await expect(page.getByText('0 total')).toBeVisible();
  });

  test('a failed fetch shows an error line with a Retry that loads the list', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    await signIn(page, manager);
    await page.route('**/api/notifications?*', (route) =>
      route.fulfill({
        status: 503,
        json: { success: false, message: 'down', code: 'SERVICE_UNAVAILABLE' },
      }),
    );
    await page.goto('/notifications');
    const errorLine = page.getByRole('main').getByRole('alert');
    await expect(errorLine).toContainText('Failed to fetch notifications');
    await expect(
      page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Failed to fetch notifications'),
    ).toBeVisible();

    await page.unroute('**/api/notifications?*');
    await errorLine.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('table').getByText(/New sign-in/)).toBeVisible();
  });
});
