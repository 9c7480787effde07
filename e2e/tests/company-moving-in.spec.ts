import { PERMISSION_FLAGS } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

/** What a company moving in meets, as a person sees it. */
test.describe('a company moving in', () => {
  test("the Import page lists each column's accepted words, takes the company's own, and names a column it does not import", async ({
    page,
  }) => {
    const site = unique('Baustelle Müller');
    await signIn(page, admin);
    await page.goto('/imports?kind=locations');
    await expect(page.getByRole('heading', { name: 'Import' })).toBeVisible();
    await page.getByLabel('What to import').selectOption({ label: 'Locations' });
    await page.getByText('Columns and accepted values').click();
    const accepted = page.getByRole('table', { name: 'Columns and accepted values' });
    await expect(accepted.getByRole('row').filter({ hasText: 'Type' })).toContainText(
      'BMR Yard (also Yard, Depot, Lager); Field (also Site, Job site, Baustelle)',
    );
    await expect(accepted.getByRole('row').filter({ hasText: 'Address' })).toContainText(
      'For a new record',
    );

    await page.getByLabel('File').setInputFiles({
      name: 'locations.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `ID;Name;Address;Type\r\nLOC-9;${site};Schulweg 1, München;baustelle\r\n`,
      ),
    });
    await expect(page.getByTestId('import-counts')).toHaveText(
      '1 row: 1 new, 0 to update, 0 unchanged, 0 with errors.',
    );
    await expect(page.getByTestId('import-ignored')).toHaveText('Column "ID" is not imported (A1)');
    await page.getByRole('button', { name: 'Confirm import' }).click();
    await expect(page.getByText('Import complete')).toBeVisible();
  });

  test('a field manager without View Inventory who scans a label is told why it does not open', async ({
    page,
    seed,
  }) => {
    const yard = await seed.location();
    const manager = await seed.fieldManager(yard.id);
    const { token } = await apiLogin(page.request, admin);
    const none = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false]));
    await apiCall(page.request, token, 'PATCH', `/api/users/${manager.id}/permissions`, {
      permissions: none,
    });
    await signIn(page, manager);
    await page.goto('/m/GR-300');
    await expect(
      page.getByRole('heading', { name: 'This label cannot be opened with your account' }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'View Inventory' })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/GR-300$/);
  });
});
