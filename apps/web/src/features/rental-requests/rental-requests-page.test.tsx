import type { RentalRequestSummaryDto, SessionUser } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '@/lib/offline/device';
import { outboxStore } from '@/lib/offline/device-db';
import type { OutboxEntry } from '@/lib/offline/outbox';
import { sessionStore } from '@/lib/session';
import { aFieldManager, anAdmin } from '@/lib/test-users';
import RentalRequestsPage from './rental-requests-page';

// The outbox over the in-memory store its own tests use, instead of IndexedDB.
vi.mock('@/lib/offline/device-db', async () => {
  const { memoryStore } = await import('@/lib/offline/memory-store');
  return { outboxStore: memoryStore() };
});

const fieldManager = aFieldManager({ id: 9, locationId: 1 });
const admin = anAdmin({ name: 'Fran Field' });

const row = (id: number, status: RentalRequestSummaryDto['status']): RentalRequestSummaryDto => ({
  id,
  requestedById: 9,
  requestedBy: {
    id: 9,
    name: 'Fran Field',
    email: 'fran@example.com',
    location: { id: 1, name: 'North Yard' },
  },
  locationId: 1,
  location: { name: 'North Yard', address: '1 Quarry Road' },
  requestedDate: '2026-03-02',
  returnDate: null,
  notes: null,
  status,
  itemCount: 3,
  createdAt: '2026-03-02T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
});

const listCalls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/rental-requests');

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            message: 'OK',
            data: [row(12, 'PENDING'), row(11, 'APPROVED')],
            pagination: { total: 42, totalPages: 5, page: 1, limit: 10 },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
});
afterEach(async () => {
  cleanup();
  await outbox.open(null);
  for (const entry of await outboxStore.list(fieldManager.id)) await outboxStore.remove(entry.key);
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function show(user: SessionUser) {
  sessionStore.set({ token: 'token', user });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/rental-requests']}>
        <RentalRequestsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the request list', () => {
  it('offers an admin Approve and Reject on pending rows only, and no New Request', async () => {
    show(admin);
    const pending = (await screen.findByText('#12')).closest('tr')!;
    const approved = screen.getByText('#11').closest('tr')!;
    expect(within(pending).getByText('02/03/2026')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Decide request #12' })).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: /Decide/ })).toBeNull();
    expect(
      within(approved)
        .getByRole('link', { name: 'View Details of request #11' })
        .getAttribute('href'),
    ).toBe('/requests/11');
    expect(screen.queryByRole('link', { name: 'New Request' })).toBeNull();
    expect(screen.getByText('Page 1 of 5 (Total 42 requests)')).toBeTruthy();
  });

  it('offers a field manager New Request and no decisions', async () => {
    show(fieldManager);
    await screen.findByText('#12');
    expect(screen.getByRole('link', { name: 'New Request' }).getAttribute('href')).toBe(
      '/requests/bulk/new',
    );
    expect(screen.queryByRole('button', { name: /Decide/ })).toBeNull();
  });

  it('asks for the rows per page and the status chosen', async () => {
    show(admin);
    await screen.findByText('#12');
    expect(listCalls().at(-1)!.searchParams.get('limit')).toBe('10');
    const sizes = within(screen.getByLabelText('Rows per page'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10', '20', '30', '50']);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '30' } });
    await waitFor(() => expect(listCalls().at(-1)!.searchParams.get('limit')).toBe('30'));
    const statuses = within(screen.getByLabelText('Filter by status'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(statuses).toEqual(['All Statuses', 'Pending', 'Approved', 'Rejected']);
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'REJECTED' } });
    await waitFor(() => expect(listCalls().at(-1)!.searchParams.get('status')).toBe('REJECTED'));
  });
});

/** A request kept on the device, as the request forms keep it without a connection. */
const kept = (key: string, seq: number, error: string | null = null): OutboxEntry => ({
  key,
  userId: fieldManager.id,
  seq,
  createdAt: '2026-03-03T09:00:00.000Z',
  title: 'Rental request: 2 materials',
  preview: {
    kind: 'request',
    summary: 'Rental request: 2 materials',
    location: 'South Site',
    requestedDate: '2026-03-09',
    items: [
      { name: 'Steel Tube', quantity: 12, unit: 'EACH' },
      { name: 'Base Plate', quantity: 4, unit: 'EACH' },
    ],
  },
  write: { method: 'POST', path: '/rental-requests', body: {} },
  state: error ? 'refused' : 'pending',
  error,
  attempts: error ? 1 : 0,
});

async function keep(...entries: OutboxEntry[]) {
  for (const entry of entries) await outboxStore.put(entry);
  await outbox.open(fieldManager.id);
}

describe('requests waiting on this device', () => {
  it('shows a kept request first, with what was asked, marked Pending and not to be opened', async () => {
    await keep(kept('a', 1));
    show(fieldManager);
    await screen.findByText('#12');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.getAttribute('data-testid')).toBe('pending-request');
    const waiting = within(rows[0]!);
    expect(waiting.getByText('South Site')).toBeTruthy();
    expect(waiting.getByText('09/03/2026')).toBeTruthy();
    expect(waiting.getByText('12 Each Steel Tube, 4 Each Base Plate')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Pending — not sent yet');
    expect(waiting.queryByRole('link')).toBeNull();
    expect(waiting.queryByRole('button')).toBeNull();
    expect(screen.getAllByTestId('pending-request')).toHaveLength(1);
  });

  it("shows a refused one with the server's message and a Discard that drops it", async () => {
    await keep(kept('a', 1, 'Location is not active.'));
    show(fieldManager);
    const row = await screen.findByTestId('pending-request');
    expect(row.textContent).toContain('Refused: Location is not active.');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Discard Rental request: 2 materials' }),
    );
    await waitFor(() => expect(screen.queryByTestId('pending-request')).toBeNull());
    expect(await outboxStore.list(fieldManager.id)).toEqual([]);
  });

  it('keeps them off a status other than Pending and off later pages', async () => {
    await keep(kept('a', 1));
    sessionStore.set({ token: 'token', user: fieldManager });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/rental-requests?status=APPROVED']}>
          <RentalRequestsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('#12');
    expect(screen.queryByTestId('pending-request')).toBeNull();
  });

  it('drops the row once the server has the request', async () => {
    await keep(kept('a', 1));
    show(fieldManager);
    await screen.findByTestId('pending-request');
    await outbox.flush();
    await waitFor(() => expect(screen.queryByTestId('pending-request')).toBeNull());
    const sent = vi
      .mocked(fetch)
      .mock.calls.filter(
        ([url, init]) => String(url) === '/api/rental-requests' && init?.method === 'POST',
      );
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]![1]!.headers).get('Idempotency-Key')).toBe('a');
  });
});
