import { ALL_PERMISSIONS, type OnHireStatement, type SessionUser } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRoots } from '@/lib/query-keys';
import { sessionStore } from '@/lib/session';
import { OnHireSection } from './on-hire-section';

const statement: OnHireStatement = {
  location: {
    id: 4,
    name: 'Riverside Site',
    address: null,
    customerName: null,
    customerEmail: null,
  },
  asOf: '2026-12-04',
  currency: 'EUR',
  hireSoFarCents: null,
  lines: [
    {
      rentalId: 12,
      rentalItemId: 30,
      materialId: 7,
      materialTypeId: 2,
      itemNumber: null,
      materialName: 'Scaffold tube',
      unit: 'PIECE',
      fromLocationId: 1,
      fromLocationName: 'North Yard',
      rentalDate: '2026-11-20',
      expectedReturnDate: '2026-12-20',
      overdue: false,
      dispatched: 40,
      returned: 0,
      damaged: 0,
      lost: 0,
      out: 40,
      daysOut: 15,
      hireSoFarCents: null,
    },
  ],
};

const manager: SessionUser = {
  id: 2,
  name: 'Fiona Field',
  email: 'fiona@example.com',
  role: 'USER',
  locationId: 4,
  location: { name: 'Riverside Site' },
  status: true,
  lastLogin: null,
  permissions: ALL_PERMISSIONS,
};

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('OnHireSection', () => {
  it('asks for the statement at once but draws it only after the stock above has been drawn (issue 52)', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ success: true, message: 'ok', data: statement }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    sessionStore.set({ token: 'token', user: manager });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrap = (node: ReactNode) => (
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    );
    const view = render(wrap(<OnHireSection locationId={4} stockShown={false} />));

    await waitFor(() => expect(client.getQueryData([...queryRoots.onHire, 4])).toEqual(statement));
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/locations/4/on-hire');
    expect(screen.queryByRole('table', { name: 'On hire at Riverside Site' })).toBeNull();

    view.rerender(wrap(<OnHireSection locationId={4} stockShown />));
    expect(await screen.findByRole('table', { name: 'On hire at Riverside Site' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Scaffold tube' })).toBeTruthy();
  });
});
