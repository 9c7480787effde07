import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

/**
 * Figures name what they count and add up (PRODUCT-DECISIONS): a day on
 * which one rental comes back lost and one damaged, line by line, read on the rentals page (Items
 * Overview, the location's card) and on the dashboard, where rented = returned + damaged + lost +
 * outstanding.
 */

type Created = { data: { id: number; name: string } };
type Rental = {
  data: { id: number; items: { id: number; materialId: number; quantity: number }[] };
};

/** A date `days` from today as the API takes it (yyyy-MM-dd). */
function isoDate(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The figures of a list of terms and values (a <dl>), by label. */
async function figures(list: Locator): Promise<Record<string, number>> {
  const terms = await list.locator('dt').allTextContents();
  const values = await list.locator('dd').allTextContents();
  return Object.fromEntries(
    terms.map((term, index) => [term, Number((values[index] ?? '').replaceAll(',', ''))]),
  );
}

const overview = (page: Page) => page.locator('dl[aria-label="Items Overview"]');
const locationCard = (page: Page, name: string) =>
  page.getByRole('group', { name, exact: true }).locator('dl');
const dashboardCard = (page: Page, title: string) =>
  page.getByRole('group', { name: title, exact: true });

async function staffAt(request: APIRequestContext, token: string, locationId: number) {
  const name = unique('Rigger');
  const made = await apiCall<Created>(request, token, 'POST', '/api/staff', {
    name,
    email: `${name.replaceAll(' ', '.').toLowerCase()}@example.com`,
    phone: '0123456789',
    position: 'Rigger',
    locationId,
    department: 'Field',
    hireDate: '2025-01-06',
    salary: 42000,
    status: 'ACTIVE',
    address: '1 Crane Street',
    emergencyContact: 'Next Of Kin',
    emergencyPhone: '0987654321',
  });
  return made.data.id;
}

test.describe('figures that add up', () => {
  test('after one rental comes back lost and one damaged, rented = returned + damaged + lost + outstanding on every screen', async ({
    page,
    browser,
    request,
    seed,
  }) => {
    test.slow(); // Two accounts, the rentals page and the dashboard.
    const yard = await seed.location({ name: unique('Figures Yard') });
    const site = await seed.location({ name: unique('Figures Site'), type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    const { token } = await apiLogin(request, admin);
    const fm = await apiLogin(request, manager);
    const tube = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: unique('Figures Tube'),
      locationId: yard.id,
      quantity: 100,
      unit: 'EACH',
    });
    const rent = async (quantity: number) =>
      (
        await apiCall<Rental>(request, token, 'POST', '/api/material-rentals', {
          fromLocationId: yard.id,
          toLocationId: site.id,
          expectedReturnDate: isoDate(14),
          items: [{ materialId: tube.data.id, quantity, unit: 'EACH' }],
        })
      ).data;
    const giveBack = (
      rental: Rental['data'],
      returnedQuantity: number,
      condition: { damagedQuantity?: number; lostQuantity?: number } = {},
    ) =>
      apiCall(request, fm.token, 'POST', `/api/material-rentals/${rental.id}/returns`, {
        rentalItemId: rental.items[0]!.id,
        returnedQuantity,
        ...condition,
      });
    // The day: 5 go out and are lost, 10 come back damaged, 20 go out and 8 come back, 7 come
    // back whole.
    const lost = await rent(5);
    const damaged = await rent(10);
    await giveBack(lost, 0, { lostQuantity: 5 });
    await giveBack(damaged, 0, { damagedQuantity: 10 });
    const out = await rent(20);
    await giveBack(out, 8);
    const back = await rent(7);
    await giveBack(back, 7);

    // The site's staff: one was late today, one was there but is removed since.
    const late = await staffAt(request, token, site.id);
    const removed = await staffAt(request, token, site.id);
    for (const [staffId, status] of [
      [late, 'LATE'],
      [removed, 'PRESENT'],
    ] as const) {
      await apiCall(request, token, 'POST', '/api/attendance', {
        staffId,
        locationId: site.id,
        date: isoDate(),
        checkIn: '08:30',
        checkOut: '16:00',
        status,
      });
    }
    await apiCall(request, token, 'DELETE', `/api/staff/${removed}`);

    await signIn(page, admin);
    await page.goto(`/material-rentals?location=${site.id}`);
    await expect(page.getByRole('button', { name: `Actions for rental ${lost.id}` })).toBeVisible();

    // The site's card: 42 rented are 15 returned, 10 damaged, 5 lost and 12 outstanding.
    const siteFigures = {
      'Items Rented': 42,
      'Items Returned': 15,
      'Items Damaged': 10,
      'Items Lost': 5,
      'Items Outstanding': 12,
    };
    await expect.poll(() => figures(locationCard(page, site.name))).toEqual(siteFigures);
    await expect(page.getByRole('group', { name: site.name, exact: true })).toContainText(
      '12 items pending return',
    );
    // The admin's overview covers every location (other tests' rentals too): it balances.
    const all = await figures(overview(page));
    expect(Object.keys(all)).toEqual(Object.keys(siteFigures));
    expect(all['Items Rented']).toBe(
      all['Items Returned']! +
        all['Items Damaged']! +
        all['Items Lost']! +
        all['Items Outstanding']!,
    );
    // Rentals are counted as rentals, never under an item's word.
    for (const title of [
      'Total Rentals',
      'Active Rentals',
      'Returned Rentals',
      'Overdue Rentals',
    ]) {
      await expect(page.getByTestId(`stat-${title}`)).toBeVisible();
    }
    // The damaged rental's row and history say what did not come back, not that it is out.
    const row = page.getByRole('row').filter({
      has: page.getByRole('button', { name: `Actions for rental ${damaged.id}` }),
    });
    await expect(row).toContainText('10 items, 1 material');
    await page.getByRole('button', { name: `Actions for rental ${damaged.id}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'View Return History' }).click();
    // The dialog's code is fetched as it opens (decision 074): its figures are read once shown.
    const history = page.getByRole('dialog', { name: 'Return History' });
    await expect
      .poll(() => figures(history.getByLabel('Return summary')))
      .toMatchObject({
        'Items Rented': 10,
        'Items Returned': 0,
        'Items Damaged': 10,
        'Items Lost': 0,
        'Items Outstanding': 0,
      });
    await page.keyboard.press('Escape');

    // The field manager reads the same figures over their own rentals.
    const context = await browser.newContext();
    const fmPage = await context.newPage();
    await signIn(fmPage, manager);
    await fmPage.goto('/material-rentals');
    await expect.poll(() => figures(overview(fmPage))).toEqual(siteFigures);
    await expect.poll(() => figures(locationCard(fmPage, site.name))).toEqual(siteFigures);

    // Their dashboard: 12 items out on rental (the rentals page's Active Rentals counts rentals),
    // one staff member on the list, present though late; the removed one counts nowhere.
    await fmPage.goto('/');
    const itemsOut = dashboardCard(fmPage, 'Items Out on Rental');
    await expect(itemsOut.locator('p').nth(1)).toHaveText('12');
    await expect(itemsOut).toContainText('Currently rented items');
    await expect(dashboardCard(fmPage, 'Active Rentals')).toHaveCount(0);
    await expect(dashboardCard(fmPage, 'Total Staff').locator('p').nth(1)).toHaveText('1');
    await expect(dashboardCard(fmPage, 'Total Present Staff').locator('p').nth(1)).toHaveText('1');
    await context.close();
  });
});
