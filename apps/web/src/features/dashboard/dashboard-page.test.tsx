import {
  ALL_PERMISSIONS,
  type DashboardCountsDto,
  DEFAULT_PERMISSIONS,
  type SessionUser,
} from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { stepLabel } from './components/rentals-chart';
import DashboardPage from './dashboard-page';

const admin: SessionUser = {
  id: 1,
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'ADMIN',
  locationId: null,
  location: null,
  status: true,
  lastLogin: null,
  permissions: ALL_PERMISSIONS,
};
const manager: SessionUser = {
  ...admin,
  id: 2,
  role: 'USER',
  locationId: 4,
  location: { name: 'Harbour Site' },
  permissions: DEFAULT_PERMISSIONS,
};

const material = (id: number, name: string, quantity: number) => ({
  id,
  name,
  locationId: 3,
  location: { name: 'North Yard' },
  notes: null,
  quantity,
  unit: 'EACH',
  status: quantity === 0 ? 'Out of Stock' : 'Low Stock',
  createdAt: '2026-05-04T08:00:00.000Z',
  updatedAt: '2026-05-04T08:00:00.000Z',
});

const shared = {
  totalMaterialCount: 196,
  activeRentals: 9,
  percentageChangeFromLastMonth: 30.7,
  activeRentalsPercentageChange: -47.1,
  topLocations: [
    {
      location: { id: 3, name: 'North Yard', address: '1 Quarry Road' },
      inventoryLevel: 84.7,
      inventoryCount: 166,
    },
    {
      location: { id: 4, name: 'Harbour Site', address: '2 Pier Street' },
      inventoryLevel: 15.3,
      inventoryCount: 30,
    },
  ],
  series: [{ date: '2026-11-25', rentedOut: 4, returned: 6 }],
};

const forAdmin: DashboardCountsDto = {
  ...shared,
  period: 'today',
  admin: {
    totalInvoices: 12,
    totalUsers: 7,
    totalMaterials: 5,
    totalRentalRequestsThisMonth: 2,
    lowStock: [material(8, 'Wedge', 0), material(9, 'Base plate', 4)],
  },
  user: null,
} as DashboardCountsDto;

const forManager: DashboardCountsDto = {
  ...shared,
  period: 'today',
  totalMaterialCount: 30,
  topLocations: [{ ...shared.topLocations[1]!, inventoryLevel: 100 }],
  admin: null,
  user: { totalStaff: 6, totalPresentStaff: 4, onLeaveStaff: 1, totalInvoices: 3 },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let answer: () => Response;

/** The filter of every dashboard call made so far. */
const filters = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/users/dashboard-counts')
    .map((url) => url.searchParams.get('filter'));

beforeEach(() => {
  answer = () => json({ success: true, message: 'ok', data: forAdmin });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderAt(url: string, user: SessionUser = admin) {
  sessionStore.set({ token: 'token', user });
  const router = createMemoryRouter([{ path: '/', element: <DashboardPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { url: () => router.state.location.pathname + router.state.location.search };
}

const card = (title: string) => within(screen.getByRole('group', { name: title }));

describe('the dashboard', () => {
  it("shows an admin's cards, the shared figures with their change, and Low Stock Items", async () => {
    renderAt('/');
    await waitFor(() => expect(card('Total Invoices').getByText('12')).toBeTruthy());
    expect(card('Total Users').getByText('7')).toBeTruthy();
    expect(card('Total Materials').getByText('5')).toBeTruthy();
    expect(card('Rental Requests (This Month)').getByText('2')).toBeTruthy();
    expect(card('Total Inventory').getByText('196')).toBeTruthy();
    expect(card('Total Inventory').getByText(/Items across all locations/)).toBeTruthy();
    const rising = card('Total Inventory').getByText('+30.7% from last month');
    expect(rising.className).toContain('text-green-700');
    // Units out on rental, not rentals: the rentals page's Active Rentals counts rentals.
    const falling = card('Items Out on Rental').getByText('-47.1% from last month');
    expect(falling.className).toContain('text-amber-600');
    expect(card('Items Out on Rental').getByText(/Currently rented items/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Active Rentals' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Total Staff' })).toBeNull();
    const lowStock = within(screen.getByRole('region', { name: 'Low Stock Items' }));
    expect(lowStock.getAllByRole('row')).toHaveLength(3);
    expect(lowStock.getByText('Out of Stock')).toBeTruthy();
    expect(lowStock.getByText('Low Stock')).toBeTruthy();
    expect(filters()).toEqual(['today']);
  });

  it("shows a field manager's cards and no Low Stock Items", async () => {
    answer = () => json({ success: true, message: 'ok', data: forManager });
    renderAt('/', manager);
    await waitFor(() => expect(card('Total Staff').getByText('6')).toBeTruthy());
    expect(card('Total Present Staff').getByText('4')).toBeTruthy();
    expect(card('On Leave Staff').getByText('1')).toBeTruthy();
    expect(card('Total Invoices').getByText('3')).toBeTruthy();
    expect(card('Total Inventory').getByText('30')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Total Users' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Low Stock Items' })).toBeNull();
  });

  it('keeps the period in the URL and asks for it', async () => {
    const view = renderAt('/?period=year');
    await screen.findByText('LOC-003');
    expect(screen.getByLabelText<HTMLSelectElement>('Period').value).toBe('year');
    expect(filters()).toEqual(['year']);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'week' } });
    await waitFor(() => expect(filters()).toEqual(['year', 'week']));
    expect(view.url()).toBe('/?period=week');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'today' } });
    await waitFor(() => expect(view.url()).toBe('/'));
  });

  it('filters the locations table with the search box', async () => {
    renderAt('/');
    const table = within(await screen.findByRole('region', { name: 'Locations' }));
    await table.findByText('LOC-003');
    expect(table.getByText('Showing 2 of 2 locations')).toBeTruthy();
    expect(table.getByText('84.7% (166)')).toBeTruthy();
    fireEvent.change(table.getByLabelText('Search locations'), { target: { value: 'pier' } });
    expect(table.queryByText('LOC-003')).toBeNull();
    expect(table.getByText('LOC-004')).toBeTruthy();
    expect(table.getByText('Showing 1 of 2 locations')).toBeTruthy();
    fireEvent.change(table.getByLabelText('Search locations'), { target: { value: 'nowhere' } });
    expect(table.getByText('No locations found.')).toBeTruthy();
    expect(table.getByText('Showing 0 of 2 locations')).toBeTruthy();
  });

  it('shows zeros and a quiet line with Retry when the figures cannot be loaded', async () => {
    answer = () => json({ success: false, message: 'Boom', code: 'INTERNAL' }, 500);
    renderAt('/');
    expect(await screen.findByText('Figures could not be loaded')).toBeTruthy();
    expect(card('Total Invoices').getByText('0')).toBeTruthy();
    expect(card('Total Inventory').getByText('0')).toBeTruthy();
    expect(screen.getByText('No locations found.')).toBeTruthy();
    answer = () => json({ success: true, message: 'ok', data: forAdmin });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card('Total Invoices').getByText('12')).toBeTruthy());
    expect(screen.queryByText('Figures could not be loaded')).toBeNull();
  });

  it('shows skeletons while the figures load', async () => {
    let release: () => void = () => undefined;
    answer = () => json({ success: true, message: 'ok', data: forAdmin });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(answer());
          }),
      ),
    );
    renderAt('/');
    await waitFor(() => expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(6));
    release();
    await waitFor(() => expect(screen.queryAllByTestId('skeleton')).toHaveLength(0));
  });
});

describe('the chart steps', () => {
  it('reads as a day, or a month for This Year', () => {
    expect(stepLabel('2026-11-25', false)).toBe('25 Nov');
    expect(stepLabel('2026-01-01', true)).toBe('Jan');
  });
});
