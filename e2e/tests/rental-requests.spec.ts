import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

/** A second admin, so that this test's notifications are its own to watch. */
async function registerAdmin(
  request: APIRequestContext,
  locationId: number,
): Promise<Account & { name: string }> {
  const { token } = await apiLogin(request, admin);
  const name = unique('Admin');
  const email = `${unique('admin').replaceAll(' ', '.').toLowerCase()}@example.com`;
  const password = 'Request-Admin-1';
  await apiCall(request, token, 'POST', '/api/users/register', {
    name,
    email,
    role: 'ADMIN',
    locationId,
    password,
  });
  return { name, email, password };
}

/** Resolves once the page's live connection has been accepted by the server. */
function liveConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

const requestIdOf = (url: string) => Number(/\/requests\/(\d+)$/.exec(url)?.[1]);

/** A date `days` from today as the date fields are typed (dd/mm/yyyy). */
function typedDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

test.describe('rental requests', () => {
  test('a field manager asks for three materials and for one by name; the admin, told live, rejects only with notes, approves with notes, and the field manager sees it approved', async ({
    browser,
    page,
    request,
    seed,
  }) => {
    // Two people, two browsers and a dozen screens: a long story on a busy machine.
    test.slow();
    const location = await seed.location({ type: 'FIELD' });
    const fieldManager = await seed.fieldManager(location.id);
    const decider = await registerAdmin(request, location.id);
    const { token } = await apiLogin(request, admin);
    const materials = [unique('Scaffold tube'), unique('Swivel clamp'), unique('Base plate')];
    for (const name of materials) {
      await apiCall(request, token, 'POST', '/api/materials/create', {
        name,
        locationId: location.id,
        quantity: 100,
        unit: 'EACH',
      });
    }

    // The admin has the app open.
    await signIn(page, decider);
    const connected = liveConnection(page);
    await page.goto('/rental-requests');
    await connected;

    // The field manager's bulk request: their own location, three materials of its inventory.
    const field = await (await browser.newContext()).newPage();
    await signIn(field, fieldManager);
    await field.goto('/rental-requests');
    await field.getByRole('link', { name: 'New Request' }).click();
    await expect(
      field.getByRole('heading', { name: 'Bulk Material Rental Request' }),
    ).toBeVisible();
    await expect(field.getByLabel('Location')).toHaveValue(location.name);
    for (const [index, name] of materials.entries()) {
      const row = index + 1;
      if (row > 1) await field.getByRole('button', { name: 'Add Material' }).click();
      await field
        .getByLabel(`Material ${row}`, { exact: true })
        .selectOption({ label: `${name} (100 available)` });
      await field.getByLabel(`Quantity ${row}`, { exact: true }).fill(String(row * 5));
      await expect(field.getByLabel(`Unit ${row}`, { exact: true })).toHaveValue('EACH');
    }
    await field.getByLabel('Notes').fill('For the east elevation');
    await field.getByRole('button', { name: 'Submit Request' }).click();
    const banner = field.getByRole('status').filter({ hasText: 'submitted' });
    await expect(banner).toBeVisible();
    const bulkHref = await banner.getByRole('link', { name: 'View request' }).getAttribute('href');
    const bulkId = requestIdOf(bulkHref ?? '');
    expect(bulkId).toBeGreaterThan(0);

    // The admin hears of it at once.
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText(new RegExp(`New material request #${bulkId} `))).toBeVisible();

    // The single form: one material by name, delivered to their own location.
    await field.goto('/inventory/rental-request');
    await expect(field.getByRole('region', { name: 'Requester' })).toContainText(
      fieldManager.email,
    );
    await expect(field.getByLabel('Delivery Location')).toHaveValue(location.name);
    await field.getByLabel('Material Name').fill('Mobile tower');
    await field.getByLabel('Quantity').fill('2');
    await field.getByLabel('Expected Return Date').fill('30/12/2099');
    await field.getByLabel('Description').fill('Aluminium, six metres high');
    await field.getByRole('button', { name: 'Submit Request' }).click();
    await expect(field).toHaveURL(/\/requests\/\d+$/);
    await expect(field.getByRole('heading', { name: 'Bulk Rental Request Details' })).toBeVisible();
    await expect(field.getByRole('cell', { name: 'Mobile tower' })).toBeVisible();

    // The admin opens the bulk request from the list.
    await page.getByRole('searchbox', { name: 'Search requests' }).fill(String(bulkId));
    const row = page.getByRole('row').filter({ hasText: `#${bulkId}` });
    await expect(row).toContainText(location.name);
    await expect(row).toContainText('Pending');
    await row.getByRole('link', { name: `View Details of request #${bulkId}` }).click();
    await expect(page.getByRole('heading', { name: 'Bulk Rental Request Details' })).toBeVisible();
    for (const name of materials) {
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Pending');
    }

    // Reject: no notes, no confirm.
    await page.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject Request' });
    await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await reject.getByLabel('Notes').fill('   ');
    await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await expect(reject).toBeHidden();

    // Approve with notes.
    await page.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Request' });
    await expect(approve.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await approve.getByLabel('Notes').fill('On the Tuesday truck');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Approval Details' })).toBeVisible();
    await expect(page.getByText('On the Tuesday truck')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);

    // The field manager sees it approved, each material Available.
    await field.goto(`/requests/${bulkId}`);
    await expect(field.getByRole('heading', { name: 'Approval Details' })).toBeVisible();
    await expect(field.getByText('Approved').first()).toBeVisible();
    for (const name of materials) {
      await expect(field.getByRole('row').filter({ hasText: name })).toContainText('Available');
    }
    await expect(field.getByRole('button', { name: 'Edit Notes' })).toHaveCount(0);
    await field.goto('/rental-requests');
    await expect(field.getByRole('row').filter({ hasText: `#${bulkId}` })).toContainText(
      'Approved',
    );
  });

  test("a site asks in bulk for a yard's stock; the admin approves, Create Rental opens filled in from the request, and once the rental is made the request links to it and refuses another", async ({
    browser,
    page,
    request,
    seed,
  }) => {
    test.slow();
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const fieldManager = await seed.fieldManager(site.id);
    const { token } = await apiLogin(request, admin);
    const tube = unique('Yard ledger');
    await apiCall(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: yard.id,
      quantity: 80,
      unit: 'EACH',
    });

    // The field manager: their own site is the delivery location; the yard's stock is offered,
    // under the yard's name, with what is available there.
    const field = await (await browser.newContext()).newPage();
    await signIn(field, fieldManager);
    await field.goto('/requests/bulk/new');
    await expect(field.getByLabel('Location')).toHaveValue(site.name);
    await field.getByLabel('Find stock').fill(tube);
    const picker = field.getByLabel('Material 1', { exact: true });
    // Under the yard's name: a select's group is its optgroup, whose label names it.
    await expect(
      picker
        .locator('optgroup', { has: field.getByText(`${tube} (80 available)`, { exact: true }) })
        .first(),
    ).toHaveAttribute('label', yard.name);
    await picker.selectOption({ label: `${tube} (80 available)` });
    await field.getByLabel('Quantity 1', { exact: true }).fill('12');
    await field.getByLabel('Return Date').fill(typedDate(21));
    await field.getByLabel('Notes').fill('For the east elevation');
    await field.getByRole('button', { name: 'Submit Request' }).click();
    const banner = field.getByRole('status').filter({ hasText: 'submitted' });
    const href = await banner.getByRole('link', { name: 'View request' }).getAttribute('href');
    const id = requestIdOf(href ?? '');
    expect(id).toBeGreaterThan(0);
    await field.goto(`/requests/${id}`);
    await expect(field.getByRole('row').filter({ hasText: tube })).toContainText(yard.name);
    await expect(field.getByRole('link', { name: /Create Rental/ })).toHaveCount(0);

    // The admin approves it and creates its rental from the yard.
    await signIn(page, admin);
    await page.goto(`/requests/${id}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Request' });
    await approve.getByLabel('Notes').fill('On the Tuesday truck');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    await page.getByRole('link', { name: `Create Rental from ${yard.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/material-rentals\\?request=${id}&from=${yard.id}$`));
    const form = page.getByRole('dialog', { name: 'Add Rental' });
    await expect(form.getByLabel('From Location')).toHaveValue(String(yard.id));
    await expect(form.getByLabel('Rented To Location')).toHaveValue(String(site.id));
    const first = form.getByRole('group', { name: 'Item 1' });
    await expect(first.getByLabel('Material').locator('option:checked')).toHaveText(
      `${tube} (Stock: 80 Each)`,
    );
    await expect(first.getByLabel('Quantity')).toHaveValue('12');
    await expect(form.getByRole('group', { name: 'Item 2' })).toHaveCount(0);
    await expect(form.getByLabel('Expected Return Date')).toHaveValue(typedDate(21));
    await expect(form.getByLabel('Notes')).toHaveValue('For the east elevation');
    await form.getByRole('button', { name: 'Create Rental' }).click();
    await expect(page.getByText('Rental created successfully.')).toBeVisible();
    await expect(form).toBeHidden();

    // The request now links to its rental, and offers no second one.
    await page.goto(`/requests/${id}`);
    const rentals = page.getByRole('list', { name: 'Rentals' });
    const link = rentals.getByRole('link', { name: /^Rental #\d+$/ });
    await expect(link).toBeVisible();
    await expect(rentals).toContainText(`from ${yard.name} to ${site.name}`);
    await expect(page.getByRole('link', { name: /Create Rental/ })).toHaveCount(0);
    const rentalId = Number((await link.textContent())?.replace(/\D/g, ''));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/material-rentals\\?search=%23${rentalId}`));
    await expect(page.getByRole('row').filter({ hasText: site.name })).toContainText(
      '12 items, 1 material',
    );

    // Opening its Create Rental again refuses, naming the rental, with no form.
    const refusal = `Request #${id} already has a rental from ${yard.name}: Rental #${rentalId}`;
    for (const url of [
      `/material-rentals?request=${id}`,
      `/material-rentals?request=${id}&from=${yard.id}`,
    ]) {
      await page.goto(url);
      await expect(page.getByText(refusal)).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Add Rental' })).toHaveCount(0);
    }
    await field.context().close();
  });

  test('a request the user may not see is Request Not Found', async ({ page, seed }) => {
    const location = await seed.location({ type: 'FIELD' });
    const fieldManager = await seed.fieldManager(location.id);
    await signIn(page, fieldManager);
    await page.goto('/requests/2147483647');
    await expect(page.getByRole('heading', { name: 'Request Not Found' })).toBeVisible();
  });
});
