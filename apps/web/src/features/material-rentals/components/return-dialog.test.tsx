import { localToday, RENTAL_MESSAGES, type RentalDto } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '@/test-support/match-media';
import { ReturnDialog } from './return-dialog';

const rental: RentalDto = {
  id: 12,
  fromLocationId: 1,
  toLocationId: 2,
  fromLocation: { id: 1, name: 'North Yard' },
  toLocation: { id: 2, name: 'South Site' },
  rentalDate: '2026-11-01',
  expectedReturnDate: '2026-12-01',
  actualReturnDate: null,
  status: 'ACTIVE',
  notes: null,
  rentedById: 1,
  rentedBy: { id: 1, name: 'Administrator' },
  requestId: null,
  items: [
    {
      id: 120,
      materialId: 40,
      materialTypeId: 40,
      itemNumber: null,
      dayCents: null,
      weekCents: null,
      minimumDays: null,
      materialName: 'Steel Tube',
      quantity: 10,
      unit: 'EACH',
      quantityActuallyReturned: 4,
      quantityDamaged: 0,
      quantityLost: 0,
    },
    {
      id: 121,
      materialId: 41,
      materialTypeId: 41,
      itemNumber: null,
      dayCents: null,
      weekCents: null,
      minimumDays: null,
      materialName: 'Base Plate',
      quantity: 8,
      unit: 'EACH',
      quantityActuallyReturned: 8,
      quantityDamaged: 0,
      quantityLost: 0,
    },
    {
      id: 122,
      materialId: 42,
      materialTypeId: 42,
      itemNumber: null,
      dayCents: null,
      weekCents: null,
      minimumDays: null,
      materialName: 'Ladder Beam',
      quantity: 3,
      unit: 'EACH',
      quantityActuallyReturned: 0,
      quantityDamaged: 0,
      quantityLost: 0,
    },
  ],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let answer: () => Response;
const returnCalls = () => vi.mocked(fetch).mock.calls;

beforeAll(() => {
  // sonner asks for the colour scheme.
  stubMatchMedia(0);
});
beforeEach(() => {
  answer = () => json(201, { success: true, message: 'Return recorded', data: {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(which: RentalDto = rental) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReturnDialog rental={which} onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    dialog: within(screen.getByRole('dialog', { name: 'Process Return: Rental #12' })),
    onOpenChange,
  };
}

/** Chooses the item and types its good, damaged and lost units (damaged and lost 0 unless given). */
function fill(
  dialog: ReturnType<typeof within>,
  itemId: string,
  good: string,
  damaged = '0',
  lost = '0',
) {
  fireEvent.change(dialog.getByRole('combobox', { name: 'Item' }), { target: { value: itemId } });
  fireEvent.change(dialog.getByLabelText('Good'), { target: { value: good } });
  fireEvent.change(dialog.getByLabelText('Damaged'), { target: { value: damaged } });
  fireEvent.change(dialog.getByLabelText('Lost'), { target: { value: lost } });
  fireEvent.click(dialog.getByRole('button', { name: 'Record Return' }));
}

describe('ReturnDialog', { timeout: 20_000 }, () => {
  it('offers only the items with something left to return, with their remainder', () => {
    const { dialog } = open();
    const names = dialog.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual([
      'Select an item',
      'Steel Tube (Remaining: 6 Each)',
      'Ladder Beam (Remaining: 3 Each)',
    ]);
  });

  it('refuses no item, less than 1 and more than the remainder with the messages of 02 section 5', async () => {
    const { dialog } = open();
    fill(dialog, '', '1');
    expect(await dialog.findByText(RENTAL_MESSAGES.returnItemRequired)).toBeTruthy();
    fill(dialog, '120', '0');
    expect(await dialog.findByText(RENTAL_MESSAGES.returnConditionMin)).toBeTruthy();
    fill(dialog, '120', '-1');
    expect(await dialog.findByText(RENTAL_MESSAGES.returnQuantityMin)).toBeTruthy();
    fill(dialog, '120', '7');
    const over = await dialog.findByText(RENTAL_MESSAGES.returnOverRemainder);
    expect(over.id).toBe('return-returnedQuantity-error');
    // The cap follows the chosen item: 3 is too many of the Ladder Beam, not of the Steel Tube.
    fill(dialog, '122', '4');
    expect(await dialog.findByText(RENTAL_MESSAGES.returnOverRemainder)).toBeTruthy();
    // Good, damaged and lost together: 2 + 1 + 1 of the Ladder Beam's 3 is too many.
    fill(dialog, '122', '2', '1', '1');
    expect(await dialog.findByText(RENTAL_MESSAGES.returnOverRemainder)).toBeTruthy();
    expect(returnCalls()).toHaveLength(0);
  });

  it('records a return of the whole remainder and closes', async () => {
    const { dialog, onOpenChange } = open();
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: 'Two bent' } });
    fill(dialog, '120', '6');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = returnCalls()[0]!;
    expect(url).toBe('/api/material-rentals/12/returns');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      rentalItemId: 120,
      returnedQuantity: 6,
      damagedQuantity: 0,
      lostQuantity: 0,
      // Today on the device when the user acted.
      returnDate: localToday(),
      notes: 'Two bent',
    });
  });

  it('records good, damaged and lost units of one return', async () => {
    const { dialog, onOpenChange } = open();
    expect(dialog.getByLabelText<HTMLInputElement>('Good').value).toBe('1');
    fill(dialog, '120', '3', '2', '1');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = returnCalls()[0]!;
    expect(url).toBe('/api/material-rentals/12/returns');
    expect(JSON.parse(String(init?.body))).toEqual({
      rentalItemId: 120,
      returnedQuantity: 3,
      damagedQuantity: 2,
      lostQuantity: 1,
      returnDate: localToday(),
    });
  });

  it("says 'Failed to record return.' with the server's message, and stays open", async () => {
    answer = () =>
      json(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: RENTAL_MESSAGES.returnOverRemainder,
        errors: [{ path: 'returnedQuantity', message: RENTAL_MESSAGES.returnOverRemainder }],
      });
    const { dialog, onOpenChange } = open();
    fill(dialog, '120', '5');
    expect(await screen.findByText(RENTAL_MESSAGES.returnFailed)).toBeTruthy();
    expect(await dialog.findByText(RENTAL_MESSAGES.returnOverRemainder)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('chooses the only item still out by itself', () => {
    const single: RentalDto = { ...rental, items: rental.items.slice(1) };
    const { dialog } = open(single);
    expect(dialog.getByRole<HTMLSelectElement>('combobox', { name: 'Item' }).value).toBe('122');
  });
});
