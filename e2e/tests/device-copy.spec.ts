import type { BrowserContext, Page } from '@playwright/test';
import { DEFAULT_PERMISSIONS } from '@stockyard/shared';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number } };
type Rental = { data: { id: number; items: { id: number }[] } };

/** What the device keeps for `userId`: when its working set was last fetched whole, and its rows. */
type Kept = { synced: number | null; returns: Record<string, { returnedQuantity: number }[]> };

/** Read from the page's IndexedDB (no DOM types here). */
async function keptOnDevice(page: Page, userId: number): Promise<Kept> {
  return page.evaluate(`(async () => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('stockyard-device')) return { synced: null, returns: {} };
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
    const returns = {};
    for (const query of queries) {
      if (query.userId === ${userId} && query.queryKey[1] === 'returns') {
        returns[query.queryKey[2]] = query.data;
      }
    }
    return { synced: synced ? synced.value : null, returns };
  })()`);
}

/** What the socket said, among the calls: records changed, or a new connection of the page. */
const CHANGED = 'socket: changed';
const SOCKET_OPENED = 'socket: opened';
const PAGE_LOADED = 'socket: page loaded';

/**
 * Every call to the API the tab makes, its workers' included, as "METHOD /path?query", and among
 * them when the page's socket opened and each `changed` it received: a list on screen is read
 * again on those (app/live-updates.ts), which on a busy machine can come after the page loaded.
 */
function recordCalls(context: BrowserContext, page: Page): string[] {
  const calls: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  // Before the page's scripts run, so before its socket opens.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) calls.push(PAGE_LOADED);
  });
  page.on('websocket', (socket) => {
    calls.push(SOCKET_OPENED);
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('42["changed"')) calls.push(`${CHANGED} ${String(payload)}`);
    });
  });
  return calls;
}

const isCall = (entry: string) => !entry.startsWith('socket: ');
const pathOf = (call: string) => call.split('?')[0]!;

/**
 * The paths asked a second time with nothing between to ask again for: no `changed` from the
 * socket and no reconnection of it (a second socket opened in one page load reads every kind
 * again). The first socket of a page load is no reconnection.
 */
function askedAgainUnprompted(calls: string[], ignore: string[]): string[] {
  const seen = new Set<string>();
  const again: string[] = [];
  let sockets = 0;
  for (const entry of calls) {
    if (entry === PAGE_LOADED) {
      sockets = 0;
    } else if (entry === SOCKET_OPENED) {
      sockets += 1;
      if (sockets > 1) seen.clear();
    } else if (entry.startsWith(CHANGED)) {
      seen.clear();
    } else if (!ignore.includes(pathOf(entry))) {
      if (seen.has(pathOf(entry))) again.push(pathOf(entry));
      else seen.add(pathOf(entry));
    }
  }
  return again;
}
const PER_RENTAL_RETURNS = /^GET \/api\/material-rentals\/\d+\/returns$/;

test.describe("a field manager's device copy", () => {
  test('is read in one call per kind by a worker once the page is up, with no call per rental, and is read offline', async ({
    page,
    context,
    request,
    seed,
  }) => {
    test.slow(); // Three loads, each with its sync, and an offline one.
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id, {
      ...DEFAULT_PERMISSIONS,
      manageAttendance: true,
    });
    const { token } = await apiLogin(request, admin);
    const materialId = (
      await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
        name: unique('Copy tube'),
        locationId: yard.id,
        quantity: 200,
        unit: 'EACH',
      })
    ).data.id;
    const rentals: Rental['data'][] = [];
    for (let n = 0; n < 6; n++) {
      rentals.push(
        (
          await apiCall<Rental>(request, token, 'POST', '/api/material-rentals', {
            fromLocationId: yard.id,
            toLocationId: site.id,
            expectedReturnDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
            items: [{ materialId, quantity: 10 + n, unit: 'EACH' }],
          })
        ).data,
      );
    }
    const giveBack = (rental: Rental['data'], returnedQuantity: number) =>
      apiCall(request, token, 'POST', `/api/material-rentals/${rental.id}/returns`, {
        rentalItemId: rental.items[0]!.id,
        returnedQuantity,
      });
    await giveBack(rentals[0]!, 2);
    await giveBack(rentals[0]!, 3);
    await giveBack(rentals[3]!, 1);

    // The rentals page, opened as the first thing after signing in.
    const calls = recordCalls(context, page);
    await signIn(page, manager);
    await page.goto('/material-rentals');
    await expect(page.getByRole('heading', { name: 'Material Rentals' })).toBeVisible();
    await expect(page.locator(`tr[data-rental-id="${rentals[5]!.id}"]`)).toBeVisible();
    await expect.poll(async () => (await keptOnDevice(page, manager.id)).synced).not.toBeNull();
    const first = await keptOnDevice(page, manager.id);
    console.log(`API calls to open the rentals page: ${calls.length}\n  ${calls.join('\n  ')}`);

    // Every rental's returns came in the one call, none by its own route.
    expect(calls.filter((call) => PER_RENTAL_RETURNS.test(call))).toEqual([]);
    expect(
      calls.filter((call) => pathOf(call) === 'GET /api/material-rentals/returns'),
    ).toHaveLength(1);
    expect(Object.keys(first.returns).map(Number).sort()).toEqual(
      rentals.map((rental) => rental.id).sort(),
    );
    expect(first.returns[rentals[0]!.id]!.map((entry) => entry.returnedQuantity)).toEqual([2, 3]);
    expect(first.returns[rentals[1]!.id]).toEqual([]);
    // At most one call per kind: no path is asked twice, the screen's and the copy's together,
    // unless the socket said meanwhile that records changed. The shell's own two (the profile
    // and the bell) are asked again by the page load that follows the sign-in.
    const SHELL = ['GET /api/auth/profile', 'GET /api/notifications'];
    expect(askedAgainUnprompted(calls, SHELL)).toEqual([]);
    if (!calls.some((entry) => entry.startsWith(CHANGED))) {
      expect(calls.filter(isCall).length).toBeLessThanOrEqual(14);
    }
    // The copy's calls were made by a worker: the page's own resource timings do not have them.
    const seenByPage = (await page.evaluate(
      "performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)",
    )) as string[];
    expect(seenByPage).not.toContain('/api/material-rentals/returns');
    expect(seenByPage).toContain('/api/material-rentals');

    // Another return is recorded; the dashboard, opened again, reads only what changed since.
    await giveBack(rentals[5]!, 4);
    calls.length = 0;
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect
      .poll(async () => (await keptOnDevice(page, manager.id)).synced)
      .toBeGreaterThan(first.synced!);
    console.log(`API calls to open the dashboard: ${calls.length}\n  ${calls.join('\n  ')}`);
    expect(calls.filter((call) => PER_RENTAL_RETURNS.test(call))).toEqual([]);
    const sinceCalls = calls.filter((call) => pathOf(call) === 'GET /api/material-rentals/returns');
    expect(sinceCalls).toHaveLength(1);
    expect(sinceCalls[0]).toContain('since=');
    // The shell's two may be asked again when the socket connects and tells that anything may
    // have changed; the copy's kinds once each, unless the socket said that records changed (the
    // return just recorded can be told after this page has loaded).
    expect(askedAgainUnprompted(calls, SHELL)).toEqual([]);
    const second = await keptOnDevice(page, manager.id);
    expect(second.returns[rentals[5]!.id]!.map((entry) => entry.returnedQuantity)).toEqual([4]);
    expect(second.returns[rentals[0]!.id]).toEqual(first.returns[rentals[0]!.id]);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await expect
      .poll(() => page.evaluate('navigator.serviceWorker.controller !== null'))
      .toBe(true);

    // Offline, the rentals page and a rental's return history come from the copy.
    await context.setOffline(true);
    await page.goto('/material-rentals');
    await expect(page.getByRole('heading', { name: 'Material Rentals' })).toBeVisible();
    await expect(page.locator(`tr[data-rental-id="${rentals[0]!.id}"]`)).toBeVisible();
    await page.getByRole('button', { name: `Actions for rental ${rentals[5]!.id}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'View Return History' }).click();
    const history = page.getByRole('dialog', { name: /^Return History/ });
    const rows = history.getByRole('table', { name: 'Returns' }).getByRole('row');
    await expect(rows).toHaveCount(2); // its header and the one return
    await expect(rows.nth(1)).toContainText('4 / 15');
    await context.setOffline(false);
  });
});
