import { isoToDisplayDate } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number } };

/** On site, the material on hire is seen (decision 059). */
test.describe('on hire at a site', () => {
  test("a field manager scanning a tube's label, and opening their site's label, sees what is on hire there", async ({
    page,
    request,
    seed,
  }) => {
    const { token } = await apiLogin(request, admin);
    const yard = await seed.location({ name: unique('Main Yard') });
    const site = await seed.location({ name: unique('Baustelle Müller Schule'), type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    const itemNumber = `GR-${Date.now().toString(36).toUpperCase()}`;
    const name = unique('Gerüst Stahlrohr 3,0 m');
    await apiCall(request, token, 'POST', '/api/catalogue/create', {
      itemNumber,
      name,
      unit: 'EACH',
    });
    const tube = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name,
      locationId: yard.id,
      quantity: 100,
      unit: 'EACH',
    });
    const due = new Date(Date.now() + 18 * 86_400_000).toISOString().slice(0, 10);
    const rental = await apiCall<{ data: { id: number; items: { id: number }[] } }>(
      request,
      token,
      'POST',
      '/api/material-rentals',
      {
        fromLocationId: yard.id,
        toLocationId: site.id,
        expectedReturnDate: due,
        items: [{ materialId: tube.data.id, quantity: 70, unit: 'EACH' }],
      },
    );
    // 7 come back: 63 stay on hire, as the return rows say.
    await apiCall(request, token, 'POST', `/api/material-rentals/${rental.data.id}/returns`, {
      rentalItemId: rental.data.items[0]!.id,
      returnedQuantity: 7,
    });

    await signIn(page, manager);
    await page.goto(`/m/${itemNumber}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(
      page.getByText(
        `On hire here: 63, rental #${rental.data.id} from ${yard.name}, due back ${isoToDisplayDate(due)}`,
      ),
    ).toBeVisible();
    await expect(page.getByText(`is not in stock at ${site.name}`)).toHaveCount(0);

    // The site's own label opens its inventory, with what is on hire there and no money.
    await page.goto(`/l/${site.id}`);
    await expect(page).toHaveURL(/\/inventory$/);
    const onHire = page.getByRole('table', { name: `On hire at ${site.name}` });
    await expect(onHire).toBeVisible();
    const row = onHire.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('63 Each');
    await expect(row).toContainText(`Rental #${rental.data.id} from ${yard.name}`);
    await expect(row).toContainText(isoToDisplayDate(due));
    await expect(onHire).not.toContainText('Hire so far');

    // The statement prints as a PDF.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'On-hire statement (PDF)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^on-hire-.*\.pdf$/);
  });
});
