import {
  type LocationOption,
  localToday,
  type MaterialOption,
  RENTAL_MESSAGES,
  type RentalDto,
} from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RentalFormDialog, type RentalPrefill } from './rental-form-dialog';

const LOCATIONS: LocationOption[] = [
  { id: 1, name: 'North Yard', status: 'ACTIVE' },
  { id: 2, name: 'South Site', status: 'ACTIVE' },
];
const MATERIALS: Record<string, MaterialOption[]> = {
  '1': [
    { id: 40, name: 'Steel Tube', unit: 'EACH', quantity: 30, weightKg: 4.5 },
    { id: 41, name: 'Base Plate', unit: 'EACH', quantity: 12, weightKg: 1.25 },
  ],
  '2': [{ id: 50, name: 'Ladder Beam', unit: 'EACH', quantity: 4, weightKg: null }],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Days from today as yyyy-MM-dd and as typed (dd/mm/yyyy). */
function day(offset: number) {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const [y, m, d] = [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((n) =>
    String(n).padStart(2, '0'),
  );
  return { iso: `${y}-${m}-${d}`, typed: `${d}/${m}/${y}` };
}

let saveAnswer: () => Response;
const saveCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/api/material-rentals'));

beforeEach(() => {
  saveAnswer = () => json(201, { success: true, message: 'Created', data: { id: 5 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/locations/options') return json(200, { success: true, data: LOCATIONS });
      const options = /^\/api\/materials\/options\?locationId=(\d+)$/.exec(url);
      if (options) return json(200, { success: true, data: MATERIALS[options[1]!] ?? [] });
      return saveAnswer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(rental: RentalDto | null = null, prefill?: RentalPrefill) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RentalFormDialog open onOpenChange={onOpenChange} rental={rental} prefill={prefill} />
    </QueryClientProvider>,
  );
  const name = rental ? `Edit Rental #${rental.id}` : 'Add Rental';
  return { dialog: within(screen.getByRole('dialog', { name })), onOpenChange };
}

type Dialog = ReturnType<typeof within>;
const item = (dialog: Dialog, n: number) =>
  within(dialog.getByRole('group', { name: `Item ${n}` }));

async function chooseFrom(dialog: Dialog, id: string) {
  const select = await dialog.findByRole('combobox', { name: 'From Location' });
  await dialog.findAllByRole('option', { name: 'North Yard' });
  fireEvent.change(select, { target: { value: id } });
}

const overdue: RentalDto = {
  id: 9,
  fromLocationId: 1,
  toLocationId: 2,
  fromLocation: { id: 1, name: 'North Yard' },
  toLocation: { id: 2, name: 'South Site' },
  rentalDate: day(-20).iso,
  expectedReturnDate: day(-3).iso,
  actualReturnDate: null,
  status: 'OVERDUE',
  notes: null,
  rentedById: 1,
  rentedBy: { id: 1, name: 'Administrator' },
  requestId: null,
  items: [
    {
      id: 90,
      materialId: 40,
      materialTypeId: 40,
      itemNumber: null,
      dayCents: null,
      weekCents: null,
      minimumDays: null,
      materialName: 'Steel Tube',
      quantity: 5,
      unit: 'EACH',
      quantityActuallyReturned: 0,
      quantityDamaged: 0,
      quantityLost: 0,
    },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

// Each test renders the dialog and waits for its options: more than the default 5 s on a busy machine.
describe('RentalFormDialog', { timeout: 20_000 }, () => {
  it("offers the From location's materials as 'name (Stock: qty unit)' and fills the unit", async () => {
    const { dialog } = open();
    const first = item(dialog, 1);
    expect(first.getByLabelText<HTMLInputElement>('Quantity').value).toBe('1');
    expect(first.getByRole('combobox', { name: 'Material' })).toHaveProperty('disabled', true);

    await chooseFrom(dialog, '1');
    await first.findByRole('option', { name: 'Steel Tube (Stock: 30 Each)' });
    const names = first.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual([
      'Select material',
      'Steel Tube (Stock: 30 Each)',
      'Base Plate (Stock: 12 Each)',
    ]);

    const unit = first.getByLabelText<HTMLInputElement>('Unit');
    expect(unit.readOnly).toBe(true);
    expect(unit.value).toBe('');
    fireEvent.change(first.getByRole('combobox', { name: 'Material' }), {
      target: { value: '41' },
    });
    expect(unit.value).toBe('Each');

    // Another From location offers its own materials, and the choice starts again.
    await chooseFrom(dialog, '2');
    await first.findByRole('option', { name: 'Ladder Beam (Stock: 4 Each)' });
    expect(first.getByRole<HTMLSelectElement>('combobox', { name: 'Material' }).value).toBe('');
    expect(unit.value).toBe('');

    fireEvent.click(dialog.getByRole('button', { name: 'Add Item' }));
    expect(item(dialog, 2).getByLabelText<HTMLInputElement>('Quantity').value).toBe('1');
  });

  it('shows the total weight of the chosen items as their quantities change', async () => {
    const { dialog } = open();
    const weight = () => dialog.getByTestId('total-weight').textContent;
    expect(weight()).toBe('0 kg');
    await chooseFrom(dialog, '1');
    const first = item(dialog, 1);
    await first.findByRole('option', { name: 'Steel Tube (Stock: 30 Each)' });
    fireEvent.change(first.getByRole('combobox', { name: 'Material' }), {
      target: { value: '40' },
    });
    expect(weight()).toBe('4.5 kg');
    fireEvent.change(first.getByLabelText('Quantity'), { target: { value: '12' } });
    expect(weight()).toBe('54 kg');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Item' }));
    fireEvent.change(item(dialog, 2).getByRole('combobox', { name: 'Material' }), {
      target: { value: '41' },
    });
    fireEvent.change(item(dialog, 2).getByLabelText('Quantity'), { target: { value: '3' } });
    expect(weight()).toBe('57.8 kg');
    fireEvent.click(dialog.getByRole('button', { name: 'Remove item 1' }));
    expect(weight()).toBe('3.8 kg');

    // A material whose weight the catalogue does not know is said to be missing from the total.
    await chooseFrom(dialog, '2');
    await item(dialog, 1).findByRole('option', { name: 'Ladder Beam (Stock: 4 Each)' });
    fireEvent.change(item(dialog, 1).getByRole('combobox', { name: 'Material' }), {
      target: { value: '50' },
    });
    expect(weight()).toBe('0 kg (some weights unknown)');
  });

  it('fixes the status on create and shows every message of 02 section 5 on its field', async () => {
    const { dialog } = open();
    expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveProperty('disabled', true);
    await dialog.findAllByRole('option', { name: 'North Yard' });
    const create = dialog.getByRole('button', { name: 'Create Rental' });
    fireEvent.change(item(dialog, 1).getByLabelText('Quantity'), { target: { value: '0' } });
    fireEvent.click(create);

    expect(await dialog.findByText(RENTAL_MESSAGES.fromLocationRequired)).toBeTruthy();
    expect(dialog.getByText(RENTAL_MESSAGES.toLocationRequired)).toBeTruthy();
    expect(dialog.getByText(RENTAL_MESSAGES.expectedReturnDateRequired)).toBeTruthy();
    expect(item(dialog, 1).getByText(RENTAL_MESSAGES.materialRequired)).toBeTruthy();
    expect(item(dialog, 1).getByText(RENTAL_MESSAGES.quantityMin)).toBeTruthy();
    expect(item(dialog, 1).getByText(RENTAL_MESSAGES.unitRequired)).toBeTruthy();
    expect(dialog.getByText(RENTAL_MESSAGES.toLocationRequired).id).toBe(
      'rental-toLocationId-error',
    );

    await chooseFrom(dialog, '1');
    fireEvent.change(dialog.getByRole('combobox', { name: 'Rented To Location' }), {
      target: { value: '1' },
    });
    fireEvent.change(dialog.getByLabelText('Expected Return Date'), {
      target: { value: day(-1).typed },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Remove item 1' }));
    fireEvent.click(create);
    expect(await dialog.findByText(RENTAL_MESSAGES.sameLocations)).toBeTruthy();
    expect(dialog.getByText(RENTAL_MESSAGES.expectedReturnDatePast)).toBeTruthy();
    expect(dialog.getByText(RENTAL_MESSAGES.itemsRequired)).toBeTruthy();
    expect(saveCalls()).toHaveLength(0);
  });

  it('creates the rental with the chosen items, their units and names, then closes', async () => {
    const { dialog, onOpenChange } = open();
    await chooseFrom(dialog, '1');
    fireEvent.change(dialog.getByRole('combobox', { name: 'Rented To Location' }), {
      target: { value: '2' },
    });
    fireEvent.change(dialog.getByLabelText('Expected Return Date'), {
      target: { value: day(7).typed },
    });
    const first = item(dialog, 1);
    await first.findByRole('option', { name: 'Steel Tube (Stock: 30 Each)' });
    fireEvent.change(first.getByRole('combobox', { name: 'Material' }), {
      target: { value: '40' },
    });
    fireEvent.change(first.getByLabelText('Quantity'), { target: { value: '12' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Item' }));
    fireEvent.change(item(dialog, 2).getByRole('combobox', { name: 'Material' }), {
      target: { value: '41' },
    });
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: 'For the east wing' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Rental' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = saveCalls()[0]!;
    expect(url).toBe('/api/material-rentals');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      fromLocationId: 1,
      toLocationId: 2,
      // The dispatch day: today unless changed.
      rentalDate: localToday(),
      expectedReturnDate: day(7).iso,
      status: 'ACTIVE',
      notes: 'For the east wing',
      items: [
        { materialId: 40, quantity: 12, unit: 'EACH', materialName: 'Steel Tube' },
        { materialId: 41, quantity: 1, unit: 'EACH', materialName: 'Base Plate' },
      ],
    });
  });

  it("edits a rental: the status is free, an overdue rental's saved date is kept", async () => {
    saveAnswer = () => json(200, { success: true, message: 'Updated', data: overdue });
    const { dialog, onOpenChange } = open(overdue);
    const status = dialog.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect(status.disabled).toBe(false);
    expect(status.value).toBe('OVERDUE');
    await item(dialog, 1).findByRole('option', { name: 'Steel Tube (Stock: 30 Each)' });
    expect(item(dialog, 1).getByLabelText<HTMLInputElement>('Unit').value).toBe('Each');
    // LOST and DAMAGED are no longer offered: lost and damaged items are recorded per return.
    expect([...status.options].map((option) => option.value)).toEqual([
      'ACTIVE',
      'RETURNED',
      'OVERDUE',
    ]);
    fireEvent.change(status, { target: { value: 'RETURNED' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Rental' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = saveCalls()[0]!;
    expect(url).toBe('/api/material-rentals/9');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      expectedReturnDate: day(-3).iso,
      status: 'RETURNED',
    });
  });

  it("puts the server's refusal of an item under that item and stays open", async () => {
    saveAnswer = () =>
      json(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: RENTAL_MESSAGES.materialNotAtFromLocation,
        errors: [
          { path: 'items.0.materialId', message: RENTAL_MESSAGES.materialNotAtFromLocation },
        ],
      });
    const { dialog, onOpenChange } = open();
    await chooseFrom(dialog, '1');
    fireEvent.change(dialog.getByRole('combobox', { name: 'Rented To Location' }), {
      target: { value: '2' },
    });
    fireEvent.change(dialog.getByLabelText('Expected Return Date'), {
      target: { value: day(3).typed },
    });
    await item(dialog, 1).findByRole('option', { name: 'Steel Tube (Stock: 30 Each)' });
    fireEvent.change(item(dialog, 1).getByRole('combobox', { name: 'Material' }), {
      target: { value: '40' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Rental' }));
    expect(
      await item(dialog, 1).findByText(RENTAL_MESSAGES.materialNotAtFromLocation),
    ).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('keeps the From location and the items of a rental with returns as they are', async () => {
    const started: RentalDto = {
      ...overdue,
      items: [{ ...overdue.items[0]!, quantityActuallyReturned: 2 }],
    };
    const { dialog } = open(started);
    await dialog.findAllByRole('option', { name: 'North Yard' });
    expect(dialog.getByText(RENTAL_MESSAGES.itemsLockedAfterReturn)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Add Item' })).toHaveProperty('disabled', true);
    expect(dialog.getByRole('button', { name: 'Remove item 1' })).toHaveProperty('disabled', true);
    expect(item(dialog, 1).getByRole('combobox', { name: 'Material' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(dialog.getByRole('combobox', { name: 'Rented To Location' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('offers a returned rental its own status alone and fixed items, saying why, and saves its notes', async () => {
    const returned: RentalDto = { ...overdue, status: 'RETURNED' };
    saveAnswer = () => json(200, { success: true, message: 'Updated', data: returned });
    const { dialog, onOpenChange } = open(returned);
    await dialog.findAllByRole('option', { name: 'North Yard' });
    const status = dialog.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect(status.disabled).toBe(true);
    expect([...status.options].map((option) => option.text)).toEqual(['Returned']);
    expect(status.getAttribute('aria-describedby')).toBe('rental-status-locked');
    expect(dialog.getAllByText(RENTAL_MESSAGES.alreadyReturned)).toHaveLength(2);
    expect(item(dialog, 1).getByRole('combobox', { name: 'Material' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: 'Reported' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Rental' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const body = JSON.parse(String(saveCalls()[0]![1]?.body));
    expect(body).toMatchObject({ notes: 'Reported', items: [{ materialId: 40, quantity: 5 }] });
    expect(body.status ?? 'RETURNED').toBe('RETURNED');
  });

  it('fills Add Rental from a request: its location as Rented To, its materials found by name', async () => {
    const { dialog, onOpenChange } = open(null, {
      toLocationId: 2,
      requestId: 31,
      items: [
        { materialName: 'base plate', quantity: 3 },
        { materialName: 'Scaffold Clip', quantity: 2 },
      ],
    });
    await dialog.findAllByRole('option', { name: 'North Yard' });
    expect(
      dialog.getByRole<HTMLSelectElement>('combobox', { name: 'Rented To Location' }).value,
    ).toBe('2');
    expect(item(dialog, 1).getByText('Requested: base plate')).toBeTruthy();
    await chooseFrom(dialog, '1');
    const first = item(dialog, 1);
    await waitFor(() =>
      expect(first.getByRole<HTMLSelectElement>('combobox', { name: 'Material' }).value).toBe('41'),
    );
    expect(first.getByLabelText<HTMLInputElement>('Unit').value).toBe('Each');
    expect(first.getByLabelText<HTMLInputElement>('Quantity').value).toBe('3');
    // No material of that name at the From location: the admin picks one.
    const second = item(dialog, 2);
    expect(second.getByRole<HTMLSelectElement>('combobox', { name: 'Material' }).value).toBe('');
    expect(second.getByText('Requested: Scaffold Clip')).toBeTruthy();
    fireEvent.change(second.getByRole('combobox', { name: 'Material' }), {
      target: { value: '40' },
    });
    fireEvent.change(dialog.getByLabelText('Expected Return Date'), {
      target: { value: day(5).typed },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Rental' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [, init] = saveCalls()[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      toLocationId: 2,
      requestId: 31,
      items: [
        { materialId: 41, quantity: 3, unit: 'EACH', materialName: 'Base Plate' },
        { materialId: 40, quantity: 2, unit: 'EACH', materialName: 'Steel Tube' },
      ],
    });
  });
});
