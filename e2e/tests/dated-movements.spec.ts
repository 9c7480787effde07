import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };

/** dd/mm/yyyy of the day `days` before today, on this machine's calendar (the app's). */
function daysAgo(days: number): { iso: string; shown: string } {
  const day = new Date();
  day.setDate(day.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  return { iso, shown: `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}` };
}

/**
 * Dates as they happened (decision 048): a return is dated in the dialog by the day its
 * hire ended, and the rental shows that day beside when it was recorded.
 */
test.describe('dated movements', () => {
  test('a return dated in the past shows the day it happened and the day it was recorded', async ({
    page,
    request,
    seed,
  }) => {
    test.slow();
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const { token } = await apiLogin(request, admin);
    const name = unique('Dated prop');
    const material = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name,
      locationId: yard.id,
      quantity: 20,
      unit: 'EACH',
    });
    const dispatched = daysAgo(10);
    const rental = await apiCall<{ data: { id: number } }>(
      request,
      token,
      'POST',
      '/api/material-rentals',
      {
        fromLocationId: yard.id,
        toLocationId: site.id,
        rentalDate: dispatched.iso,
        expectedReturnDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        items: [{ materialId: material.data.id, quantity: 20, unit: 'EACH' }],
      },
    );
    const id = rental.data.id;

    await signIn(page, admin);
    await page.goto(`/material-rentals?location=${site.id}`);
    await page.getByRole('button', { name: `Actions for rental ${id}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Process Return' }).click();
    const returning = page.getByRole('dialog', { name: `Process Return: Rental #${id}` });
    const today = daysAgo(0);
    await expect(returning.getByLabel('Return Date')).toHaveValue(today.shown);
    // Before the dispatch: refused with the rule's message.
    await returning.getByLabel('Good').fill('20');
    await returning.getByLabel('Return Date').fill(daysAgo(11).shown);
    await returning.getByRole('button', { name: 'Record Return' }).click();
    await expect(
      returning.getByText(
        `A return cannot be dated before its rental went out (${dispatched.shown}).`,
      ),
    ).toBeVisible();
    // The off-hire day, four days ago.
    const offHire = daysAgo(4);
    await returning.getByLabel('Return Date').fill(offHire.shown);
    await returning.getByRole('button', { name: 'Record Return' }).click();
    await expect(returning).toBeHidden();

    // The rental: back on the off-hire day; its history shows the day and when it was recorded.
    const row = page.locator(`tr[data-rental-id="${id}"]`);
    await expect(row).toContainText('Returned');
    await expect(row).toContainText(`Returned: ${offHire.shown}`);
    await expect(row).toContainText(`${dispatched.shown} to`);
    await page.getByRole('button', { name: `Actions for rental ${id}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'View Return History' }).click();
    const history = page.getByRole('dialog', { name: `Return History: Rental #${id}` });
    await expect(history).toContainText(offHire.shown);
    await expect(history).toContainText(`recorded ${today.shown}`);
  });
});
