import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { ALL_PERMISSIONS, mayOpen, ROUTES, type Role, THEME_STORAGE_KEY } from '@stockyard/shared';
import { type Account, admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

/**
 * Every page of the route table and the main dialogs, checked by axe-core against WCAG 2.1 A and
 * AA: as an admin and as a field manager holding every flag, in the light and the Dark theme, on a
 * laptop's width and a phone's. A serious or critical violation fails the test, named by its rule,
 * its element and where it was found.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WIDTHS = [1280, 390] as const;
const ROLES: Role[] = ['ADMIN', 'USER'];
/** The WCAG 2.1 A and AA rules about colour (axe-core's `cat.color` among TAGS'). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Created = { data: { id: number; name: string } };

function isoDate(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** One of each record a page with an :id shows, at the field manager's location. */
type World = {
  site: number;
  manager: Account & { id: number; name: string };
  peer: { name: string };
  material: string;
  invoice: { id: number; invoiceId: string };
  request: number;
  staff: number;
};

async function seedWorld(
  request: APIRequestContext,
  seed: {
    location: () => Promise<{ id: number; name: string }>;
    fieldManager: (
      locationId: number,
      permissions?: typeof ALL_PERMISSIONS,
    ) => Promise<Account & { id: number; name: string }>;
  },
): Promise<World> {
  const { token } = await apiLogin(request, admin);
  const site = await seed.location();
  const yard = await seed.location();
  const manager = await seed.fieldManager(site.id, ALL_PERMISSIONS);
  const peer = await seed.fieldManager(site.id);
  const material = unique('Scaffold Tube');
  const atSite = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
    name: material,
    locationId: site.id,
    quantity: 40,
    unit: 'EACH',
  });
  const atYard = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
    name: unique('Ledger Board'),
    locationId: yard.id,
    quantity: 40,
    unit: 'EACH',
  });
  const invoiceId = `INV-A11Y-${Date.now().toString(36)}${process.pid}`.toUpperCase();
  const invoice = await apiCall<Created>(request, token, 'POST', '/api/invoices', {
    invoiceId,
    locationId: site.id,
    clientName: 'Northwind Build',
    clientAddress: '3 Mill Road, York',
    issueDate: isoDate(),
    dueDate: isoDate(30),
    items: [
      {
        job_description: 'Deck boards',
        job_type: 'Erection',
        uom: 'SQM (M2)',
        quantity: 2,
        length: 3.5,
        width: 1.2,
        height: 0,
        materialUsages: [],
      },
    ],
  });
  const fm = await apiLogin(request, manager);
  const asked = await apiCall<Created>(request, fm.token, 'POST', '/api/rental-requests', {
    locationId: site.id,
    requestedDate: isoDate(),
    items: [{ materialId: atSite.data.id, name: material, quantity: 4, unit: 'EACH' }],
  });
  await apiCall(request, token, 'POST', '/api/material-rentals', {
    fromLocationId: yard.id,
    toLocationId: site.id,
    expectedReturnDate: isoDate(14),
    items: [{ materialId: atYard.data.id, quantity: 3, unit: 'EACH' }],
  });
  const staff = await apiCall<Created>(request, token, 'POST', '/api/staff', {
    name: unique('Asha Rigger'),
    email: `${unique('asha').replaceAll(' ', '.').toLowerCase()}@site.test`,
    phone: '+44 7700 900123',
    position: 'Scaffolder',
    locationId: site.id,
    department: 'Erection',
    hireDate: '2024-03-18',
    salary: 38500,
    status: 'ACTIVE',
    address: '12 Harbour Lane, Hull',
    emergencyContact: 'Ravi Rigger',
    emergencyPhone: '07700 900456',
  });
  await apiCall(request, token, 'POST', '/api/attendance', {
    staffId: staff.data.id,
    locationId: site.id,
    date: isoDate(),
    checkIn: '08:00',
    checkOut: '16:30',
    status: 'PRESENT',
  });
  return {
    site: site.id,
    manager,
    peer,
    material,
    invoice: { id: invoice.data.id, invoiceId },
    request: asked.data.id,
    staff: staff.data.id,
  };
}

/** The address of a route of the table, its :id the seeded record's. */
function address(path: string, world: World): string {
  const ids: Record<string, number | string> = {
    // A label's address that names no material: the page says so (a known one opens another page).
    '/m/:code': 'NO-SUCH-LABEL',
    '/l/:id': world.site,
    '/requests/:id': world.request,
    '/invoices/edit/:id': world.invoice.id,
    '/invoices/:id/items': world.invoice.id,
    '/invoices/:id/item-list': world.invoice.id,
    '/attendance/:staffId': world.staff,
  };
  if (!path.includes(':')) return path;
  const id = ids[path];
  if (id === undefined) throw new Error(`No seeded record for ${path}: add one to seedWorld`);
  return path.replace(/:[a-zA-Z]+/, String(id));
}

/** Waits until the page has its data: no spinner, no "Loading..." line. */
async function settle(page: Page) {
  await expect(page.getByRole('status', { name: 'Loading', exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0);
}

/**
 * The serious and critical violations on the page as it is, one line each: of the whole page, or
 * of what `within` selects (an open dialog, whose page has a scan of its own).
 */
async function scan(
  page: Page,
  where: string,
  within?: string,
  rules?: string[],
): Promise<string[]> {
  // Legacy mode runs axe in the page alone: the app has no frames, and it saves a page per scan.
  const builder = new AxeBuilder({ page }).setLegacyMode();
  const axe = rules ? builder.withRules(rules) : builder.withTags(TAGS);
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const detail = [...node.any, ...node.all, ...node.none][0]?.message ?? violation.help;
        return `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${detail}`;
      }),
    );
}

/** What a scan with a dialog open looks at: the dialog (the notifications dropdown is one too). */
const DIALOG = '[role="dialog"]';

/** A dialog opened on a page; `open` leaves it showing. */
type DialogCase = {
  name: string;
  roles: Role[];
  path: (world: World) => string;
  open: (page: Page, world: World) => Promise<void>;
};

const DIALOGS: DialogCase[] = [
  {
    name: 'Notifications',
    roles: ['ADMIN', 'USER'],
    path: () => '/',
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    },
  },
  {
    name: 'Add Location',
    roles: ['ADMIN'],
    path: () => '/locations',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Location' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Location' })).toBeVisible();
    },
  },
  {
    name: 'Add Item',
    roles: ['ADMIN', 'USER'],
    path: () => '/inventory',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Item' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Item' })).toBeVisible();
    },
  },
  {
    name: 'Add Material Type',
    roles: ['ADMIN'],
    path: () => '/catalogue',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Material Type' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Material Type' })).toBeVisible();
    },
  },
  {
    name: 'Transfer Material',
    roles: ['ADMIN', 'USER'],
    path: (world) => `/inventory?search=${encodeURIComponent(world.material)}`,
    open: async (page, world) => {
      await page.getByRole('button', { name: `Transfer ${world.material}` }).click();
      await expect(page.getByRole('dialog', { name: 'Transfer Material' })).toBeVisible();
    },
  },
  {
    name: 'Edit User',
    roles: ['ADMIN', 'USER'],
    path: () => '/users',
    open: async (page, world) => {
      await page.getByRole('button', { name: `Edit ${world.peer.name}` }).click();
      await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    },
  },
  {
    name: 'Invoice Preview',
    roles: ['ADMIN', 'USER'],
    path: (world) => `/invoices?search=${world.invoice.invoiceId}`,
    open: async (page, world) => {
      await page.getByRole('button', { name: `Actions for ${world.invoice.invoiceId}` }).click();
      await page.getByRole('menuitem', { name: 'Preview Invoice' }).click();
      await expect(
        page.getByRole('article', { name: `Invoice ${world.invoice.invoiceId}` }),
      ).toBeVisible();
    },
  },
  {
    name: 'Assign New Rental',
    roles: ['ADMIN'],
    path: () => '/material-rentals',
    open: async (page) => {
      await page.getByRole('button', { name: 'Assign New Rental' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Rental' })).toBeVisible();
    },
  },
  {
    name: 'Add Staff',
    roles: ['USER'],
    path: () => '/staff',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Staff' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Staff' })).toBeVisible();
    },
  },
  {
    name: 'Mark Attendance',
    roles: ['USER'],
    path: (world) => `/attendance/${world.staff}`,
    open: async (page) => {
      await page.getByRole('button', { name: 'Mark Attendance' }).click();
      await expect(page.getByRole('dialog', { name: 'Mark Attendance' })).toBeVisible();
    },
  },
];

/**
 * Opens an address inside the running app as its own links do, without loading the page again: the
 * matrix checks pages, not the app's start, which first-paint.spec.ts and Lighthouse measure.
 */
async function visit(page: Page, url: string) {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(url)}); dispatchEvent(new PopStateEvent('popstate'));`,
  );
}

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const role of ROLES) {
    for (const width of WIDTHS) {
      const who = role === 'ADMIN' ? 'an admin' : 'a field manager with every flag';
      test(`${who}, ${width} px, light and dark themes: no serious or critical violation on any page or main dialog`, async ({
        page,
        request,
        seed,
      }) => {
        // Some sixty scans in one browser, on a loaded two-core machine.
        test.setTimeout(600_000);
        const world = await seedWorld(request, seed);
        const account = role === 'ADMIN' ? admin : world.manager;
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
        // The theme that follows the system's: each page is scanned in the light theme, then the
        // system turns dark and the app follows it live, as a person switching theme sees it.
        await page.addInitScript((key) => localStorage.setItem(key, 'system'), THEME_STORAGE_KEY);
        const found: string[] = [];

        /**
         * Every WCAG rule in the light theme; in the dark theme the rules about colour, the only
         * thing the theme changes (its stylesheet swaps colours, never what is shown).
         */
        const scanBothThemes = async (where: string, within?: string) => {
          await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
          found.push(...(await scan(page, `${where} [${role}, light, ${width} px]`, within)));
          await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
          await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          found.push(
            ...(await scan(page, `${where} [${role}, dark, ${width} px]`, within, COLOUR_RULES)),
          );
          await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
          await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        };

        if (role === 'ADMIN') {
          await page.goto('/login');
          await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
          await scanBothThemes('/login');
        }

        await signIn(page, account);
        await page.goto('/');
        await settle(page);
        const actor = { role, permissions: ALL_PERMISSIONS };
        const pages = ROUTES.filter((route) => mayOpen(actor, route));
        for (const route of pages) {
          const url = address(route.path, world);
          await visit(page, url);
          await expect(page.getByTestId('section-title')).toHaveText(route.title);
          await settle(page);
          await scanBothThemes(url);
        }

        if (width < 1024) {
          await visit(page, '/');
          await settle(page);
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await scanBothThemes('/ with the navigation drawer open', DIALOG);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }

        for (const dialog of DIALOGS.filter((d) => d.roles.includes(role))) {
          // A full load, so that no dialog or menu of the last case is left open.
          await page.goto(dialog.path(world));
          await settle(page);
          await dialog.open(page, world);
          await settle(page);
          await scanBothThemes(`${dialog.path(world)} with ${dialog.name}`, DIALOG);
        }

        expect(found, found.join('\n')).toEqual([]);
      });
    }
  }
});
