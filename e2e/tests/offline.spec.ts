import type { Page } from '@playwright/test';
import { DEFAULT_PERMISSIONS } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };
type Rental = { data: { id: number; items: { id: number }[] } };
type Returns = { data: { returnedQuantity: number; returnedBy: { id: number } | null }[] };
type Attendance = { data: { staffId: number; status: string; date: string }[] };
type Requests = { data: { id: number }[]; pagination: { total: number } };
type RequestDetail = { data: { items: { name: string; quantity: number }[] } };

const pad = (value: number) => String(value).padStart(2, '0');
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * How many rentals' return histories the device keeps once the working set of `userId` has been
 * fetched whole (the last part the sync reads); 0 before. Read in the page (no DOM types here).
 */
async function keptOnDevice(page: Page, userId: number): Promise<number> {
  return page.evaluate(`(async () => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('stockyard-device')) return 0;
    const database = await new Promise((resolve, reject) => {
      const opening = indexedDB.open('stockyard-device');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const read = (store, run) =>
      new Promise((resolve, reject) => {
        const request = run(database.transaction(store).objectStore(store));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const synced = await read('meta', (meta) => meta.get('synced:${userId}'));
    const queries = await read('queries', (kept) => kept.getAll());
    database.close();
    return synced ? queries.filter((query) => query.queryKey[1] === 'returns').length : 0;
  })()`);
}

/** Whether the working set of `userId` has been fetched whole onto the device. */
async function syncedOnDevice(page: Page, userId: number): Promise<boolean> {
  return page.evaluate(`(async () => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('stockyard-device')) return false;
    const database = await new Promise((resolve, reject) => {
      const opening = indexedDB.open('stockyard-device');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const synced = await new Promise((resolve, reject) => {
      const request = database.transaction('meta').objectStore('meta').get('synced:${userId}');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    database.close();
    return Boolean(synced);
  })()`);
}

async function openActions(page: Page, rentalId: number) {
  await page.getByRole('button', { name: `Actions for rental ${rentalId}` }).click();
  return page.getByRole('menu');
}

test.describe('without signal', () => {
  test('the server sends the manifest and a service worker that is never kept long', async ({
    request,
  }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({ name: 'Stockyard', display: 'standalone', start_url: '/' });
    for (const size of ['192x192', '512x512']) {
      const icon = body.icons.find((entry) => entry.sizes === size && entry.purpose === 'maskable');
      expect(icon, size).toBeTruthy();
      const png = await request.get(icon!.src);
      expect(png.headers()['content-type']).toBe('image/png');
    }
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(worker.headers()['content-security-policy']).toContain("script-src 'self'");
    const page = await request.get('/login');
    expect(await page.text()).toContain('rel="manifest"');
  });

  test('a field manager opens the app offline, records a return and two attendance marks, and the server has each once when the signal is back; a return overtaken meanwhile is refused with its reason', async ({
    page,
    context,
    request,
    seed,
  }) => {
    test.slow(); // A first visit, an offline session over two reloads, and the sync after it.
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id, {
      ...DEFAULT_PERMISSIONS,
      manageAttendance: true,
    });
    const { token } = await apiLogin(request, admin);
    const tube = unique('Tube');
    const plate = unique('Plate');
    const material = async (name: string) =>
      (
        await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
          name,
          locationId: yard.id,
          quantity: 20,
          unit: 'EACH',
        })
      ).data.id;
    const rentOut = async (materialId: number, quantity: number) =>
      (
        await apiCall<Rental>(request, token, 'POST', '/api/material-rentals', {
          fromLocationId: yard.id,
          toLocationId: site.id,
          expectedReturnDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          items: [{ materialId, quantity, unit: 'EACH' }],
        })
      ).data;
    const tubes = await rentOut(await material(tube), 5);
    const plates = await rentOut(await material(plate), 4);
    const staff: string[] = [];
    for (const who of ['Asha', 'Bram']) {
      const name = unique(`${who} Rigger`);
      staff.push(name);
      await apiCall<Created>(request, token, 'POST', '/api/staff', {
        name,
        email: `${name.replaceAll(' ', '.').toLowerCase()}@site.test`,
        phone: '0123456789',
        position: 'Rigger',
        locationId: site.id,
        department: 'Field',
        hireDate: '2025-01-06',
        salary: 42000,
        status: 'ACTIVE',
        address: '1 Crane Street',
        emergencyContact: 'Next Of Kin',
        emergencyPhone: '0123456780',
      });
    }

    // The first visit, online: the service worker installs and the working set is kept.
    await signIn(page, manager);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await expect.poll(() => keptOnDevice(page, manager.id), { timeout: 20_000 }).toBe(2);
    await expect
      .poll(() => page.evaluate('navigator.serviceWorker.controller !== null'))
      .toBe(true);

    // Offline, the app opens again from the device, the screens with what was kept.
    await context.setOffline(true);
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: 'Offline' });
    await expect(banner).toContainText(
      /Offline — showing data from \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    await page.goto('/material-rentals');
    await expect(page.getByRole('heading', { name: 'Material Rentals' })).toBeVisible();
    await expect(page.locator(`tr[data-rental-id="${tubes.id}"]`)).toBeVisible();

    // A return of each rental, kept in the outbox.
    for (const [rental, name, quantity, left] of [
      [tubes, tube, '2', 5],
      [plates, plate, '3', 4],
    ] as const) {
      const menu = await openActions(page, rental.id);
      await menu.getByRole('menuitem', { name: 'Process Return' }).click();
      const returning = page.getByRole('dialog', { name: /^Process Return/ });
      await returning
        .getByLabel('Item')
        .selectOption({ label: `${name} (Remaining: ${left} Each)` });
      await returning.getByLabel('Good').fill(quantity);
      await returning.getByRole('button', { name: 'Record Return' }).click();
      await expect(returning).toBeHidden();
    }
    await expect(page.getByText('Saved on this device').first()).toBeVisible();
    const history = await openActions(page, tubes.id);
    await history.getByRole('menuitem', { name: 'View Return History' }).click();
    const returns = page.getByRole('dialog', { name: /^Return History/ });
    await expect(returns.getByTestId('pending-return')).toContainText('Pending');
    await expect(returns.getByTestId('pending-return')).toContainText('2 Each');
    await page.keyboard.press('Escape');

    // Two attendance marks, kept too.
    await page.goto('/attendance');
    await expect(page.getByRole('heading', { name: 'Staff Attendance' })).toBeVisible();
    for (const name of staff) {
      await page.getByRole('button', { name: 'Mark Attendance' }).click();
      const mark = page.getByRole('dialog', { name: 'Mark Attendance' });
      await mark.getByLabel('Staff Member').selectOption({ label: name });
      await mark.getByLabel('Check In').fill('07:30');
      await mark.getByRole('button', { name: 'Mark Attendance' }).click();
      await expect(mark).toBeHidden();
    }
    await expect(page.getByTestId('pending-attendance')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Outbox, 4 not sent' })).toBeVisible();

    // A reload without signal: everything is still there, still pending.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Staff Attendance' })).toBeVisible();
    await expect(banner).toBeVisible();
    const pending = page.getByTestId('pending-attendance');
    await expect(pending).toHaveCount(2);
    for (const name of staff)
      await expect(pending.filter({ hasText: name })).toContainText('Pending');
    await page.getByRole('button', { name: 'Outbox, 4 not sent' }).click();
    const panel = page.getByRole('dialog', { name: 'Outbox' });
    await expect(panel.getByRole('listitem')).toHaveCount(4);
    await expect(panel.getByRole('listitem').first()).toContainText(`Return of 2 Each ${tube}`);
    await panel.getByRole('button', { name: 'Done' }).click();

    // Meanwhile, online, the admin takes back every plate.
    await apiCall(request, token, 'POST', `/api/material-rentals/${plates.id}/returns`, {
      rentalItemId: plates.items[0]!.id,
      returnedQuantity: 4,
    });

    // The signal comes back: the outbox is sent in order, the overtaken return refused.
    await context.setOffline(false);
    const refusedButton = page.getByRole('button', { name: 'Outbox, 1 not sent, 1 refused' });
    await expect(refusedButton).toBeVisible({ timeout: 30_000 });
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('pending-attendance')).toHaveCount(0);
    for (const name of staff) {
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText('PRESENT');
    }
    await refusedButton.click();
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await expect(panel.getByRole('listitem')).toContainText(`Return of 3 Each ${plate}`);
    await expect(panel.getByRole('listitem')).toContainText('Refused');
    await expect(panel.getByRole('listitem')).toContainText(
      'The server refused it: This rental has already been returned.',
    );

    // The server has each write once.
    const { token: managerToken } = await apiLogin(request, manager);
    const tubeReturns = await apiCall<Returns>(
      request,
      managerToken,
      'GET',
      `/api/material-rentals/${tubes.id}/returns`,
    );
    expect(tubeReturns.data.map((entry) => entry.returnedQuantity)).toEqual([2]);
    const plateReturns = await apiCall<Returns>(
      request,
      token,
      'GET',
      `/api/material-rentals/${plates.id}/returns`,
    );
    expect(plateReturns.data.map((entry) => entry.returnedQuantity)).toEqual([4]);
    const marks = await apiCall<Attendance>(
      request,
      managerToken,
      'GET',
      `/api/attendance?locationId=${site.id}&month=${today().slice(0, 7)}&limit=100`,
    );
    expect(marks.data.filter((mark) => mark.date === today())).toHaveLength(2);

    // Discarded, the refused return is gone from the device.
    await panel
      .getByRole('button', { name: `Discard Return of 3 Each ${plate}, Rental #${plates.id}` })
      .click();
    await expect(panel.getByText('Everything has been sent.')).toBeVisible();
  });

  test('a request made offline shows as Pending in the Rental Requests list, through a reload, and becomes the real request once when the signal is back', async ({
    page,
    context,
    request,
    seed,
  }) => {
    test.slow(); // A first visit, an offline session over a reload, and the sync after it.
    const site = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    const tower = unique('Mobile tower');

    await signIn(page, manager);
    await page.goto('/rental-requests');
    await expect(page.getByRole('heading', { name: 'Rental Requests' })).toBeVisible();
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await expect.poll(() => syncedOnDevice(page, manager.id), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() => page.evaluate('navigator.serviceWorker.controller !== null'))
      .toBe(true);

    // Offline, a single request is kept on the device and listed first, as not sent.
    await context.setOffline(true);
    await page.goto('/inventory/rental-request');
    await expect(page.getByLabel('Delivery Location')).toHaveValue(site.name);
    await page.getByLabel('Material Name').fill(tower);
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Expected Return Date').fill('30/12/2099');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Saved on this device').first()).toBeVisible();
    await expect(page).toHaveURL(/\/rental-requests$/);
    const waiting = page.getByTestId('pending-request');
    const [year, month, day] = today().split('-');
    for (const shown of ['Pending — not sent yet', site.name, `${day}/${month}/${year}`, tower]) {
      await expect(waiting).toContainText(shown);
    }
    await expect(waiting.getByRole('link')).toHaveCount(0);

    // A reload without signal: still there, once.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Rental Requests' })).toBeVisible();
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText('Pending — not sent yet');
    await expect(page.getByRole('button', { name: 'Outbox, 1 not sent' })).toBeVisible();

    // The signal comes back: the pending row gives way to the server's request.
    await context.setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 30_000 });
    const { token } = await apiLogin(request, manager);
    const mine = await apiCall<Requests>(request, token, 'GET', '/api/rental-requests?limit=50');
    expect(mine.pagination.total).toBe(1);
    const id = mine.data[0]!.id;
    const detail = await apiCall<RequestDetail>(
      request,
      token,
      'GET',
      `/api/rental-requests/${id}`,
    );
    expect(detail.data.items).toEqual([expect.objectContaining({ name: tower, quantity: 2 })]);
    await expect(page.getByRole('link', { name: `View Details of request #${id}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Outbox/ })).toBeHidden();

    // Read again after a reload, the list has it once and nothing waits.
    await page.reload();
    await expect(page.getByRole('link', { name: `View Details of request #${id}` })).toHaveCount(1);
    await expect(waiting).toHaveCount(0);
    const again = await apiCall<Requests>(request, token, 'GET', '/api/rental-requests?limit=50');
    expect(again.pagination.total).toBe(1);
  });
});
