import type { Page } from '@playwright/test';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };
type Options = { data: { id: number; name: string; quantity: number }[] };

/** A date `days` from today as the date fields take it (dd/mm/yyyy). */
function typedDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

async function openActions(page: Page, destination: string) {
  const row = page.getByRole('row').filter({ hasText: destination });
  await row.getByRole('button', { name: /^Actions for rental \d+$/ }).click();
  return page.getByRole('menu');
}

test.describe('material rentals', () => {
  test('an admin assigns two materials, the site returns part, the admin closes it and the stock is back', async ({
    page,
    browser,
    request,
    seed,
  }) => {
    test.slow(); // Two accounts' pages through the whole life of a rental.
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    const { token } = await apiLogin(request, admin);
    const tube = unique('Steel Tube');
    const plate = unique('Base Plate');
    for (const [name, quantity] of [
      [tube, 50],
      [plate, 20],
    ] as const) {
      await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
        name,
        locationId: yard.id,
        quantity,
        unit: 'EACH',
      });
    }
    const stock = async () => {
      const answer = await apiCall<Options>(
        request,
        token,
        'GET',
        `/api/materials/options?locationId=${yard.id}`,
      );
      return Object.fromEntries(answer.data.map((option) => [option.name, option.quantity]));
    };

    // The admin assigns the rental.
    await signIn(page, admin);
    await page.goto('/material-rentals');
    await expect(page.getByRole('heading', { name: 'Material Rentals' })).toBeVisible();
    await page.getByRole('button', { name: 'Assign New Rental' }).click();
    const form = page.getByRole('dialog', { name: 'Add Rental' });
    await expect(form.getByLabel('Status')).toBeDisabled();
    await form.getByLabel('From Location').selectOption({ label: yard.name });
    await form.getByLabel('Rented To Location').selectOption({ label: site.name });
    await form.getByLabel('Expected Return Date').fill(typedDate(7));
    const first = form.getByRole('group', { name: 'Item 1' });
    await first.getByLabel('Material').selectOption({ label: `${tube} (Stock: 50 Each)` });
    await expect(first.getByLabel('Unit')).toHaveValue('Each');
    await expect(first.getByLabel('Quantity')).toHaveValue('1');
    await first.getByLabel('Quantity').fill('10');
    await form.getByRole('button', { name: 'Add Item' }).click();
    const second = form.getByRole('group', { name: 'Item 2' });
    await second.getByLabel('Material').selectOption({ label: `${plate} (Stock: 20 Each)` });
    await second.getByLabel('Quantity').fill('4');
    await form.getByLabel('Notes').fill('East wing scaffold');
    await form.getByRole('button', { name: 'Create Rental' }).click();
    await expect(page.getByText('Rental created successfully.')).toBeVisible();
    await expect(form).toBeHidden();
    expect(await stock()).toEqual({ [tube]: 40, [plate]: 16 });

    await page.getByLabel('Filter by location').selectOption({ label: site.name });
    await expect(page).toHaveURL(new RegExp(`location=${site.id}`));
    const adminRow = page.getByRole('row').filter({ hasText: site.name });
    await expect(adminRow).toHaveCount(1);
    await expect(adminRow).toContainText('14 items, 2 materials');
    await expect(adminRow).toContainText(yard.name);
    await expect(adminRow).toContainText('Active');
    await expect(page.getByText('Displaying 1 of 1 rental records')).toBeVisible();
    await expect(page.getByText('Showing 1 to 1 of 1 rentals')).toBeVisible();

    // The field manager at the destination sees it under their own location.
    const siteContext = await browser.newContext();
    const fm = await siteContext.newPage();
    await signIn(fm, manager);
    await fm.goto('/material-rentals');
    await expect(fm.getByRole('button', { name: 'Assign New Rental' })).toHaveCount(0);
    const card = fm.getByRole('group', { name: site.name });
    await expect(card).toContainText('Your Location');
    await expect(card).toContainText('14 items pending return');
    await expect(fm.getByText('(Filtered by your location)')).toBeVisible();
    await expect(fm.getByLabel('Filter by location')).toBeDisabled();
    const row = fm.getByRole('row').filter({ hasText: site.name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Expand rental/ }).click();
    const items = fm.getByRole('table', { name: /^Items of rental/ });
    await expect(items.getByRole('row').filter({ hasText: tube })).toContainText('10 Each');
    await expect(items.getByRole('row').filter({ hasText: plate })).toContainText('4 Each');

    // They bring some tubes back in two returns.
    let menu = await openActions(fm, site.name);
    await expect(menu.getByRole('menuitem', { name: 'Edit Details' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Delete Rental' })).toHaveCount(0);
    for (const [quantity, left] of [
      ['3', 10],
      ['2', 7],
    ] as const) {
      if (left === 7) menu = await openActions(fm, site.name);
      await menu.getByRole('menuitem', { name: 'Process Return' }).click();
      const returning = fm.getByRole('dialog', { name: 'Process Return' });
      await returning
        .getByLabel('Item')
        .selectOption({ label: `${tube} (Remaining: ${left} Each)` });
      await returning.getByLabel('Good').fill(quantity);
      await returning.getByRole('button', { name: 'Record Return' }).click();
      await expect(returning).toBeHidden();
    }
    await expect(items.getByRole('row').filter({ hasText: tube })).toContainText('5 Each');
    await expect(card).toContainText('9 items pending return');

    // More than the remainder is refused in the dialog.
    menu = await openActions(fm, site.name);
    await menu.getByRole('menuitem', { name: 'Process Return' }).click();
    const returning = fm.getByRole('dialog', { name: 'Process Return' });
    await returning.getByLabel('Item').selectOption({ label: `${plate} (Remaining: 4 Each)` });
    await returning.getByLabel('Good').fill('5');
    await returning.getByRole('button', { name: 'Record Return' }).click();
    await expect(
      returning.getByText('Cannot return more than the remaining quantity.'),
    ).toBeVisible();
    await returning.getByRole('button', { name: 'Cancel' }).click();

    // The history shows each return with the cumulative and remaining quantities.
    menu = await openActions(fm, site.name);
    await menu.getByRole('menuitem', { name: 'View Return History' }).click();
    const history = fm.getByRole('dialog', { name: 'Return History' });
    const returns = history.getByRole('table', { name: 'Returns' }).locator('tbody tr');
    await expect(returns).toHaveCount(2);
    await expect(returns.nth(0).getByRole('cell').nth(1)).toContainText(tube);
    await expect(returns.nth(0).getByRole('cell').nth(2)).toContainText('3 Each');
    await expect(returns.nth(0).getByRole('cell').nth(3)).toHaveText('3 / 10');
    await expect(returns.nth(0).getByRole('cell').nth(4)).toHaveText('7');
    await expect(returns.nth(1).getByRole('cell').nth(2)).toContainText('2 Each');
    await expect(returns.nth(1).getByRole('cell').nth(3)).toHaveText('5 / 10');
    await expect(returns.nth(1).getByRole('cell').nth(4)).toHaveText('5');
    const final = history.getByRole('region', { name: 'Final status' });
    await expect(final.getByRole('listitem').filter({ hasText: tube })).toContainText(
      'Partially Returned',
    );
    await expect(final.getByRole('listitem').filter({ hasText: plate })).toContainText(
      'Not Returned',
    );
    await expect(history.getByLabel('Return summary')).toContainText('Items Outstanding9');
    await fm.keyboard.press('Escape');
    expect(await stock()).toEqual({ [tube]: 45, [plate]: 16 });

    // The admin marks it fully returned: the rest comes back to the yard.
    await page.reload();
    menu = await openActions(page, site.name);
    await menu.getByRole('menuitem', { name: 'Mark Full Returned' }).click();
    // The day the hire ended: today unless an earlier one is entered.
    await page
      .getByRole('dialog', { name: /^Mark Full Returned/ })
      .getByRole('button', {
        name: 'Mark Returned',
      })
      .click();
    await expect(page.getByText('Rental marked as fully returned.')).toBeVisible();
    await expect(adminRow).toContainText('Returned');
    await expect(adminRow).toContainText(/Returned: \d{2}\/\d{2}\/\d{4}/);
    menu = await openActions(page, site.name);
    await expect(menu.getByRole('menuitem', { name: 'Mark Full Returned' })).toBeDisabled();
    await expect(menu.getByRole('menuitem', { name: 'Process Return' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    expect(await stock()).toEqual({ [tube]: 50, [plate]: 20 });

    // The inventory page shows the stock back at the yard.
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: yard.name });
    await expect(
      page.getByRole('row').filter({ hasText: tube }).getByRole('cell').nth(4),
    ).toHaveText('50');
    await expect(
      page.getByRole('row').filter({ hasText: plate }).getByRole('cell').nth(4),
    ).toHaveText('20');
    await siteContext.close();
  });

  test("an approved request's Create Rental opens Add Rental filled from it, and the rental keeps the request", async ({
    page,
    request,
    seed,
  }) => {
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    const { token } = await apiLogin(request, admin);
    const tube = unique('Putlog Tube');
    const atSite = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: site.id,
      quantity: 2,
      unit: 'EACH',
    });
    await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: yard.id,
      quantity: 30,
      unit: 'EACH',
    });
    const fm = await apiLogin(request, manager);
    const asked = await apiCall<Created>(request, fm.token, 'POST', '/api/rental-requests', {
      locationId: site.id,
      requestedDate: new Date().toISOString().slice(0, 10),
      items: [{ materialId: atSite.data.id, name: tube, quantity: 6, unit: 'EACH' }],
    });
    await apiCall(request, token, 'PATCH', `/api/rental-requests/${asked.data.id}/approve`, {
      notes: 'Send from the yard',
    });

    await signIn(page, admin);
    await page.goto(`/requests/${asked.data.id}`);
    await page.getByRole('link', { name: 'Create Rental' }).click();
    await expect(page).toHaveURL(new RegExp(`/material-rentals\\?request=${asked.data.id}$`));
    const form = page.getByRole('dialog', { name: 'Add Rental' });
    await expect(form.getByLabel('Rented To Location')).toHaveValue(String(site.id));
    const first = form.getByRole('group', { name: 'Item 1' });
    await expect(first.getByText(`Requested: ${tube}`)).toBeVisible();
    await form.getByLabel('From Location').selectOption({ label: yard.name });
    await expect(first.getByLabel('Material')).toHaveValue(/^\d+$/);
    await expect(first.getByLabel('Material').locator('option:checked')).toHaveText(
      `${tube} (Stock: 30 Each)`,
    );
    await expect(first.getByLabel('Quantity')).toHaveValue('6');
    await form.getByLabel('Expected Return Date').fill(typedDate(10));
    await form.getByRole('button', { name: 'Create Rental' }).click();
    await expect(page.getByText('Rental created successfully.')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`location=${site.id}`));
    await expect(page).not.toHaveURL(/request=/);
    await expect(page.getByRole('row').filter({ hasText: site.name })).toContainText(
      '6 items, 1 material',
    );

    const list = await apiCall<{ data: { rentals: { requestId: number | null }[] } }>(
      request,
      token,
      'GET',
      `/api/material-rentals?locationId=${site.id}`,
    );
    expect(list.data.rentals.map((rental) => rental.requestId)).toEqual([asked.data.id]);
  });

  test("a rental's number shows in its row, its items and every dialog, and finds it; one whose units all came back lost offers only what the server takes, saying why", async ({
    page,
    request,
    seed,
  }) => {
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const { token } = await apiLogin(request, admin);
    const tube = unique('Ledger Tube');
    const made = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: yard.id,
      quantity: 20,
      unit: 'EACH',
    });
    const rentOut = async (quantity: number) =>
      (
        await apiCall<{ data: { id: number; items: { id: number }[] } }>(
          request,
          token,
          'POST',
          '/api/material-rentals',
          {
            fromLocationId: yard.id,
            toLocationId: site.id,
            expectedReturnDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
            items: [{ materialId: made.data.id, quantity, unit: 'EACH' }],
          },
        )
      ).data;
    const lostRental = await rentOut(5);
    const lost = lostRental.id;
    const active = (await rentOut(3)).id;
    // All of it comes back lost, in one return: the rental is returned.
    await apiCall(request, token, 'POST', `/api/material-rentals/${lost}/returns`, {
      rentalItemId: lostRental.items[0]!.id,
      returnedQuantity: 0,
      damagedQuantity: 0,
      lostQuantity: 5,
    });
    await signIn(page, admin);
    await page.goto(`/material-rentals?location=${site.id}`);

    // The number is in each row, and the search finds a rental by it, with # or without.
    const lostRow = page.locator(`tr[data-rental-id="${lost}"]`);
    await expect(lostRow.getByRole('cell').nth(1)).toHaveText(`#${lost}`);
    await expect(page.locator(`tr[data-rental-id="${active}"]`)).toContainText(`#${active}`);
    await page.getByLabel('Search rentals').fill(`#${lost}`);
    await expect(page).toHaveURL(new RegExp(`search=%23${lost}`));
    await expect(page.getByText('Displaying 1 of 1 rental records')).toBeVisible();
    await expect(lostRow).toBeVisible();
    await page.getByLabel('Search rentals').fill(String(active));
    // Bare digits find the rental of that number (and any name holding them).
    await expect(page.locator(`tr[data-rental-id="${active}"]`)).toBeVisible();
    await page.getByLabel('Search rentals').fill('');
    await expect(lostRow).toBeVisible();
    // Its items say whose they are.
    await lostRow.getByRole('button', { name: `Expand rental ${lost}` }).click();
    await expect(page.getByRole('table', { name: `Items of rental ${lost}` })).toContainText(
      `Items of Rental #${lost}`,
    );

    // The returned rental: Delete and Mark Full Returned stay disabled, saying why; no return.
    const writtenOff = 'This rental has already been returned.';
    await page.getByRole('button', { name: `Actions for rental ${lost}` }).click();
    let menu = page.getByRole('menu');
    const remove = menu.getByRole('menuitem', { name: /^Delete Rental/ });
    await expect(remove).toBeDisabled();
    await expect(remove).toContainText(writtenOff);
    await expect(menu.getByRole('menuitem', { name: /^Mark Full Returned/ })).toBeDisabled();
    await expect(menu.getByRole('menuitem', { name: /^Mark Full Returned/ })).toContainText(
      writtenOff,
    );
    await expect(menu.getByRole('menuitem', { name: 'Process Return' })).toHaveCount(0);
    // Its history is named by its number.
    await menu.getByRole('menuitem', { name: 'View Return History' }).click();
    const history = page.getByRole('dialog', { name: `Return History: Rental #${lost}` });
    await expect(history).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    // Edit offers Returned alone, the items fixed, each saying why; the notes still save.
    await page.getByRole('button', { name: `Actions for rental ${lost}` }).click();
    await page.getByRole('menuitem', { name: 'Edit Details' }).click();
    const form = page.getByRole('dialog', { name: `Edit Rental #${lost}` });
    const status = form.getByLabel('Status', { exact: true });
    await expect(status).toBeDisabled();
    await expect(status.locator('option')).toHaveText(['Returned']);
    await expect(status).toHaveAccessibleDescription(writtenOff);
    await expect(form.getByRole('group', { name: 'Item 1' }).getByLabel('Material')).toBeDisabled();
    await expect(form.getByText(writtenOff)).toHaveCount(2);
    await form.getByLabel('Notes').fill('Reported to the insurer');
    await form.getByRole('button', { name: 'Update Rental' }).click();
    await expect(page.getByText('Rental updated successfully.').first()).toBeVisible();
    await expect(form).toBeHidden();
    await expect(lostRow).toContainText('Returned');

    // The active rental is offered Delete, its confirmation naming it.
    await page.getByRole('button', { name: `Actions for rental ${active}` }).click();
    menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Delete Rental' })).toBeEnabled();
    await menu.getByRole('menuitem', { name: 'Delete Rental' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete Rental #${active}` });
    await expect(confirm).toContainText(`Rental #${active} is removed`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Actions for rental ${active}` }).click();
    await page.getByRole('menuitem', { name: 'Process Return' }).click();
    await expect(
      page.getByRole('dialog', { name: `Process Return: Rental #${active}` }),
    ).toBeVisible();
  });
});
