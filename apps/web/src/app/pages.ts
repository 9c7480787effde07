import { mayOpen, ROUTES, type RouteEntry, type SessionUser } from '@stockyard/shared';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { type Preloadable, preloadable } from '@/lib/preloadable';

type PageModule = Promise<{ default: ComponentType }>;

const invoiceWizard = () => import('@/features/invoices/invoice-wizard-page');
const attendance = () => import('@/features/attendance/attendance-page');

/** The pages a scanned label opens: one the user may not open says so, rather than going home. */
export const LABEL_PATHS = new Set(['/m/:code', '/l/:id']);

/** The code of each path's page. */
const LOADERS: Record<string, () => PageModule> = {
  '/': () => import('@/features/dashboard/dashboard-page'),
  '/locations': () => import('@/features/locations/locations-page'),
  '/inventory': () => import('@/features/inventory/inventory-page'),
  '/catalogue': () => import('@/features/catalogue/catalogue-page'),
  '/imports': () => import('@/features/imports/imports-page'),
  '/labels': () => import('@/features/labels/labels-page'),
  '/m/:code': () => import('@/features/labels/material-code-page'),
  '/l/:id': () => import('@/features/labels/location-code-page'),
  '/users': () => import('@/features/users/users-page'),
  '/invoices': () => import('@/features/invoices/invoices-page'),
  '/invoices/generate': invoiceWizard,
  '/invoices/billing': () => import('@/features/billing/billing-page'),
  '/invoices/edit/:id': invoiceWizard,
  '/invoices/:id/items': () => import('@/features/invoices/invoice-items-page'),
  '/invoices/:id/item-list': () => import('@/features/invoices/invoice-item-list-page'),
  '/reports/invoice-job-type-summary': () =>
    import('@/features/invoices/job-type-summary-report-page'),
  '/inventory/rental-request': () => import('@/features/rental-requests/single-request-page'),
  '/rental-requests': () => import('@/features/rental-requests/rental-requests-page'),
  '/requests/bulk/new': () => import('@/features/rental-requests/bulk-request-page'),
  '/requests/:id': () => import('@/features/rental-requests/request-detail-page'),
  '/material-rentals': () => import('@/features/material-rentals/material-rentals-page'),
  '/staff': () => import('@/features/staff/staff-page'),
  '/attendance': attendance,
  '/attendance/:staffId': attendance,
  '/notifications': () => import('@/features/notifications/notifications-page'),
  '/settings': () => import('@/features/settings/settings-page'),
  '/admin/activity-tracking': () => import('@/features/activity/activity-tracking-page'),
};

/**
 * The page of each path in the shared route table (packages/shared/src/access.ts).
 * A path joins ROUTES and this map together, when its page is built.
 */
export const PAGES: Record<string, Preloadable> = (() => {
  // A page of two paths (the invoice wizard, attendance) is one component for both.
  const pages = new Map<() => PageModule, Preloadable>();
  return Object.fromEntries(
    Object.entries(LOADERS).map(([path, load]) => {
      const page = pages.get(load) ?? preloadable(load);
      pages.set(load, page);
      return [path, page];
    }),
  );
})();

/** The entry of the shared route table whose path `pathname` is, if any. */
export function routeAt(pathname: string): RouteEntry | undefined {
  return ROUTES.find((entry) => matchPath({ path: entry.path, end: true }, pathname));
}

/**
 * The page a visit to `pathname` shows this user: the page at that path, or the Dashboard for a
 * page they may not open (they are sent home from it, router.tsx), except a scanned label's, which
 * says so; null for no page (not found, or the label's refusal).
 */
export function pageShown(pathname: string, user: SessionUser | undefined): string | null {
  const route = routeAt(pathname);
  if (!route) return null;
  if (mayOpen(user, route)) return route.path;
  return LABEL_PATHS.has(route.path) ? null : '/';
}

/**
 * Starts fetching the code of the page a visit to `pathname` shows `user` (the Dashboard's, for a
 * page they are sent home from): a signed-in visit asks for it at once, beside the session's check
 * and the shell, rather than after them; once loaded, the page renders with the shell, in the same
 * commit (lib/preloadable.ts).
 */
export function preloadPage(pathname: string, user: SessionUser | undefined): void {
  const shown = pageShown(pathname, user);
  void (shown ? PAGES[shown] : undefined)?.preload().catch(() => undefined);
}
