import { ALL_PERMISSIONS, CUSTOMER_EMAIL_MESSAGE, type SessionUser } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { LocationFormDialog } from './location-form-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

beforeEach(() => {
  sessionStore.set({ token: 'token', user: admin });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) =>
      json(201, { success: true, data: { id: 5, ...JSON.parse(String(init?.body)) } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function open() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LocationFormDialog open onOpenChange={vi.fn()} location={null} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Add Location' }));
}

type Dialog = ReturnType<typeof open>;
function fill(dialog: Dialog, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(dialog.getByLabelText(label), { target: { value } });
  }
}
const site = { Name: 'Harbour Site', Address: '12 Harbour Road', Type: 'FIELD' };

describe("LocationFormDialog: the site's customer (issue 33)", { timeout: 20_000 }, () => {
  it('refuses an e-mail that is not one, and sends nothing', async () => {
    const dialog = open();
    fill(dialog, { ...site, 'Customer e-mail': 'accounts at quayside' });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Location' }));
    expect(await dialog.findByText(CUSTOMER_EMAIL_MESSAGE)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the customer with the location, blanks as none', async () => {
    const dialog = open();
    fill(dialog, {
      ...site,
      'Customer name': 'Quayside Builders',
      'Customer e-mail': 'accounts@quayside.example',
    });
    fireEvent.click(dialog.getByLabelText('Zero-rated (no VAT)'));
    fireEvent.click(dialog.getByRole('button', { name: 'Add Location' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(vi.mocked(fetch).mock.calls[0]![1]!.body))).toMatchObject({
      customerName: 'Quayside Builders',
      customerAddress: null,
      customerEmail: 'accounts@quayside.example',
      customerVatId: null,
      customerZeroRated: true,
    });
  });
});
