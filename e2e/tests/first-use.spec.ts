import type { Locator, Page } from '@playwright/test';
import { type InvoiceDto, PERMISSION_FLAGS } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

/** The few browser objects the measures below use (the e2e project has no DOM types). */
type Browser = {
  getComputedStyle: (element: unknown) => {
    appearance: string;
    font: string;
    paddingLeft: string;
    paddingRight: string;
  };
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    createElement: (tag: 'canvas') => {
      getContext: (kind: '2d') => {
        font: string;
        measureText: (text: string) => { width: number };
      };
    };
  };
};
type SelectElement = { clientWidth: number; selectedOptions: ArrayLike<{ text: string }> };

/**
 * What a select shows of its chosen option: the longest start of the option's text that fits the
 * room the select leaves it (its width less its padding, where its arrow is drawn), measured in the
 * select's own font. "1(" is what a 10 looked like when the browser's own arrow took room beside
 * the padding: a select that still draws that arrow cannot be measured, and says so.
 */
function visibleText(select: Locator): Promise<string> {
  return select.evaluate((element: SelectElement) => {
    const browser = globalThis as unknown as Browser;
    const style = browser.getComputedStyle(element);
    if (style.appearance !== 'none')
      return `the browser's own arrow (appearance ${style.appearance})`;
    const room =
      element.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    const context = browser.document.createElement('canvas').getContext('2d');
    context.font = style.font;
    const text = element.selectedOptions[0]?.text ?? '';
    let shown = text;
    while (shown.length > 0 && context.measureText(shown).width > room) shown = shown.slice(0, -1);
    return shown;
  });
}

/** How much wider than the window the page is, in CSS pixels (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as Browser).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

const TOWER_BAY = {
  job_description: 'Tower bay',
  job_type: 'Erection',
  uom: 'CUM (M3) (18-24m)',
  quantity: 1,
  length: 2,
  width: 1.5,
  height: 4,
  materialUsages: [],
};

async function seedInvoice(
  page: Page,
  locationId: number,
  items: object[] = [TOWER_BAY],
): Promise<InvoiceDto> {
  const { token } = await apiLogin(page.request, admin);
  const today = new Date();
  const issueDate = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
  const id = `INV-FU-${Date.now().toString(36)}${process.pid}`.toUpperCase();
  const body = await apiCall<{ data: InvoiceDto }>(page.request, token, 'POST', '/api/invoices', {
    invoiceId: id,
    locationId,
    clientName: 'Northwind Build',
    clientAddress: '3 Mill Road, York',
    issueDate,
    dueDate: issueDate,
    items,
  });
  return body.data;
}

test.describe('focus goes back to what opened a dialog', () => {
  test('Edit User, opened by its row button, gives focus back to that button', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const manager = await seed.fieldManager(location.id);
    await signIn(page, admin);
    await page.goto('/users');
    await page.getByPlaceholder('Search by name or email...').fill(manager.email);
    const edit = page.getByRole('button', { name: `Edit ${manager.name}` });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Name')).toHaveValue(manager.name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();

    // Named by its title, described by its line under it: a screen reader reads the title once.
    await edit.press('Enter');
    await expect(dialog).toHaveAccessibleName('Edit User');
    await expect(dialog).toHaveAccessibleDescription(
      "Change the account's details, status and permissions.",
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(edit).toBeFocused();
  });

  test("Preview Invoice, opened from a row's menu, gives focus back to the menu's button", async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const invoice = await seedInvoice(page, location.id);
    await signIn(page, admin);
    await page.goto('/invoices');
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    const actions = page.getByRole('button', { name: `Actions for ${invoice.invoiceId}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Preview Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invoice Preview' });
    await expect(dialog).toContainText('Northwind Build');
    // Without a description of its own it is described by nothing (its title was read twice).
    await expect(dialog).toHaveAccessibleName('Invoice Preview');
    await expect(dialog).not.toHaveAttribute('aria-describedby');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(actions).toBeFocused();
  });
});

test.describe('on a phone and a desktop nothing is cut or off-screen', () => {
  test('the bulk request page fits a 390 px phone, every field of a material on screen', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const { token } = await apiLogin(page.request, admin);
    await apiCall(page.request, token, 'POST', '/api/materials/create', {
      name: unique('Standard 3.0m'),
      locationId: location.id,
      quantity: 50,
      unit: 'EACH',
    });
    const manager = await seed.fieldManager(location.id);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, manager);
    await page.goto('/requests/bulk/new');
    await expect(page.getByLabel('Material 1', { exact: true })).toBeEnabled();
    await page.getByRole('button', { name: 'Add Material' }).click();
    await expect(page.getByLabel('Quantity 2', { exact: true })).toBeVisible();
    expect(await overflow(page)).toBe(0);
    for (const name of [
      'Material 2',
      'Description 2',
      'Quantity 2',
      'Unit 2',
      'Remove material 2',
    ]) {
      const box = await page.getByLabel(name, { exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    await page.getByLabel('Remove material 2', { exact: true }).click();
    await expect(page.getByLabel('Quantity 2', { exact: true })).toHaveCount(0);
  });

  for (const width of [390, 1366]) {
    test(`Rows per page shows 10 whole at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, admin);
      await page.goto('/rental-requests');
      const rows = page.getByLabel('Rows per page');
      await expect(rows).toHaveValue('10');
      expect(await visibleText(rows)).toBe('10');
      await page.goto('/notifications');
      await expect(page.getByLabel('Rows per page')).toHaveValue('10');
      expect(await visibleText(page.getByLabel('Rows per page'))).toBe('10');
    });
  }

  for (const width of [390, 1366, 1600]) {
    test(`the invoice items' UOM shows every unit whole at ${width} px`, async ({ page, seed }) => {
      const location = await seed.location();
      const invoice = await seedInvoice(page, location.id);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, admin);
      await page.goto(`/invoices/${invoice.id}/items`);
      const uom = page.getByLabel('Item 1 UOM');
      await expect(uom).toHaveValue('CUM (M3) (18-24m)');
      for (const unit of ['CUM (M3) (18-24m)', 'CUM (M3) (6-12m)', 'Running MTR', 'SQM (M2)']) {
        await uom.selectOption(unit);
        expect(await visibleText(uom)).toBe(unit);
      }
      expect(await overflow(page)).toBe(0);
    });
  }
});

/** The relative luminance (0 black, 1 white) of the first toast's background. */
function toastLuminance(page: Page): Promise<number> {
  return page
    .locator('[data-sonner-toast]')
    .first()
    .evaluate((toast) => {
      const browser = globalThis as unknown as {
        getComputedStyle: (element: unknown) => { backgroundColor: string };
      };
      const [r, g, b] = (browser.getComputedStyle(toast).backgroundColor.match(/[\d.]+/g) ?? [])
        .slice(0, 3)
        .map((part) => {
          const c = Number(part) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
      return 0.2126 * (r ?? 1) + 0.7152 * (g ?? 1) + 0.0722 * (b ?? 1);
    });
}

test.describe('what a form and a toast say', () => {
  test('an email in use is said under the Email field of Add and Edit User, in a toast of the Dark theme', async ({
    page,
    seed,
  }) => {
    const location = await seed.location();
    const [first, second] = [
      await seed.fieldManager(location.id),
      await seed.fieldManager(location.id),
    ];
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signIn(page, admin);
    await page.goto('/users');
    await page.getByPlaceholder('Search by name or email...').fill(second.email);
    await page.getByRole('button', { name: `Edit ${second.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Email').fill(first.email.toUpperCase());
    await edit.getByRole('button', { name: 'Update User' }).click();
    await expect(edit.getByLabel('Email')).toHaveAccessibleDescription(
      'A user with this email already exists',
    );
    await expect(page.locator('[data-sonner-toast]')).toContainText(
      'A user with this email already exists',
    );
    expect(await toastLuminance(page)).toBeLessThan(0.1);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('Name').fill(unique('Copy'));
    await add.getByLabel('Email').fill(first.email);
    await add.getByLabel('Role').selectOption({ label: 'Field Manager' });
    await add.getByLabel('Location', { exact: true }).selectOption({ label: location.name });
    await add.getByLabel('Password', { exact: true }).fill('Field-Pass-1');
    await add.getByLabel('Confirm Password').fill('Field-Pass-1');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByLabel('Email')).toHaveAccessibleDescription(
      'A user with this email already exists',
    );
  });

  test('a toast is light in the Light theme', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await signIn(page, admin);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('Name').fill(unique('Copy'));
    await add.getByLabel('Email').fill(admin.email);
    await add.getByLabel('Role').selectOption({ label: 'Admin' });
    await add.getByLabel('Location', { exact: true }).selectOption({ index: 1 });
    await add.getByLabel('Password', { exact: true }).fill('Field-Pass-1');
    await add.getByLabel('Confirm Password').fill('Field-Pass-1');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(page.locator('[data-sonner-toast]')).toContainText('already exists');
    expect(await toastLuminance(page)).toBeGreaterThan(0.6);
  });

  test('a field manager whose every flag is taken away is sent to the Dashboard and told why', async ({
    page,
    seed,
  }) => {
    const yard = await seed.location();
    const manager = await seed.fieldManager(yard.id);
    await signIn(page, manager);
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();

    const { token } = await apiLogin(page.request, admin);
    const none = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false]));
    await apiCall(page.request, token, 'PATCH', `/api/users/${manager.id}/permissions`, {
      permissions: none,
    });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('No access to Inventory')).toBeVisible();
    await expect(
      page.getByText('Your account does not have the permission for this page'),
    ).toBeVisible();
  });

  test('an admin who opens a field manager page by its address lands on the Dashboard, told why, with no way Back to the refused page', async ({
    page,
  }) => {
    await signIn(page, admin);
    await page.goto('/settings');
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('group', { name: 'Total Users' })).toBeVisible();
    await expect(page.getByText('No access to Staff')).toBeVisible();
    await expect(page.getByTestId('section-title')).toHaveText('Dashboard');
    // The refused address was replaced, as a redirect replaces it: Back goes to the page before.
    await page.goBack();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('a field manager given a page since their last visit opens it by its address, though the device still holds their old rights', async ({
    page,
    seed,
  }) => {
    const yard = await seed.location();
    const manager = await seed.fieldManager(yard.id);
    const { token } = await apiLogin(page.request, admin);
    const { user } = await apiLogin(page.request, manager);
    const grant = (viewAttendance: boolean) =>
      apiCall(page.request, token, 'PATCH', `/api/users/${manager.id}/permissions`, {
        permissions: { ...user.permissions, viewAttendance },
      });
    await grant(false);
    // The device keeps the session as it was then: without View Attendance.
    await signIn(page, manager);
    await grant(true);
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByTestId('section-title')).toHaveText('Staff');
    await expect(page.getByText('No access to Staff')).toHaveCount(0);
  });
});

test("the invoice item list's filters are kept in the URL: a reload and Back keep them", async ({
  page,
  seed,
}) => {
  const location = await seed.location();
  const item = (job_description: string, job_type: string, uom: string) => ({
    job_description,
    job_type,
    uom,
    quantity: 1,
    length: 2,
    width: 2,
    height: 0,
    materialUsages: [],
  });
  const invoice = await seedInvoice(page, location.id, [
    item('Deck boards', 'Erection', 'SQM (M2)'),
    item('Deck boards, level 2', 'Dismantling', 'SQM (M2)'),
    item('Handrail strip', 'Dismantling', 'Running MTR'),
  ]);
  await signIn(page, admin);
  await page.goto(`/invoices/${invoice.id}/item-list`);
  const rows = page.getByRole('table', { name: 'Invoice items' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);

  await page.getByLabel('Filter by job type').selectOption('Dismantling');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Filter by description').fill('deck');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]search=deck(&|$)/);
  await expect(page).toHaveURL(/[?&]jobType=Dismantling(&|$)/);

  await page.reload();
  await expect(page.getByLabel('Filter by job type')).toHaveValue('Dismantling');
  await expect(page.getByLabel('Filter by description')).toHaveValue('deck');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Deck boards, level 2');

  await page.getByLabel('Filter by UOM').selectOption('Running MTR');
  await expect(page.getByText('No items match the filters.')).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Filter by UOM')).toHaveValue('');
  await expect(page.getByLabel('Filter by job type')).toHaveValue('Dismantling');
  await expect(rows).toHaveCount(1);
});

test('the account menu opens the API documentation in a tab of its own, with this session', async ({
  page,
}) => {
  await signIn(page, admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const opening = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'API Documentation' }).click();
  const docs = await opening;
  await expect(docs).toHaveURL(/\/api\/docs\/?$/);
  // Swagger UI draws the whole document on the page's one thread, 27 to 35 s on a busy two-core
  // machine: wait for its operations as long as the test may run, not a fast machine's 15 s.
  await expect(docs.locator('.opblock').first()).toBeVisible({ timeout: 0 });
  // The document came with the session: its title and its operations are on the page.
  await expect(docs.getByRole('heading', { name: /Stockyard API/ })).toBeVisible();
  await expect(docs.getByText('/api/auth/login', { exact: true })).toBeVisible();

  // Without a session the document is refused in the API's error shape.
  const refused = await page.request.get('/api/docs/json');
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
});
