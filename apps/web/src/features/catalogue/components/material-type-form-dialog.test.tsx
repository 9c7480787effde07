import { CATALOGUE_MESSAGES, type MaterialTypeDto } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MaterialTypeFormDialog } from './material-type-form-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const tube: MaterialTypeDto = {
  id: 4,
  itemNumber: 'ST-48',
  name: 'Steel Tube',
  category: 'Tubes',
  unit: 'EACH',
  weightKg: 4.5,
  replacementValue: 18,
  notes: null,
  hireDayCents: 250,
  hireWeekCents: null,
  minimumHireDays: 0,
  status: 'active',
  totalQuantity: 30,
  totalWeightKg: 135,
  totalValue: 540,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The save's answer; the categories list always answers two categories. */
let saveAnswer: () => Response;
const saveCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => !String(url).endsWith('/categories'));

beforeEach(() => {
  saveAnswer = () => json(201, { success: true, message: 'Added', data: tube });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/catalogue/categories'
        ? json(200, { success: true, data: ['Boards', 'Tubes'] })
        : saveAnswer(),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(type: MaterialTypeDto | null = null) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MaterialTypeFormDialog open onOpenChange={onOpenChange} type={type} />
    </QueryClientProvider>,
  );
  const name = type ? 'Edit Material Type' : 'Add Material Type';
  return { dialog: within(screen.getByRole('dialog', { name })), onOpenChange };
}

type Dialog = ReturnType<typeof within>;
function fill(dialog: Dialog, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(dialog.getByLabelText(label), { target: { value } });
  }
}

describe('MaterialTypeFormDialog', { timeout: 20_000 }, () => {
  it("shows the shared schema's messages under their fields and sends nothing", async () => {
    const { dialog } = open();
    fill(dialog, {
      Name: 'a',
      'Weight per unit (kg)': 'heavy',
      'Replacement value per unit': '1.234',
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Material Type' }));
    const name = await dialog.findByText('Name must be at least 2 characters');
    expect(name.id).toBe('material-type-name-error');
    expect(dialog.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText('Weight per unit must be a number of at least 0')).toBeTruthy();
    expect(dialog.getByText('Replacement value can have at most 2 decimals')).toBeTruthy();

    fill(dialog, { Name: 'Steel Tube', 'Weight per unit (kg)': '100001' });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Material Type' }));
    expect(await dialog.findByText('Weight per unit must be at most 100,000')).toBeTruthy();
    expect(saveCalls()).toHaveLength(0);
  });

  it('adds a type: blanks are none, a decimal comma is a point, then it closes', async () => {
    const { dialog, onOpenChange } = open();
    fill(dialog, {
      'Item No.': ' ST-48 ',
      Name: '  Steel Tube ',
      'Weight per unit (kg)': '4,5',
      'Replacement value per unit': '18.00',
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Material Type' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = saveCalls()[0]!;
    expect(url).toBe('/api/catalogue/create');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      itemNumber: 'ST-48',
      name: 'Steel Tube',
      category: null,
      unit: 'EACH',
      weightKg: 4.5,
      replacementValue: 18,
      notes: null,
      hireDayCents: null,
      hireWeekCents: null,
      minimumHireDays: 0,
    });
  });

  it('edits a type with its values filled in', async () => {
    saveAnswer = () => json(200, { success: true, message: 'Updated', data: tube });
    const { dialog, onOpenChange } = open(tube);
    expect(dialog.getByLabelText<HTMLInputElement>('Item No.').value).toBe('ST-48');
    expect(dialog.getByLabelText<HTMLInputElement>('Weight per unit (kg)').value).toBe('4.5');
    fill(dialog, { Category: 'Scaffold tubes' });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Material Type' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = saveCalls()[0]!;
    expect(url).toBe('/api/catalogue/update/4');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({ category: 'Scaffold tubes' });
  });

  it("puts the server's refusal of a taken name or item number under that field and stays open", async () => {
    saveAnswer = () =>
      json(409, {
        success: false,
        code: 'CONFLICT',
        message: CATALOGUE_MESSAGES.nameTaken('Steel Tube'),
      });
    const { dialog, onOpenChange } = open();
    fill(dialog, { 'Item No.': 'ST-49', Name: 'Steel Tube' });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Material Type' }));
    const taken = await dialog.findByText(CATALOGUE_MESSAGES.nameTaken('Steel Tube'));
    expect(taken.id).toBe('material-type-name-error');

    saveAnswer = () =>
      json(409, {
        success: false,
        code: 'CONFLICT',
        message: CATALOGUE_MESSAGES.itemNumberTaken('ST-49'),
      });
    fill(dialog, { Name: 'Steel Tube 6m' });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Material Type' }));
    const number = await dialog.findByText(CATALOGUE_MESSAGES.itemNumberTaken('ST-49'));
    expect(number.id).toBe('material-type-itemNumber-error');
    expect(dialog.queryByText(CATALOGUE_MESSAGES.nameTaken('Steel Tube'))).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('MaterialTypeFormDialog: hire rates (issue 33)', { timeout: 20_000 }, () => {
  it('shows the rates as decimals and sends them as cents', async () => {
    saveAnswer = () => json(200, { success: true, message: 'Updated', data: tube });
    const { dialog } = open(tube);
    expect((dialog.getByLabelText('Hire rate per day') as HTMLInputElement).value).toBe('2.50');
    fill(dialog, {
      'Hire rate per day': '3.75',
      'Hire rate per week': '20',
      'Minimum hire (days)': '7',
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Material Type' }));
    await waitFor(() => expect(saveCalls()).toHaveLength(1));
    const body = JSON.parse(String(saveCalls()[0]![1]!.body));
    expect(body).toMatchObject({ hireDayCents: 375, hireWeekCents: 2000, minimumHireDays: 7 });
  });

  it('refuses a weekly rate without a daily rate, and money with 3 decimals', async () => {
    const { dialog } = open();
    fill(dialog, { Name: 'Frame', 'Hire rate per week': '10' });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Material Type' }));
    expect(await dialog.findByText('A weekly rate needs a daily rate')).toBeTruthy();
    fill(dialog, { 'Hire rate per day': '1.234', 'Hire rate per week': '' });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Material Type' }));
    expect(
      await dialog.findByText(
        'Hire rate per day must be an amount of at least 0 with at most 2 decimals',
      ),
    ).toBeTruthy();
    expect(saveCalls()).toHaveLength(0);
  });
});
