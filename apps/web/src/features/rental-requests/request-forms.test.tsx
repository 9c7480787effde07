import { localToday, RENTAL_REQUEST_MESSAGES as M, type SessionUser } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { aFieldManager, anAdmin } from '@/lib/test-users';
import BulkRequestPage from './bulk-request-page';
import { DecisionDialog } from './components/decision-dialog';
import SingleRequestPage from './single-request-page';

const fieldManager = aFieldManager({ id: 9, locationId: 1 });
const admin = anAdmin();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Every active location's stock, as GET /rental-requests/materials answers it. */
const STOCK = [
  {
    id: 11,
    name: 'Scaffold tube',
    unit: 'EACH',
    quantity: 40,
    location: { id: 1, name: 'North Yard' },
  },
  {
    id: 12,
    name: 'Swivel clamp',
    unit: 'EACH',
    quantity: 300,
    location: { id: 1, name: 'North Yard' },
  },
  {
    id: 21,
    name: 'Base plate',
    unit: 'EACH',
    quantity: 8,
    location: { id: 2, name: 'South Site' },
  },
];

const posts = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(
      ([url, init]) => String(url) === '/api/rental-requests' && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/locations/options') {
        return json(200, {
          success: true,
          data: [
            { id: 1, name: 'North Yard', status: 'ACTIVE' },
            { id: 2, name: 'South Site', status: 'ACTIVE' },
          ],
        });
      }
      if (url.pathname === '/api/rental-requests/materials') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const data = STOCK.filter((m) => m.name.toLowerCase().includes(search));
        return json(200, { success: true, data });
      }
      if (url.pathname.startsWith('/api/rental-requests') && init?.method !== 'GET') {
        return json(init?.method === 'POST' ? 201 : 200, {
          success: true,
          message: 'OK',
          data: { id: 77 },
        });
      }
      return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function show(user: SessionUser, page: ReactNode) {
  sessionStore.set({ token: 'token', user });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the bulk request form', () => {
  it("offers a field manager every location's stock, grouped by location, delivered to their own, and sends the request", async () => {
    show(fieldManager, <BulkRequestPage />);
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('North Yard');
    expect((screen.getByLabelText('Request Date') as HTMLInputElement).readOnly).toBe(true);
    await screen.findByRole('option', { name: 'Scaffold tube (40 available)' });
    const picker = screen.getByLabelText('Material 1');
    expect(within(picker).getByRole('group', { name: 'South Site' })).toBeTruthy();
    expect(
      within(within(picker).getByRole('group', { name: 'South Site' })).getByRole('option', {
        name: 'Base plate (8 available)',
      }),
    ).toBeTruthy();
    // Find stock narrows every picker to the materials of that name.
    type('Find stock', 'plate');
    await waitFor(() =>
      expect(
        within(picker).queryByRole('option', { name: 'Scaffold tube (40 available)' }),
      ).toBeNull(),
    );
    type('Find stock', '');
    await within(picker).findByRole('option', { name: 'Scaffold tube (40 available)' });
    fireEvent.change(screen.getByLabelText('Material 1'), { target: { value: '11' } });
    type('Quantity 1', '12');
    type('Description 1', 'Six metre');
    expect((screen.getByLabelText('Unit 1') as HTMLInputElement).value).toBe('EACH');
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    fireEvent.change(screen.getByLabelText('Material 2'), { target: { value: '21' } });
    type('Quantity 2', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove material 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({
      locationId: 1,
      requestedDate: localToday(),
      items: [
        {
          materialId: 11,
          name: 'Scaffold tube',
          description: 'Six metre',
          quantity: 12,
          unit: 'EACH',
        },
        { materialId: 21, name: 'Base plate', quantity: 4, unit: 'EACH' },
      ],
    });
    const banner = await screen.findByRole('status');
    expect(within(banner).getByRole('link', { name: 'View request' }).getAttribute('href')).toBe(
      '/requests/77',
    );
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says what is missing, in the words of the spec', async () => {
    show(admin, <BulkRequestPage />);
    await screen.findByRole('option', { name: 'South Site' });
    type('Return Date', '01/01/2020');
    fireEvent.click(screen.getByRole('button', { name: 'Remove material 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(M.locationRequired)).toBeTruthy();
    expect(screen.getByText(M.returnDatePast)).toBeTruthy();
    expect(screen.getByText(M.itemsRequired)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Location'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    await screen.findByRole('option', { name: 'Base plate (8 available)' });
    type('Quantity 1', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    // The submit's own check runs after the one of Add Material: wait for its messages.
    expect(await screen.findByText(M.quantityMin)).toBeTruthy();
    expect(screen.getByText(M.materialRequired)).toBeTruthy();
    type('Quantity 1', '1.5');
    expect(await screen.findByText(M.quantityInvalid)).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});

describe('the single request form', () => {
  it("locks a field manager's delivery location to their own and sends the free-text material", async () => {
    show(fieldManager, <SingleRequestPage />);
    const banner = screen.getByRole('region', { name: 'Requester' });
    expect(banner.textContent).toContain('Fran Field');
    expect(banner.textContent).toContain('9');
    expect(banner.textContent).toContain('Field Manager');
    expect(banner.textContent).toContain('fran@example.com');
    const location = screen.getByLabelText('Delivery Location') as HTMLInputElement;
    expect([location.value, location.readOnly]).toEqual(['North Yard', true]);

    type('Material Name', 'Mobile tower');
    type('Quantity', '2');
    type('Requested Date', '02/03/2099');
    type('Expected Return Date', '30/03/2099');
    type('Description', 'Aluminium, 6 metres high');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({
      name: 'Mobile tower',
      quantity: 2,
      unit: 'EACH',
      requestedDate: '2099-03-02',
      returnDate: '2099-03-30',
      location: 1,
      description: 'Aluminium, 6 metres high',
    });
  });

  it('says what is missing, and Reset Form starts again', async () => {
    show(admin, <SingleRequestPage />);
    await screen.findByRole('option', { name: 'South Site' });
    type('Quantity', '0');
    type('Description', 'Too short');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(M.nameRequired)).toBeTruthy();
    expect(screen.getByText(M.quantityMin)).toBeTruthy();
    expect(screen.getByText(M.returnDateRequired)).toBeTruthy();
    expect(screen.getByText(M.descriptionMin)).toBeTruthy();
    expect(screen.getByText(M.locationRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Form' }));
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');
    expect(posts()).toHaveLength(0);
  });
});

describe('the decision dialog', () => {
  it('keeps its confirm disabled until the notes are not blank, then sends them', async () => {
    show(admin, <DecisionDialog request={{ id: 5, decision: 'reject' }} onOpenChange={() => {}} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Reject Request' }));
    const confirm = dialog.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: ' None left ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.some(([url]) => String(url) === '/api/rental-requests/5/reject'),
      ).toBe(true),
    );
    const [, init] = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => String(url) === '/api/rental-requests/5/reject')!;
    expect(JSON.parse(String(init?.body))).toEqual({ notes: 'None left' });
  });
});
