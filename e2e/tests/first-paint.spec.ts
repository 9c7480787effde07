import fs from 'node:fs';
import path from 'node:path';
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

/** A built chunk, as the web build's chunk report lists it (apps/web/vite.config.ts). */
type Chunk = { file: string; modules: string[]; imports: string[] };

test.describe("what a page's code builds as it loads", () => {
  // The schema module of the export control, which every list's Export button reads.
  const allowed = new Set(['packages/shared/src/schemas/exports.ts']);
  const pages = [
    'app/layout/app-shell.tsx',
    'features/dashboard/dashboard-page.tsx',
    'features/inventory/inventory-page.tsx',
    'features/catalogue/catalogue-page.tsx',
    'features/material-rentals/material-rentals-page.tsx',
    'features/rental-requests/rental-requests-page.tsx',
    'features/staff/staff-page.tsx',
    'features/attendance/attendance-page.tsx',
    'features/invoices/invoices-page.tsx',
  ];
  const report = path.resolve(import.meta.dirname, '../../apps/web/dist/.vite/chunks.json');

  for (const source of pages) {
    test(`${path.basename(source, '.tsx')} runs no zod schema module with its chunks (decision 074)`, () => {
      const chunks = JSON.parse(fs.readFileSync(report, 'utf8')) as Chunk[];
      const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
      const own = chunks.find((chunk) => chunk.modules.includes(`apps/web/src/${source}`));
      expect(own, `the chunk of ${source}`).toBeDefined();
      // The chunk and every chunk it imports statically, which the browser runs before it.
      const loaded = new Set<string>();
      const load = (file: string) => {
        if (loaded.has(file)) return;
        loaded.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) load(imported);
      };
      load(own!.file);
      const modules = [...loaded].flatMap((file) => byFile.get(file)?.modules ?? []);
      expect(modules.length).toBeGreaterThan(10);
      const schemas = modules.filter(
        (module) => /(^|\/)src\/schemas\//.test(module) && !allowed.has(module),
      );
      expect(schemas).toEqual([]);
    });
  }
});
