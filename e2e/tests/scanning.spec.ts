import type { APIRequestContext, Page } from '@playwright/test';
import { localToday } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test } from '../fixtures';
import { labelVideo } from '../scan-video';

type Created = { data: { id: number; name: string } };

/**
 * Scanning with Chromium's fake camera, which plays a video of two labels in a loop: label A
 * (a tube) for three seconds, a blank second, label B (a clamp), a blank second. The labels were
 * printed for another address than this server's: the path is what names the material.
 */
const run = Math.random().toString(36).slice(2, 8).toUpperCase();
const A = { itemNumber: `SCN-A-${run}`, name: `Scan tube ${run}` };
const B = { itemNumber: `SCN-B-${run}`, name: `Scan clamp ${run}` };
const video = labelVideo('stockyard-labels', [
  `https://stockyard.example.com/m/${A.itemNumber}`,
  `https://stockyard.example.com/m/${B.itemNumber}`,
]);

test.use({
  viewport: { width: 390, height: 844 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

/** The two label's types in the catalogue, once per worker (their item numbers are this run's). */
let typed: Promise<void> | null = null;
function catalogue(request: APIRequestContext, token: string) {
  typed ??= (async () => {
    for (const type of [A, B]) {
      await apiCall(request, token, 'POST', '/api/catalogue/create', { ...type, unit: 'EACH' });
    }
  })();
  return typed;
}

async function stock(
  request: APIRequestContext,
  token: string,
  locationId: number,
  name: string,
  quantity: number,
) {
  return (
    await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name,
      locationId,
      quantity,
      unit: 'EACH',
    })
  ).data;
}

async function quantityOf(request: APIRequestContext, token: string, id: number) {
  const body = await apiCall<{ data: { quantity: number } }>(
    request,
    token,
    'GET',
    `/api/materials/detail/${id}`,
  );
  return body.data.quantity;
}

async function openActions(page: Page, destination: string) {
  const row = page.getByRole('row').filter({ hasText: destination });
  await row.getByRole('button', { name: /^Actions for rental \d+$/ }).click();
  return page.getByRole('menu');
}

test.describe('scanning', () => {
  test('the Scan button opens the camera, and a label scanned opens its address in the app', async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request, admin);
    await catalogue(request, token);
    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a label' });
    // The fake camera shows label A at once: the page may have moved on before the camera could be
    // seen, so what is held is where the scan leads.
    await expect(page).toHaveURL(new RegExp(`/m/${A.itemNumber}$`));
    await expect(dialog).toBeHidden();
  });

  test('Scan to add in a return adds one for a label on the rental, and says a label not on it is not, adding nothing', async ({
    page,
    request,
    seed,
  }) => {
    const { token } = await apiLogin(request, admin);
    await catalogue(request, token);
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const tube = await stock(request, token, yard.id, A.name, 50);
    await stock(request, token, yard.id, B.name, 50);
    const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await apiCall(request, token, 'POST', '/api/material-rentals', {
      fromLocationId: yard.id,
      toLocationId: site.id,
      expectedReturnDate: date,
      items: [{ materialId: tube.id, quantity: 10, unit: 'EACH' }],
    });

    await signIn(page, admin);
    await page.goto(`/material-rentals?search=${encodeURIComponent(A.name)}`);
    const menu = await openActions(page, site.name);
    await menu.getByRole('menuitem', { name: 'Process Return' }).click();
    const dialog = page.getByRole('dialog', { name: /^Process Return/ });
    await dialog.getByRole('button', { name: 'Scan to add' }).click();
    const outcome = dialog.getByTestId('scan-outcome');
    await expect(outcome).toHaveText(`${A.name}: 1`);
    await expect(dialog.getByLabel('Good')).toHaveValue('1');
    await expect(outcome).toHaveText(`${B.name} is not on this rental`);
    await dialog.getByRole('button', { name: 'Stop scanning' }).click();
    const quantity = await dialog.getByLabel('Good').inputValue();
    expect(['1', '2']).toContain(quantity);
    await expect(dialog.getByTestId('return-also-scanned')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Record Return' }).click();
    await expect(dialog).toBeHidden();
    expect(await quantityOf(request, token, tube.id)).toBe(40 + Number(quantity));
  });

  test('a stock-take counted here: each label scanned adds one to its material, then the differences are confirmed into the stock', async ({
    page,
    request,
    seed,
  }) => {
    const { token } = await apiLogin(request, admin);
    await catalogue(request, token);
    const location = await seed.location();
    const tube = await stock(request, token, location.id, A.name, 7);
    const clamp = await stock(request, token, location.id, B.name, 1);

    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: location.name });
    // This location's row: another test's stock of the same type elsewhere shows until the filter
    // has been read.
    await expect(
      page.getByRole('row').filter({ hasText: A.name }).filter({ hasText: location.name }),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: A.name })).toHaveCount(1);
    await page.getByRole('button', { name: 'Stock-take' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stock-take' });
    await dialog.getByRole('button', { name: 'Count here' }).click();
    await dialog.getByRole('button', { name: 'Scan to add' }).click();
    await expect(dialog.getByLabel(`Counted ${A.name}`)).toHaveValue('1');
    await expect(dialog.getByLabel(`Counted ${B.name}`)).toHaveValue('1');
    await dialog.getByRole('button', { name: 'Stop scanning' }).click();
    // The count stays editable: three more tubes counted by hand.
    const counted = Number(await dialog.getByLabel(`Counted ${A.name}`).inputValue()) + 3;
    await dialog.getByLabel(`Counted ${A.name}`).fill(String(counted));
    const clampCount = Number(await dialog.getByLabel(`Counted ${B.name}`).inputValue());

    await dialog.getByRole('button', { name: 'Preview differences' }).click();
    await expect(dialog.getByTestId('stock-take-counts')).toContainText(
      `${clampCount === 1 ? 1 : 2} to change`,
    );
    await dialog.getByRole('button', { name: 'Confirm stock-take' }).click();
    await expect(dialog).toBeHidden();
    expect(await quantityOf(request, token, tube.id)).toBe(counted);
    expect(await quantityOf(request, token, clamp.id)).toBe(clampCount);
    const history = await apiCall<{ data: { reason: string; reference: string | null }[] }>(
      request,
      token,
      'GET',
      `/api/materials/${tube.id}/movements`,
    );
    expect(history.data[0]).toMatchObject({
      reason: 'STOCK_TAKE',
      reference: `stock-take:${localToday()}`,
    });
  });
});
