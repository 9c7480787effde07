import type { APIRequestContext } from '@playwright/test';
import type { ActivityLogsPage } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

async function addMaterial(
  request: APIRequestContext,
  token: string,
  locationId: number,
  name: string,
): Promise<void> {
  await apiCall(request, token, 'POST', '/api/materials/create', {
    name,
    locationId,
    quantity: 12,
    unit: 'EACH',
  });
}

async function activityAt(
  request: APIRequestContext,
  token: string,
  locationId: number,
): Promise<ActivityLogsPage> {
  const answer = await apiCall<{ data: ActivityLogsPage }>(
    request,
    token,
    'GET',
    `/api/activity-logs/list?locationId=${locationId}`,
  );
  return answer.data;
}

test.describe('activity tracking', () => {
  test('the location filter keeps one location’s entries and View Details shows who did it and where', async ({
    page,
    request,
    seed,
  }) => {
    const site = await seed.location({ type: 'FIELD', address: '4 Riverside Way, York' });
    const yard = await seed.location();
    const { token } = await apiLogin(request, admin);
    const siteAdmin = {
      name: unique('Site Admin'),
      email: `${unique('site').replaceAll(' ', '.').toLowerCase()}@example.com`,
      password: 'Site-Admin-1',
    };
    await apiCall(request, token, 'POST', '/api/users/register', {
      ...siteAdmin,
      role: 'ADMIN',
      locationId: site.id,
    });
    const siteMaterial = unique('Trestle');
    const yardMaterial = unique('Trestle');
    await addMaterial(request, (await apiLogin(request, siteAdmin)).token, site.id, siteMaterial);
    await addMaterial(request, token, yard.id, yardMaterial);
    const expected = await activityAt(request, token, site.id);

    await signIn(page, admin);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(page).toHaveURL(/\/admin\/activity-tracking$/);
    await expect(page.getByTestId('section-title')).toHaveText('Activity Tracking');
    await expect(page.getByText(/^Page 1 of \d+\. Total: \d+ activities\.$/)).toBeVisible();

    await page.getByLabel('Location').selectOption({ label: site.name });
    await expect(
      page.getByText(`Page 1 of 1. Total: ${expected.totalLogs} activities.`),
    ).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(expected.totalLogs + 1);
    await expect(rows.filter({ hasText: yardMaterial })).toHaveCount(0);
    for (const row of await rows.filter({ has: page.getByRole('cell') }).all()) {
      await expect(row.getByRole('cell').first()).toHaveText(site.name);
    }

    const row = rows.filter({ hasText: siteMaterial });
    await expect(row.getByRole('cell').nth(1)).toHaveText(siteAdmin.name);
    await expect(row.getByRole('cell').nth(3)).toHaveText('CREATE_MATERIAL');
    await row.getByRole('button', { name: 'View Details' }).click();

    const dialog = page.getByRole('dialog', { name: 'Activity Details' });
    const activity = dialog.getByRole('region', { name: 'Activity Info' });
    await expect(activity).toContainText('CREATE_MATERIAL');
    await expect(activity).toContainText(siteMaterial);
    await expect(activity).toContainText(/Log Date\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const user = dialog.getByRole('region', { name: 'User Info' });
    await expect(user).toContainText(siteAdmin.name);
    await expect(user).toContainText(siteAdmin.email);
    const where = dialog.getByRole('region', { name: 'User Location' });
    await expect(where).toContainText(site.name);
    await expect(where).toContainText('4 Riverside Way, York');
    await expect(where).toContainText('TypeField');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the date filter keeps the entries of the chosen day', async ({ page, request, seed }) => {
    const location = await seed.location();
    const material = unique('Base plate');
    const { token } = await apiLogin(request, admin);
    await addMaterial(request, token, location.id, material);

    await signIn(page, admin);
    await page.goto('/admin/activity-tracking');
    await page.getByLabel('Location').selectOption({ label: location.name });
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: material })).toHaveCount(1);

    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
    });
    await page.getByLabel('Date').fill(today);
    await expect(rows.filter({ hasText: material })).toHaveCount(1);

    await page.getByLabel('Date').fill('01/01/2020');
    await expect(page.getByText('No activities found')).toBeVisible();
    await expect(page.getByText('Page 1 of 1. Total: 0 activities.')).toBeVisible();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Location')).toHaveValue('');
    await expect(page.getByLabel('Date')).toHaveValue('');
  });

  test('a failed fetch shows Something went wrong, and Try Again loads the log', async ({
    page,
  }) => {
    await signIn(page, admin);
    await page.route('**/api/activity-logs/list?*', (route) =>
      route.fulfill({
        status: 500,
        json: { success: false, message: 'x', code: 'INTERNAL_ERROR' },
      }),
    );
    await page.goto('/admin/activity-tracking');
    const error = page.getByRole('main').getByRole('alert');
    await expect(error).toContainText('Something went wrong');
    await expect(error).toContainText('Failed to fetch activities.');
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('Failed to fetch activities.'),
    ).toBeVisible();

    await page.unroute('**/api/activity-logs/list?*');
    await error.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'View Details' }).first()).toBeVisible();
  });

  test('a field manager has no Activity entry and is sent home from activity tracking', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    await signIn(page, manager);
    await page.goto('/admin/activity-tracking');
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }),
    ).toHaveCount(0);
  });
});
