import { admin, apiLogin, expect, signIn, test } from '../fixtures';

/** What the browser fetched of a kind (script, stylesheet), with the bytes each took on the wire. */
async function loaded(page: import('@playwright/test').Page, path: string) {
  const files: { url: string; type: string; bytes: number; encoding: string | null }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        files.push({
          url: request.url(),
          type,
          bytes: sizes.responseBodySize,
          encoding: (await response?.headerValue('content-encoding')) ?? null,
        });
      })(),
    );
  });
  await page.goto(path);
  return { files, settled: () => Promise.all(pending) };
}

test.describe('what the server sends', () => {
  test('the sign-in page sends at most 150 KB of compressed JavaScript and CSS, and no chart library', async ({
    page,
  }) => {
    const { files, settled } = await loaded(page, '/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await settled();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file.encoding, file.url).toBe('br');
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    expect(total).toBeLessThanOrEqual(150 * 1024);
    expect(files.map((file) => file.url).join('\n')).not.toMatch(/CategoricalChart|recharts/);
  });

  test('the chart library is fetched where a chart is drawn, on the dashboard', async ({
    page,
  }) => {
    await signIn(page, admin);
    const { files, settled } = await loaded(page, '/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // The chart's code is asked for once the cards and tables have painted.
    await expect.poll(() => files.some((file) => /CategoricalChart/.test(file.url))).toBe(true);
    await settled();
  });

  test('the staff list leaves the chart library until an attendance overview is opened', async ({
    page,
    seed,
  }) => {
    const site = await seed.location({ type: 'FIELD' });
    await signIn(page, await seed.fieldManager(site.id));
    const { files, settled } = await loaded(page, '/staff');
    await expect(page.getByRole('heading', { name: 'Staff Management' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await settled();
    expect(files.map((file) => file.url).join('\n')).not.toMatch(/CategoricalChart/);
  });

  test('hashed files are kept for a year and the page itself is asked again', async ({
    request,
  }) => {
    const page = await request.get('/login');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script as string);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('HEAD answers as GET does for the app, and a missing file is 404, not the app', async ({
    request,
  }) => {
    for (const path of ['/login', '/invoices', '/users/12']) {
      const head = await request.head(path);
      expect(head.status(), path).toBe(200);
      expect(head.headers()['content-type'], path).toContain('text/html');
    }
    for (const path of ['/assets/nope.js', '/favicon.ico', '/robots.txt']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'] ?? '', path).not.toContain('text/html');
    }
  });

  test('API answers are compressed as the client asks', async ({ request }) => {
    const { token } = await apiLogin(request, admin);
    const headers = { authorization: `Bearer ${token}` };
    const brotli = await request.get('/api/docs/json', {
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(brotli.headers()['content-encoding']).toBe('br');
    const gzip = await request.get('/api/docs/json', {
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    // The client reads the same JSON whatever the encoding.
    expect((await gzip.json()).openapi).toMatch(/^3\./);
    const plain = await request.get('/api/docs/json', {
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    expect(plain.headers()['content-encoding']).toBeUndefined();
  });
});
