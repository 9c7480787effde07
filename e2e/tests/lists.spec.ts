import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

/** The page is at this path and query, exactly. */
const at = (path: string) =>
  new RegExp(`^[^/]+//[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

test.describe('a list’s view in the URL', () => {
  test('the users list keeps its search and page across a reload, and Back returns to the previous view', async ({
    page,
    request,
    seed,
  }) => {
    test.slow(); // Twelve accounts, each with its password hashed, before the page opens.
    const location = await seed.location();
    const { token } = await apiLogin(request, admin);
    // One word only these users share, so that other tests' users stay out of the search.
    const tag = unique('lister').replaceAll(' ', '');
    const names: string[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const name = `Lister ${tag} ${String(n).padStart(2, '0')}`;
      names.push(name);
      await apiCall(request, token, 'POST', '/api/users/register', {
        name,
        email: `${tag}.${n}@example.com`,
        role: 'USER',
        locationId: location.id,
        password: 'Field-Pass-1',
      });
    }
    const listed = () => page.getByRole('table').getByRole('row').filter({ hasText: tag });
    const search = page.getByRole('searchbox', { name: 'Search users' });

    await signIn(page, admin);
    await page.goto('/users');
    await expect(page).toHaveTitle('Users · Stockyard');
    await search.fill(tag);
    await expect(page.getByText('Showing 1 to 10 of 12 users')).toBeVisible();
    await expect(page).toHaveURL(at(`/users?search=${tag}`));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 11 to 12 of 12 users')).toBeVisible();
    // Newest first: the second page holds the two created first.
    await expect(listed()).toHaveCount(2);
    await expect(listed().nth(0)).toContainText(names[1] as string);
    await expect(listed().nth(1)).toContainText(names[0] as string);

    await page.reload();
    await expect(page).toHaveURL(at(`/users?search=${tag}&page=2`));
    await expect(search).toHaveValue(tag);
    await expect(page.getByText('Showing 11 to 12 of 12 users')).toBeVisible();
    await expect(listed()).toHaveCount(2);
    await expect(listed().nth(0)).toContainText(names[1] as string);
    await expect(page).toHaveTitle('Users · Stockyard');

    await page.goBack();
    await expect(page).toHaveURL(at(`/users?search=${tag}`));
    await expect(page.getByText('Showing 1 to 10 of 12 users')).toBeVisible();
    await expect(listed()).toHaveCount(10);
    await expect(listed().nth(0)).toContainText(names[11] as string);

    await page.goBack();
    await expect(page).toHaveURL(at('/users'));
    await expect(search).toHaveValue('');
  });

  test('a link to a list opens its filters and page, and a new filter starts from page 1', async ({
    page,
    seed,
  }) => {
    test.slow(); // Eleven locations seeded before the page opens.
    for (let n = 0; n < 11; n += 1) await seed.location({ type: 'FIELD' });
    await signIn(page, admin);
    await page.goto('/locations?type=FIELD&page=2');
    await expect(page.getByLabel('Filter by type')).toHaveValue('FIELD');
    await expect(page.getByText(/^Showing 11 to \d+ of \d+ locations$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await page.getByLabel('Filter by status').selectOption({ label: 'Active' });
    await expect(page).toHaveURL(at('/locations?type=FIELD&status=ACTIVE'));
    await expect(page.getByText(/^Showing 1 to 10 of \d+ locations$/)).toBeVisible();
    await expect(page).toHaveTitle('Locations · Stockyard');
  });
});

test.describe('a date filter in the URL', () => {
  test('the activity log opens on the day the link names, shown as dd/mm/yyyy', async ({
    page,
    seed,
  }) => {
    await seed.location();
    await signIn(page, admin);
    await page.goto('/admin/activity-tracking?date=2020-01-31');
    await expect(page.getByLabel('Date')).toHaveValue('31/01/2020');
    await expect(page.getByText('No activities found')).toBeVisible();
    await page.getByLabel('Date').fill('');
    await expect(page).toHaveURL(at('/admin/activity-tracking'));
    await expect(page.getByText(/^Page 1 of \d+\. Total: [1-9]\d* activities\.$/)).toBeVisible();
  });
});

test.describe('the tab title', () => {
  test('names the sign-in page, and Page Not Found on an unknown path with the header saying so', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In · Stockyard');
    await signIn(page, admin);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByTestId('section-title')).toHaveText('Page Not Found');
    await expect(page).toHaveTitle('Page Not Found · Stockyard');
  });
});
