import { DEFAULT_PERMISSIONS, ROUTES } from '@stockyard/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aFieldManager, anAdmin } from '@/lib/test-users';
import { PAGES, pageShown, preloadPage } from './pages';

const fieldManager = aFieldManager();
const admin = anAdmin({ name: 'Fran Field', permissions: DEFAULT_PERMISSIONS });

afterEach(() => vi.restoreAllMocks());

describe('the pages of the route table', () => {
  it('has a page for every route of the shared table, and no page outside it', () => {
    expect(Object.keys(PAGES).sort()).toEqual(ROUTES.map((route) => route.path).sort());
  });
});

describe('the page a visit shows', () => {
  it("is the path's page, the Dashboard for a page the user may not open, none for a refused label", () => {
    expect(pageShown('/staff', fieldManager)).toBe('/staff');
    expect(pageShown('/invoices/7/items', admin)).toBe('/invoices/:id/items');
    expect(pageShown('/staff', admin)).toBe('/');
    const noInventory = {
      ...fieldManager,
      permissions: { ...DEFAULT_PERMISSIONS, viewInventory: false },
    };
    expect(pageShown('/m/BMR-000001', noInventory)).toBeNull();
    expect(pageShown('/no/such/page', admin)).toBeNull();
  });

  it("fetches the code of the page shown: the Dashboard's for a page the user is sent home from", () => {
    const dashboard = vi.spyOn(PAGES['/']!, 'preload').mockResolvedValue(undefined as never);
    const staff = vi.spyOn(PAGES['/staff']!, 'preload').mockResolvedValue(undefined as never);
    preloadPage('/staff', admin);
    expect(dashboard).toHaveBeenCalledTimes(1);
    expect(staff).not.toHaveBeenCalled();
    preloadPage('/staff', fieldManager);
    expect(staff).toHaveBeenCalledTimes(1);
  });
});
