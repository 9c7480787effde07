import type { LocationOption, MaterialDto } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransferMaterialDialog } from './transfer-material-dialog';

const LOCATIONS: LocationOption[] = [
  { id: 1, name: 'North Yard', status: 'ACTIVE' },
  { id: 2, name: 'South Site', status: 'ACTIVE' },
  { id: 3, name: 'Closed Depot', status: 'INACTIVE' },
];

const tube: MaterialDto = {
  id: 40,
  materialTypeId: 4,
  itemNumber: 'ST-48',
  weightKg: 4.5,
  name: 'Steel Tube',
  locationId: 1,
  location: { name: 'North Yard' },
  notes: null,
  quantity: 30,
  repairQuantity: 0,
  unit: 'EACH',
  status: 'Available',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The transfer's answer; the options list always answers the locations above. */
let transferAnswer: () => Response;
const transferCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/materials/40/transfer');

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/locations/options'
        ? json(200, { success: true, data: LOCATIONS })
        : transferAnswer(),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TransferMaterialDialog material={tube} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Transfer Material' });
  return { dialog: within(dialog), onOpenChange };
}

async function fill(dialog: ReturnType<typeof within>, destination: string, quantity: string) {
  const select = await dialog.findByRole('combobox', { name: 'Destination' });
  await dialog.findByRole('option', { name: 'South Site' });
  fireEvent.change(select, { target: { value: destination } });
  fireEvent.change(dialog.getByLabelText('Quantity'), { target: { value: quantity } });
  fireEvent.click(dialog.getByRole('button', { name: 'Transfer' }));
}

describe('TransferMaterialDialog', () => {
  it('offers the other active locations only, never the source or a closed one', async () => {
    const { dialog } = open();
    await dialog.findByRole('option', { name: 'South Site' });
    const names = dialog.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['Select destination', 'South Site']);
  });

  it('shows the total weight of the quantity moved as it is typed', async () => {
    const { dialog } = open();
    const weight = dialog.getByTestId('total-weight');
    expect(weight.textContent).toBe('0 kg');
    fireEvent.change(dialog.getByLabelText('Quantity'), { target: { value: '12' } });
    expect(weight.textContent).toBe('54 kg');
    fireEvent.change(dialog.getByLabelText('Quantity'), { target: { value: '1,5' } });
    expect(weight.textContent).toBe('0 kg');
    fireEvent.change(dialog.getByLabelText('Quantity'), { target: { value: '30' } });
    expect(weight.textContent).toBe('135 kg');
  });

  it('refuses more than the stock and a missing destination with the shared messages', async () => {
    const { dialog } = open();
    await fill(dialog, '', '31');
    expect(await dialog.findByText('Destination location is required')).toBeTruthy();
    await fill(dialog, '2', '31');
    expect(await dialog.findByText('Insufficient stock: only 30 available')).toBeTruthy();
    await fill(dialog, '2', '0');
    expect(await dialog.findByText('Quantity must be greater than 0')).toBeTruthy();
    expect(transferCalls()).toHaveLength(0);
  });

  it('sends the source, the destination and the quantity, then closes', async () => {
    transferAnswer = () =>
      json(200, {
        success: true,
        message: 'Material transferred successfully',
        data: { source: tube, destination: { ...tube, id: 41, location: { name: 'South Site' } } },
      });
    const { dialog, onOpenChange } = open();
    await fill(dialog, '2', '12');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [, init] = transferCalls()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      fromLocation: 1,
      toLocation: 2,
      quantity: 12,
    });
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    transferAnswer = () =>
      json(409, {
        success: false,
        code: 'INSUFFICIENT_STOCK',
        message: 'Insufficient stock: only 4 available',
      });
    const { dialog, onOpenChange } = open();
    await fill(dialog, '2', '12');
    expect(await dialog.findByText('Insufficient stock: only 4 available')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();

    transferAnswer = () =>
      json(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Destination location is inactive',
        errors: [{ path: 'toLocation', message: 'Destination location is inactive' }],
      });
    fireEvent.click(dialog.getByRole('button', { name: 'Transfer' }));
    const message = await dialog.findByText('Destination location is inactive');
    expect(message.id).toBe('transfer-toLocation-error');
  });
});
