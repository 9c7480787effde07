import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, type SessionUser } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { currentMonth } from './invoice-form';
import InvoicesPage from './invoices-page';

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

const invoice = (n: number) => ({
  id: n,
  invoiceId: `INV-00000${n}`,
  locationId: 3,
  location: { name: 'North Yard', address: '1 Quarry Road' },
  createdById: 1,
  clientName: `Client ${n}`,
  issueDate: '2026-05-04',
  dueDate: '2026-05-19',
  status: n === 1 ? 'FINALIZED' : 'DRAFT',
  grandTotalCalculatedVolumeQty: 12.5,
  kind: n === 1 ? 'WORK' : 'HIRE',
  number: n === 1 ? 'INV-2026-00001' : null,
  currency: 'GBP',
  grossCents: 123450 * n,
  createdAt: '2026-05-04T08:00:00.000Z',
  updatedAt: '2026-05-04T08:00:00.000Z',
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** The query of every invoice list request made so far. */
const listRequests = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/invoices')
    .map((url) => Object.fromEntries(url.searchParams));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/locations/options')) {
        return json({
          success: true,
          data: [
            { id: 3, name: 'North Yard', status: 'ACTIVE' },
            { id: 4, name: 'South Site', status: 'ACTIVE' },
          ],
        });
      }
      return json({
        success: true,
        message: 'ok',
        data: {
          invoices: [invoice(1), invoice(2)],
          totalPages: 3,
          totalInvoices: 23,
          currentPage: 1,
        },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderAt(url: string, user: SessionUser = admin) {
  sessionStore.set({ token: 'token', user });
  const router = createMemoryRouter(
    [
      { path: '/invoices', element: <InvoicesPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { url: () => router.state.location.pathname + router.state.location.search, router };
}

describe('the invoice list', () => {
  it('asks for this month at all locations by default, and shows the total in the heading', async () => {
    renderAt('/invoices');
    expect(await screen.findByRole('heading', { name: 'Invoices (23)' })).toBeTruthy();
    expect(listRequests().at(-1)).toEqual({ page: '1', limit: '10', month: currentMonth() });
    expect(screen.getByLabelText<HTMLInputElement>('Filter by month').value).toBe(currentMonth());
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by location').value).toBe('0');
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('All Locations');
  });

  it('reads the page, search, location and month from the URL', async () => {
    renderAt('/invoices?page=2&search=INV-1&location=4&month=2026-05');
    await screen.findByText('Client 2');
    expect(listRequests().at(-1)).toEqual({
      page: '2',
      limit: '10',
      search: 'INV-1',
      locationId: '4',
      month: '2026-05',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Search invoices').value).toBe('INV-1');
    await screen.findByRole('option', { name: 'South Site' });
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by location').value).toBe('4');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('writes filters to the URL, starting again from the first page, and Back restores them', async () => {
    const view = renderAt('/invoices?page=2&month=2026-05');
    await screen.findByText('Client 2');
    await screen.findByRole('option', { name: 'South Site' });
    fireEvent.change(screen.getByLabelText('Filter by location'), { target: { value: '3' } });
    expect(view.url()).toBe('/invoices?month=2026-05&location=3');
    fireEvent.change(screen.getByLabelText('Filter by location'), { target: { value: '0' } });
    expect(view.url()).toBe('/invoices?month=2026-05');

    fireEvent.change(screen.getByLabelText('Filter by month'), { target: { value: '' } });
    expect(view.url()).toBe('/invoices?month=all');
    await waitFor(() => expect(listRequests().at(-1)).toEqual({ page: '1', limit: '10' }));

    fireEvent.change(screen.getByLabelText('Search invoices'), { target: { value: ' acme ' } });
    await waitFor(() => expect(view.url()).toBe('/invoices?month=all&search=acme'));
    await waitFor(() =>
      expect(listRequests().at(-1)).toEqual({ page: '1', limit: '10', search: 'acme' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(view.url()).toBe('/invoices?month=all&search=acme&page=3');

    await act(() => view.router.navigate(-1));
    expect(view.url()).toBe('/invoices?month=all&search=acme');
    await act(() => view.router.navigate(-1));
    expect(view.url()).toBe('/invoices?month=all');
    await act(() => view.router.navigate(-1));
    await act(() => view.router.navigate(-1));
    expect(view.url()).toBe('/invoices?month=2026-05&location=3');
    await waitFor(() =>
      expect(listRequests().at(-1)).toEqual({
        page: '1',
        limit: '10',
        locationId: '3',
        month: '2026-05',
      }),
    );
  });

  it('offers Create Invoice and the write actions only with Manage Invoices', async () => {
    const fieldManager: SessionUser = {
      ...admin,
      role: 'USER',
      locationId: 3,
      location: { name: 'North Yard' },
      permissions: DEFAULT_PERMISSIONS,
    };
    renderAt('/invoices', fieldManager);
    await screen.findByText('Client 2');
    expect(screen.queryByRole('button', { name: 'Create Invoice' })).toBeNull();
    expect(screen.queryByLabelText('Filter by location')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Job Type Summary' })).toBeTruthy();
  });

  it("shows each invoice's number (Draft until finalized), kind and gross total in its currency", async () => {
    renderAt('/invoices');
    const finalized = (await screen.findByText('Client 1')).closest('tr')!;
    expect(finalized.textContent).toContain('INV-2026-00001');
    expect(finalized.textContent).toContain('Work');
    expect(finalized.textContent).toContain('£1,234.50');
    const draft = screen.getByText('Client 2').closest('tr')!;
    expect(draft.textContent).toContain('Draft');
    expect(draft.textContent).toContain('Hire');
    expect(draft.textContent).toContain('£2,469.00');
    expect(screen.getByRole('columnheader', { name: 'Total' })).toBeTruthy();
  });
});
