import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number } };
type Rental = { data: { id: number; items: { id: number }[] } };

const pad = (value: number) => String(value).padStart(2, '0');
function dayOffset(days: number): Date {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date;
}
/** A day `days` from today as the API takes it (yyyy-mm-dd). */
const isoDay = (days: number) => {
  const d = dayOffset(days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** The same day as the screens show and the date fields take it (dd/mm/yyyy). */
const shownDay = (days: number) => {
  const d = dayOffset(days);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
};

/**
 * An admin's corrections of a rental in the browser (decisions 048 and 063): the
 * dispatch day and a return's day with a reason and a confirmation, a line re-rated; the server's
 * refusal shown under the field; none of it offered to a field manager, whom the server refuses.
 */
test.describe('rental corrections', () => {
  test('an admin corrects the dispatch day and a return day and re-rates a line; a field manager sees none of it', async ({
    page,
    browser,
    request,
    seed,
  }) => {
    test.slow(); // Two accounts, three corrections each confirmed.
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    const { token } = await apiLogin(request, admin);
    const tube = unique('Correction Tube');
    const made = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: yard.id,
      quantity: 30,
      unit: 'EACH',
    });
    // Out 10 days ago; 4 back 3 days ago, recorded today.
    const rental = (
      await apiCall<Rental>(request, token, 'POST', '/api/material-rentals', {
        fromLocationId: yard.id,
        toLocationId: site.id,
        rentalDate: isoDay(-10),
        expectedReturnDate: isoDay(20),
        items: [{ materialId: made.data.id, quantity: 10, unit: 'EACH' }],
      })
    ).data;
    await apiCall(request, token, 'POST', `/api/material-rentals/${rental.id}/returns`, {
      rentalItemId: rental.items[0]!.id,
      returnedQuantity: 4,
      returnDate: isoDay(-3),
    });

    await signIn(page, admin);
    await page.goto(`/material-rentals?location=${site.id}`);
    await page.getByRole('button', { name: `Expand rental ${rental.id}` }).click();
    const items = page.getByRole('table', { name: `Items of rental ${rental.id}` });
    // Both days: the day it went out and when it was recorded.
    await expect(items).toContainText(`Dispatched ${shownDay(-10)}, recorded ${shownDay(0)}`);

    // The dispatch day: a reason is required, then a confirmation names both days.
    await items.getByRole('button', { name: 'Correct dispatch day' }).click();
    let dialog = page.getByRole('dialog', { name: /^Correct Dispatch Day/ });
    await dialog.getByLabel('Dispatch Date').fill(shownDay(-2));
    await dialog.getByRole('button', { name: 'Correct Day' }).click();
    await expect(dialog.getByText('Give a reason for the correction')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Entered late');
    await dialog.getByRole('button', { name: 'Correct Day' }).click();
    let confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`from ${shownDay(-10)} to ${shownDay(-2)}`);
    await confirm.getByRole('button', { name: 'Correct Day' }).click();
    // After its first return: the server refuses it, and the form shows why under the date.
    dialog = page.getByRole('dialog', { name: /^Correct Dispatch Day/ });
    await expect(dialog.getByText(`after its first return (${shownDay(-3)})`)).toBeVisible();
    await dialog.getByLabel('Dispatch Date').fill(shownDay(-12));
    await dialog.getByRole('button', { name: 'Correct Day' }).click();
    confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`from ${shownDay(-10)} to ${shownDay(-12)}`);
    await confirm.getByRole('button', { name: 'Correct Day' }).click();
    await expect(page.getByText('Dispatch day corrected')).toBeVisible();
    await expect(items).toContainText(`Dispatched ${shownDay(-12)}, recorded ${shownDay(0)}`);

    // The line's rates: none fixed at dispatch (the catalogue has none), then re-rated on purpose.
    await expect(items).toContainText('No rate yet');
    await items.getByRole('button', { name: `Re-rate ${tube}` }).click();
    dialog = page.getByRole('dialog', { name: /^Re-rate/ });
    await dialog.getByLabel('Day Rate').fill('1.50');
    await dialog.getByLabel('Minimum Days').fill('0');
    await dialog.getByLabel('Reason').fill('Agreed with the customer');
    await dialog.getByRole('button', { name: 'Change Rates' }).click();
    confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('1.50 / day, min. 0 days');
    await confirm.getByRole('button', { name: 'Change Rates' }).click();
    await expect(page.getByText('Rates changed')).toBeVisible();
    await expect(items).toContainText('1.50 / day, min. 0 days');

    // A return's day, in its Return History.
    const row = page.getByRole('row').filter({ hasText: site.name }).first();
    await row.getByRole('button', { name: `Actions for rental ${rental.id}` }).click();
    await page.getByRole('menuitem', { name: 'View Return History' }).click();
    const history = page.getByRole('dialog', { name: /^Return History/ });
    await expect(history).toContainText(`${shownDay(-3)}recorded ${shownDay(0)}`);
    await history.getByRole('button', { name: /^Correct day of the return/ }).click();
    dialog = page.getByRole('dialog', { name: /^Correct Return Day/ });
    await dialog.getByLabel('Return Date').fill(shownDay(-5));
    await dialog.getByLabel('Reason').fill('Off-hired by phone');
    await dialog.getByRole('button', { name: 'Correct Day' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Correct Day' }).click();
    await expect(page.getByText('Return day corrected')).toBeVisible();
    await expect(history).toContainText(`${shownDay(-5)}recorded ${shownDay(0)}`);

    // The activity log keeps each correction with its reason.
    const log = await apiCall<{ data: { logs: { action: string; description: string }[] } }>(
      request,
      token,
      'GET',
      `/api/activity-logs/list?locationId=${site.id}`,
    );
    const actions = log.data.logs.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['CORRECT_RENTAL_DATE', 'CORRECT_RETURN_DATE', 'RERATE_RENTAL_ITEM']),
    );

    // A field manager sees both days and the rates, and no correction.
    const context = await browser.newContext();
    const fm = await context.newPage();
    await signIn(fm, manager);
    await fm.goto('/material-rentals');
    await fm.getByRole('button', { name: `Expand rental ${rental.id}` }).click();
    const theirs = fm.getByRole('table', { name: `Items of rental ${rental.id}` });
    await expect(theirs).toContainText(`Dispatched ${shownDay(-12)}`);
    await expect(theirs).toContainText('1.50 / day, min. 0 days');
    await expect(theirs.getByRole('button', { name: 'Correct dispatch day' })).toHaveCount(0);
    await expect(theirs.getByRole('button', { name: /^Re-rate/ })).toHaveCount(0);
    // And the server refuses them.
    const refused = await request.fetch(`/api/material-rentals/${rental.id}/rental-date`, {
      method: 'PATCH',
      data: { rentalDate: isoDay(-11), reason: 'Mine' },
      headers: {
        authorization: `Bearer ${(await apiLogin(request, manager)).token}`,
      },
    });
    expect(refused.status()).toBe(403);
    await context.close();
  });

  test("on a phone an admin sees a line's rate and re-rates it", async ({
    page,
    request,
    seed,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const { token } = await apiLogin(request, admin);
    const tube = unique('Phone Tube');
    const made = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: yard.id,
      quantity: 10,
      unit: 'EACH',
    });
    const rental = (
      await apiCall<Rental>(request, token, 'POST', '/api/material-rentals', {
        fromLocationId: yard.id,
        toLocationId: site.id,
        expectedReturnDate: isoDay(20),
        items: [{ materialId: made.data.id, quantity: 3, unit: 'EACH' }],
      })
    ).data;
    await signIn(page, admin);
    await page.goto(`/material-rentals?location=${site.id}`);
    await page.getByRole('button', { name: `Expand rental ${rental.id}` }).click();
    const items = page.getByRole('table', { name: `Items of rental ${rental.id}` });
    await expect(items.getByRole('columnheader', { name: 'Hire rate' })).toBeVisible();
    await expect(items).toContainText('No rate yet');
    const rerate = items.getByRole('button', { name: `Re-rate ${tube}` });
    // Scrolled down to as a person scrolls the page (how far depends on the locations above, which
    // other tests add to); then the button must be on the screen, not off to the side of the table.
    const box = await rerate.boundingBox();
    await page.evaluate(`window.scrollBy(0, ${Math.round((box?.y ?? 0) - 844 / 2)})`);
    await expect(rerate).toBeInViewport();
    await rerate.click();
    await expect(page.getByRole('dialog', { name: /^Re-rate/ })).toBeVisible();
  });

  test('Mark Full Returned asks the day the hire ended and keeps it', async ({
    page,
    request,
    seed,
  }) => {
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const { token } = await apiLogin(request, admin);
    const made = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: unique('Marked Tube'),
      locationId: yard.id,
      quantity: 10,
      unit: 'EACH',
    });
    const rental = (
      await apiCall<Rental>(request, token, 'POST', '/api/material-rentals', {
        fromLocationId: yard.id,
        toLocationId: site.id,
        rentalDate: isoDay(-6),
        expectedReturnDate: isoDay(20),
        items: [{ materialId: made.data.id, quantity: 5, unit: 'EACH' }],
      })
    ).data;
    await signIn(page, admin);
    await page.goto(`/material-rentals?location=${site.id}`);
    await page.getByRole('button', { name: `Actions for rental ${rental.id}` }).click();
    await page.getByRole('menuitem', { name: 'Mark Full Returned' }).click();
    const dialog = page.getByRole('dialog', { name: /^Mark Full Returned/ });
    await expect(dialog.getByLabel('Return Date')).toHaveValue(shownDay(0));
    await dialog.getByLabel('Return Date').fill(shownDay(1));
    await dialog.getByRole('button', { name: 'Mark Returned' }).click();
    await expect(dialog.getByText('The date cannot be in the future.')).toBeVisible();
    await dialog.getByLabel('Return Date').fill(shownDay(-2));
    await dialog.getByRole('button', { name: 'Mark Returned' }).click();
    await expect(page.getByText('Rental marked as fully returned.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: site.name }).first()).toContainText(
      `Returned: ${shownDay(-2)}`,
    );
  });
});
