import { admin, expect, signIn, test } from '../fixtures';

/**
 * What a phone does first (decision 056): the sign-in page and the dashboard load no
 * other screen's code (the skeleton rows of a loading list are held by table.test.tsx).
 */

/** The JavaScript files a page asked for, by name. */
function scriptsOf(page: import('@playwright/test').Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe('the first paint', () => {
  test("the sign-in page asks for no chunk of another screen, nor the shell's", async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const others = scripts.filter((path) =>
      /\/(inventory-page|dashboard-page|material-rentals-page|catalogue-page|invoices-page|staff-page|attendance-page|app-shell|device)-/.test(
        path,
      ),
    );
    expect(others).toEqual([]);
  });

  test("the dashboard asks for no other screen's chunk", async ({ page }) => {
    await signIn(page, admin);
    const scripts = scriptsOf(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /\/dashboard-page-/.test(path))).toBe(true);
    expect(
      scripts.filter((path) =>
        /\/(inventory|catalogue|invoices|staff|attendance)-page-/.test(path),
      ),
    ).toEqual([]);
  });
});
