import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };

/**
 * Condition per line (decision 043): a return says how many came back good, damaged and lost; the
 * damaged wait in the yard's repair stock until repaired.
 */
test.describe('return condition', () => {
  test('a return of 95 good, 3 damaged and 2 lost closes the rental; the 3 are in repair until repaired', async ({
    page,
    request,
    seed,
  }) => {
    test.slow();
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const { token } = await apiLogin(request, admin);
    const name = unique('Coupler');
    const material = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name,
      locationId: yard.id,
      quantity: 100,
      unit: 'EACH',
    });
    const rental = await apiCall<{ data: { id: number } }>(
      request,
      token,
      'POST',
      '/api/material-rentals',
      {
        fromLocationId: yard.id,
        toLocationId: site.id,
        expectedReturnDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        items: [{ materialId: material.data.id, quantity: 100, unit: 'EACH' }],
      },
    );
    const id = rental.data.id;

    // The return, in the dialog: good, damaged and lost together may not pass the remainder.
    await signIn(page, admin);
    await page.goto(`/material-rentals?location=${site.id}`);
    await page.getByRole('button', { name: `Actions for rental ${id}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Process Return' }).click();
    const returning = page.getByRole('dialog', { name: `Process Return: Rental #${id}` });
    await expect(returning.getByLabel('Item')).toHaveValue(/\d+/);
    await returning.getByLabel('Good').fill('95');
    await returning.getByLabel('Damaged').fill('3');
    await returning.getByLabel('Lost').fill('3');
    await returning.getByRole('button', { name: 'Record Return' }).click();
    await expect(
      returning.getByText('Cannot return more than the remaining quantity.'),
    ).toBeVisible();
    await returning.getByLabel('Lost').fill('2');
    await returning.getByRole('button', { name: 'Record Return' }).click();
    await expect(returning).toBeHidden();

    // The rental is returned: everything sent is accounted for.
    const row = page.locator(`tr[data-rental-id="${id}"]`);
    await expect(row).toContainText('Returned');
    await page.getByRole('button', { name: `Actions for rental ${id}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'View Return History' }).click();
    const history = page.getByRole('dialog', { name: `Return History: Rental #${id}` });
    await expect(history).toContainText('100 Each (95 good, 3 damaged, 2 lost)');
    await page.keyboard.press('Escape');

    // The inventory: 95 back in stock, 3 in repair; Repaired puts them back.
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: yard.name });
    const stockRow = page.getByRole('row').filter({ hasText: name });
    const quantity = stockRow.getByRole('cell').nth(4);
    await expect(quantity).toHaveText('95In repair: 3');
    await stockRow.getByRole('button', { name: 'Repaired' }).click();
    const repair = page.getByRole('dialog', { name: `Repaired: ${name}` });
    await expect(repair.getByLabel('Quantity')).toHaveValue('3');
    await repair.getByLabel('Quantity').fill('4');
    await repair.getByRole('button', { name: 'Mark Repaired' }).click();
    await expect(repair.getByText('Only 3 in repair')).toBeVisible();
    await repair.getByLabel('Quantity').fill('3');
    await repair.getByRole('button', { name: 'Mark Repaired' }).click();
    await expect(repair).toBeHidden();
    await expect(quantity).toHaveText('98');
    await expect(stockRow.getByRole('button', { name: 'Repaired' })).toHaveCount(0);
  });
});
