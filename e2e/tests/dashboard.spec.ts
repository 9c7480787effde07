import type { APIRequestContext, Page } from '@playwright/test';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };

/** A date `days` from today as the API takes it (yyyy-MM-dd). */
function isoDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Stock at `from` and a rental of `rented` of it to `to`, through the API as the admin. */
async function stockAndRental(
  request: APIRequestContext,
  from: number,
  to: number,
  stock: number,
  rented: number,
) {
  const { token } = await apiLogin(request, admin);
  const material = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
    name: unique('Ledger Board'),
    locationId: from,
    quantity: stock,
    unit: 'EACH',
  });
  if (rented > 0) {
    await apiCall(request, token, 'POST', '/api/material-rentals', {
      fromLocationId: from,
      toLocationId: to,
      expectedReturnDate: isoDate(14),
      items: [{ materialId: material.data.id, quantity: rented, unit: 'EACH' }],
    });
  }
}

const card = (page: Page, title: string) => page.getByRole('group', { name: title });
const locations = (page: Page) => page.getByRole('region', { name: 'Locations' });

/** The number a card shows. */
async function figure(page: Page, title: string): Promise<number> {
  const text = await card(page, title).locator('p').nth(1).textContent();
  return Number((text ?? '').replaceAll(',', ''));
}

test.describe('the dashboard', () => {
  test('an admin sees the figures change after adding stock and assigning a rental', async ({
    page,
    request,
    seed,
  }) => {
    test.slow(); // Stock, a transfer and a rental, each read back on the dashboard.
    const yard = await seed.location({ name: unique('Dash Yard') });
    const site = await seed.location({ name: unique('Dash Site'), type: 'FIELD' });
    await signIn(page, admin);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    for (const title of [
      'Total Invoices',
      'Total Users',
      'Total Materials',
      'Rental Requests (This Month)',
      'Total Inventory',
      'Items Out on Rental',
    ]) {
      await expect(card(page, title)).toBeVisible();
    }
    await expect(card(page, 'Total Inventory')).toContainText('Items across all locations');
    await expect(card(page, 'Items Out on Rental')).toContainText('Currently rented items');
    await expect(card(page, 'Total Staff')).toHaveCount(0);
    await locations(page).getByLabel('Search locations').fill(yard.name);
    const row = locations(page)
      .getByRole('row')
      .filter({ hasText: `LOC-00${yard.id}` });
    await expect(row).toContainText('(0)');
    const inventoryBefore = await figure(page, 'Total Inventory');

    await stockAndRental(request, yard.id, site.id, 40, 0);
    await page.reload();
    await locations(page).getByLabel('Search locations').fill(yard.name);
    await expect(row).toContainText('(40)');
    await expect.poll(() => figure(page, 'Total Inventory')).toBeGreaterThanOrEqual(40);
    expect(await figure(page, 'Total Inventory')).not.toBe(inventoryBefore);

    // A rental of 15 takes them out of the yard's stock, and they are out on rental.
    await stockAndRental(request, yard.id, site.id, 30, 15);
    await page.reload();
    await locations(page).getByLabel('Search locations').fill(yard.name);
    await expect(row).toContainText('(55)');
    await expect.poll(() => figure(page, 'Items Out on Rental')).toBeGreaterThanOrEqual(15);

    // A nearly empty material puts the admin's Low Stock Items on the page.
    await stockAndRental(request, yard.id, site.id, 2, 0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Low Stock Items' })).toBeVisible();
  });

  test('a field manager sees their own cards and only their location', async ({
    page,
    request,
    seed,
  }) => {
    const yard = await seed.location({ name: unique('Dash Yard') });
    const site = await seed.location({ name: unique('Dash Site'), type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    await stockAndRental(request, yard.id, site.id, 20, 12);
    await signIn(page, manager);
    await page.goto('/');
    for (const title of [
      'Total Staff',
      'Total Present Staff',
      'On Leave Staff',
      'Total Invoices',
    ]) {
      await expect(card(page, title)).toBeVisible();
    }
    await expect(card(page, 'Total Users')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Low Stock Items' })).toHaveCount(0);
    // Their site holds no stock; 12 units are out on the rental to it, none were last month.
    await expect(card(page, 'Total Inventory').locator('p').nth(1)).toHaveText('0');
    await expect(card(page, 'Items Out on Rental').locator('p').nth(1)).toHaveText('12');
    await expect(card(page, 'Items Out on Rental')).toContainText('+100% from last month');
    await expect(locations(page).getByText('Showing 1 of 1 locations')).toBeVisible();
    await expect(
      locations(page)
        .getByRole('row')
        .filter({ hasText: `LOC-00${site.id}` }),
    ).toContainText(site.name);
    await expect(locations(page).getByText(yard.name)).toHaveCount(0);
  });

  test('the search box filters the locations table', async ({ page, seed }) => {
    const tag = unique('Findme');
    const north = await seed.location({ name: `${tag} North` });
    const south = await seed.location({ name: `${tag} South` });
    await signIn(page, admin);
    await page.goto('/');
    const table = locations(page);
    await table.getByLabel('Search locations').fill(tag);
    await expect(table.getByText(`LOC-00${north.id}`)).toBeVisible();
    await expect(table.getByText(`LOC-00${south.id}`)).toBeVisible();
    await expect(table.getByText(/^Showing 2 of \d+ locations$/)).toBeVisible();
    await table.getByLabel('Search locations').fill(`${tag} South`);
    await expect(table.getByText(`LOC-00${north.id}`)).toHaveCount(0);
    await expect(table.getByText(`LOC-00${south.id}`)).toBeVisible();
    await table.getByLabel('Search locations').fill(`${tag} Nowhere`);
    await expect(table.getByText('No locations found.')).toBeVisible();
    await expect(table.getByText(/^Showing 0 of \d+ locations$/)).toBeVisible();
  });

  test('the period survives a reload', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/');
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('today');
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'This Week' });
    await expect(page).toHaveURL(/\?period=week$/);
    await page.reload();
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('week');
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'This Year' });
    await expect(page).toHaveURL(/\?period=year$/);
    await page.reload();
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('year');
    await expect(page.getByRole('img', { name: 'Rental activity chart' })).toBeVisible();
  });

  test('on a phone the cards stand in one column', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, admin);
    await page.goto('/');
    const first = await card(page, 'Total Invoices').boundingBox();
    const second = await card(page, 'Total Users').boundingBox();
    expect(first && second && second.y > first.y && Math.abs(second.x - first.x) < 2).toBe(true);
  });
});
