import type { CustomerRate, LocationDto } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerRatesDialog } from './customer-rates-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const site: LocationDto = {
  id: 7,
  name: 'Harbour Site',
  address: '12 Harbour Road',
  type: 'FIELD',
  status: 'ACTIVE',
  customerName: 'Quayside Builders',
  customerAddress: null,
  customerEmail: null,
  customerVatId: null,
  customerZeroRated: false,
  customerZeroRating: null,
  customerPostcode: null,
  customerCity: null,
  customerCountryCode: null,
  customerBuyerReference: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const tubeRate: CustomerRate = {
  materialTypeId: 3,
  materialTypeName: 'Tube 6m',
  itemNumber: 'TB-600',
  unit: 'EACH',
  dayCents: 120,
  weekCents: 600,
  minimumDays: 7,
  effectiveMinimumDays: 7,
  catalogue: { dayCents: 150, weekCents: null, minimumDays: 0 },
};
/** A rate that states no minimum: the catalogue's 10 days apply. */
const boardRate: CustomerRate = {
  materialTypeId: 5,
  materialTypeName: 'Putlog',
  itemNumber: null,
  unit: 'EACH',
  dayCents: 90,
  weekCents: null,
  minimumDays: null,
  effectiveMinimumDays: 10,
  catalogue: { dayCents: 100, weekCents: null, minimumDays: 10 },
};
const options = [
  { id: 3, name: 'Tube 6m', itemNumber: 'TB-600', unit: 'EACH', weightKg: null },
  { id: 4, name: 'Board 3.9m', itemNumber: null, unit: 'EACH', weightKg: null },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/locations/7/rates')
        return json(200, { success: true, data: [tubeRate, boardRate] });
      if (url === '/api/catalogue/options') return json(200, { success: true, data: options });
      if (init?.method === 'PUT') return json(200, { success: true, data: tubeRate });
      if (init?.method === 'DELETE') return json(200, { success: true, data: null });
      return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const writes = (method: string) =>
  vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === method);

function open() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CustomerRatesDialog location={site} onOpenChange={vi.fn()} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Customer rates: Harbour Site' }));
}

describe('CustomerRatesDialog', { timeout: 20_000 }, () => {
  it("lists the site's rates beside the catalogue's, and adds one in cents", async () => {
    const dialog = open();
    expect(await dialog.findByText('1.20 / day, 6.00 / week')).toBeTruthy();
    expect(dialog.getByText('own minimum: 7 days')).toBeTruthy();
    expect(dialog.getByText('1.50 / day')).toBeTruthy();
    // A rate without its own minimum says the catalogue's applies.
    expect(dialog.getByText('catalogue minimum: 10 days')).toBeTruthy();
    // A material with a rate already is changed from its row, not offered again.
    await waitFor(() => expect(dialog.getByRole('option', { name: 'Board 3.9m' })).toBeTruthy());
    expect(dialog.queryByRole('option', { name: 'TB-600 Tube 6m' })).toBeNull();

    fireEvent.change(dialog.getByLabelText('Material'), { target: { value: '4' } });
    fireEvent.change(dialog.getByLabelText('Hire rate per day'), { target: { value: '0.85' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Rate' }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(String(writes('PUT')[0]![0])).toBe('/api/locations/7/rates/4');
    expect(JSON.parse(String(writes('PUT')[0]![1]!.body))).toEqual({
      dayCents: 85,
      weekCents: null,
      // Left blank: the catalogue's minimum applies.
      minimumDays: null,
    });
  });

  it('needs a material and a day rate', async () => {
    const dialog = open();
    await dialog.findByText('Tube 6m');
    fireEvent.change(dialog.getByLabelText('Hire rate per week'), { target: { value: '5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Rate' }));
    expect(await dialog.findByText('Please select a material')).toBeTruthy();
    expect(dialog.getByText('Enter a hire rate per day')).toBeTruthy();
    expect(writes('PUT')).toHaveLength(0);
  });

  it('edits a rate with its values filled in, and removes one after asking', async () => {
    const dialog = open();
    fireEvent.click(await dialog.findByRole('button', { name: 'Edit the rate of Tube 6m' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('Hire rate per day')).toHaveProperty('value', '1.20'),
    );
    expect(dialog.getByLabelText('Hire rate per week')).toHaveProperty('value', '6.00');

    fireEvent.click(dialog.getByRole('button', { name: 'Delete the rate of Tube 6m' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1));
    expect(String(writes('DELETE')[0]![0])).toBe('/api/locations/7/rates/3');
  });
});
