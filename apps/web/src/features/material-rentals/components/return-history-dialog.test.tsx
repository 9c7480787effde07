import { RENTAL_MESSAGES, type RentalDto, type RentalReturnDto } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP, stubMatchMedia } from '@/test-support/match-media';
import { ReturnHistoryDialog } from './return-history-dialog';

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
      quantityActuallyReturned: 10,
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
      quantityActuallyReturned: 3,
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

const entry = (
  id: number,
  item: RentalDto['items'][number],
  returned: number,
  cumulative: number,
): RentalReturnDto => ({
  id,
  materialRentalId: 12,
  rentalItemId: item.id,
  materialId: item.materialId,
  materialName: item.materialName,
  unit: item.unit,
  rentedQuantity: item.quantity,
  returnedQuantity: returned,
  damagedQuantity: 0,
  lostQuantity: 0,
  cumulativeReturned: cumulative,
  remainingAfter: item.quantity - cumulative,
  returnDate: `2026-11-0${id}`,
  recordedAt: `2026-11-0${id}T09:30:00.000Z`,
  notes: null,
  returnedBy: { id: 9, name: 'Fran Field' },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  // sonner asks for the colour scheme (light), the table for the screen's width (a desktop's).
  stubMatchMedia(DESKTOP);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(answer: Response, shown: RentalDto = rental) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReturnHistoryDialog rental={shown} onOpenChange={() => undefined} />
      <Toaster />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Return History: Rental #12' }));
}

describe('ReturnHistoryDialog', { timeout: 20_000 }, () => {
  it('lists each return with the cumulative and remaining quantity, a final status per material and the totals', async () => {
    const [tube, plate] = rental.items as [RentalDto['items'][number], RentalDto['items'][number]];
    const dialog = open(
      json(200, {
        success: true,
        data: [entry(1, tube, 4, 4), entry(2, plate, 3, 3), entry(3, tube, 6, 10)],
      }),
    );
    await dialog.findByText('10 / 10');
    const rows = dialog.getAllByRole('row');
    // A cell's own text, without what folds under it on a phone.
    const cells = (row: number) =>
      within(rows[row]!)
        .getAllByRole('cell')
        .map((cell) =>
          Array.from(cell.childNodes)
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent)
            .join(''),
        );
    // The header row, then the returns oldest first.
    expect(rows).toHaveLength(4);
    expect(cells(1).slice(2, 5)).toEqual(['4 Each', '4 / 10', '6']);
    expect(cells(2).slice(2, 5)).toEqual(['3 Each', '3 / 8', '5']);
    expect(cells(3).slice(2, 5)).toEqual(['6 Each', '10 / 10', '0']);

    const final = within(dialog.getByRole('region', { name: 'Final status' }));
    const status = (name: string) =>
      final.getAllByRole('listitem').find((item) => item.textContent?.includes(name))?.textContent;
    expect(status('Steel Tube')).toContain('Fully Returned');
    expect(status('Base Plate')).toContain('Partially Returned');
    expect(status('Ladder Beam')).toContain('Not Returned');

    const summary = dialog.getByLabelText('Return summary');
    expect(summary.textContent).toBe(
      'Returns3Items Rented21Items Returned13Items Damaged0Items Lost0Items Outstanding8',
    );
    expect(dialog.getByText('1 of 3 materials fully returned.')).toBeTruthy();
  });

  it('shows the damaged and lost units of each return and in the totals', async () => {
    const [tube] = rental.items as [RentalDto['items'][number]];
    const dialog = open(
      json(200, {
        success: true,
        data: [{ ...entry(1, tube, 2, 4), damagedQuantity: 1, lostQuantity: 1 }],
      }),
      {
        ...rental,
        items: rental.items.map((item, index) =>
          index === 0
            ? { ...item, quantityActuallyReturned: 2, quantityDamaged: 1, quantityLost: 1 }
            : item,
        ),
      },
    );
    expect(await dialog.findByText('4 Each (2 good, 1 damaged, 1 lost)')).toBeTruthy();
    const summary = dialog.getByLabelText('Return summary');
    expect(summary.textContent).toContain('Items Damaged1Items Lost1');
  });

  it("says 'Failed to load return history.' with the server's message", async () => {
    const dialog = open(
      json(404, { success: false, code: 'NOT_FOUND', message: RENTAL_MESSAGES.notFound }),
    );
    const line = `${RENTAL_MESSAGES.historyFailed} ${RENTAL_MESSAGES.notFound}`;
    expect(await dialog.findByText(line)).toBeTruthy();
    expect(await screen.findByText(RENTAL_MESSAGES.historyFailed)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
