import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const invoiceWizard = lazy(() => import('@/features/invoices/invoice-wizard-page'));
const attendance = lazy(() => import('@/features/attendance/attendance-page'));

/**
 * The page of each path in the shared route table (packages/shared/src/access.ts).
 * A path joins ROUTES and this map together, when its page is built.
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('@/features/dashboard/dashboard-page')),
  '/locations': lazy(() => import('@/features/locations/locations-page')),
  '/inventory': lazy(() => import('@/features/inventory/inventory-page')),
  '/catalogue': lazy(() => import('@/features/catalogue/catalogue-page')),
  '/imports': lazy(() => import('@/features/imports/imports-page')),
  '/labels': lazy(() => import('@/features/labels/labels-page')),
  '/m/:code': lazy(() => import('@/features/labels/material-code-page')),
  '/l/:id': lazy(() => import('@/features/labels/location-code-page')),
  '/users': lazy(() => import('@/features/users/users-page')),
  '/invoices': lazy(() => import('@/features/invoices/invoices-page')),
  '/invoices/generate': invoiceWizard,
  '/invoices/billing': lazy(() => import('@/features/billing/billing-page')),
  '/invoices/edit/:id': invoiceWizard,
  '/invoices/:id/items': lazy(() => import('@/features/invoices/invoice-items-page')),
  '/invoices/:id/item-list': lazy(() => import('@/features/invoices/invoice-item-list-page')),
  '/reports/invoice-job-type-summary': lazy(
    () => import('@/features/invoices/job-type-summary-report-page'),
  ),
  '/inventory/rental-request': lazy(() => import('@/features/rental-requests/single-request-page')),
  '/rental-requests': lazy(() => import('@/features/rental-requests/rental-requests-page')),
  '/requests/bulk/new': lazy(() => import('@/features/rental-requests/bulk-request-page')),
  '/requests/:id': lazy(() => import('@/features/rental-requests/request-detail-page')),
  '/material-rentals': lazy(() => import('@/features/material-rentals/material-rentals-page')),
  '/staff': lazy(() => import('@/features/staff/staff-page')),
  '/attendance': attendance,
  '/attendance/:staffId': attendance,
  '/notifications': lazy(() => import('@/features/notifications/notifications-page')),
  '/settings': lazy(() => import('@/features/settings/settings-page')),
  '/admin/activity-tracking': lazy(() => import('@/features/activity/activity-tracking-page')),
};
