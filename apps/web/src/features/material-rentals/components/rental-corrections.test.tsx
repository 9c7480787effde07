import {
  ALL_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  isoToDisplayDate,
  localToday,
  MOVEMENT_DATE_MESSAGES,
  type RentalDto,
  type RentalReturnDto,
  type SessionUser,
} from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '@/lib/offline/memory-store';
import { createOutbox } from '@/lib/offline/outbox';
import { sessionStore } from '@/lib/session';
import { stubMatchMedia } from '@/test-support/match-media';
import { returnWrite } from '../api/rental-mutations';
import { CorrectDayDialog, MarkReturnedDialog, RerateDialog } from './rental-corrections';
import { RentalsTable } from './rentals-table';

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
const fieldManager: SessionUser = {
  ...admin,
  id: 2,
  role: 'USER',
  locationId: 2,
  location: { name: 'South Site' },
  permissions: DEFAULT_PERMISSIONS,
};

const rental: RentalDto = {
  id: 12,
  fromLocationId: 1,
  toLocationId: 2,
  fromLocation: { id: 1, name: 'North Yard' },
  toLocation: { id: 2, name: 'South Site' },
  rentalDate: '2026-09-01',
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
      dayCents: 100,
      weekCents: 600,
      minimumDays: 14,
      materialName: 'Steel Tube',
      quantity: 10,
      unit: 'EACH',
      quantityActuallyReturned: 0,
      quantityDamaged: 0,
      quantityLost: 0,
    },
  ],
  createdAt: '2026-09-03T08:15:00.000Z',
  updatedAt: '2026-09-03T08:15:00.000Z',
};

const entry = {
  id: 77,
  materialRentalId: 12,
  rentalItemId: 120,
  materialId: 40,
  materialName: 'Steel Tube',
  unit: 'EACH',
  rentedQuantity: 10,
  returnedQuantity: 4,
  damagedQuantity: 0,
  lostQuantity: 0,
  cumulativeReturned: 4,
  remainingAfter: 6,
  returnDate: '2026-09-10',
  recordedAt: '2026-10-02T09:00:00.000Z',
  notes: null,
  returnedById: 1,
  returnedBy: { id: 1, name: 'Administrator' },
} as unknown as RentalReturnDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let answer: () => Response;
const calls = () =>
  vi.mocked(fetch).mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  }));

beforeAll(() => {
  // sonner asks for the colour scheme.
  stubMatchMedia(0);
});
beforeEach(() => {
  answer = () => json(200, { success: true, message: 'ok', data: rental });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function show(node: ReactNode, user: SessionUser = admin) {
  sessionStore.set({ token: 'token', user });
  render(
    <QueryClientProvider client={new QueryClient()}>
      {node}
      <Toaster />
    </QueryClientProvider>,
  );
}

const daysAgo = (days: number) => {
  const now = new Date();
  return localToday(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
};

describe("the rental's detail (decision 063)", { timeout: 30_000 }, () => {
  function table(user: SessionUser) {
    show(
      <table>
        <tbody>
          <tr>
            <td>
              <RentalsTable
                rentals={[rental]}
                state="ready"
                permissions={{ manage: true, returns: true }}
                onAction={() => undefined}
                onRetry={() => undefined}
              />
            </td>
          </tr>
        </tbody>
      </table>,
      user,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Expand rental 12' }));
    return within(screen.getByRole('table', { name: 'Items of rental 12' }));
  }

  it("shows both days and each line's fixed rates, with an admin's corrections", () => {
    const items = table(admin);
    expect(items.getByText(/Dispatched 01\/09\/2026, recorded/)).toBeTruthy();
    expect(items.getByText(/1\.00 \/ day, 6\.00 \/ week, min\. 14 days/)).toBeTruthy();
    expect(items.getByRole('button', { name: 'Correct dispatch day' })).toBeTruthy();
    expect(items.getByRole('button', { name: 'Re-rate Steel Tube' })).toBeTruthy();
  });

  it('hides the corrections from a field manager', () => {
    const items = table(fieldManager);
    expect(items.getByText(/1\.00 \/ day/)).toBeTruthy();
    expect(items.queryByRole('button', { name: 'Correct dispatch day' })).toBeNull();
    expect(items.queryByRole('button', { name: 'Re-rate Steel Tube' })).toBeNull();
  });
});

describe('CorrectDayDialog', { timeout: 30_000 }, () => {
  it('asks for a reason, then confirms the two days before it corrects the dispatch', async () => {
    show(<CorrectDayDialog target={{ kind: 'dispatch', rental }} onOpenChange={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Correct Dispatch Day: Rental #12' }));
    fireEvent.change(dialog.getByLabelText('Dispatch Date'), { target: { value: '03/09/2026' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Correct Day' }));
    expect(await dialog.findByText(MOVEMENT_DATE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(calls()).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Left on Wednesday' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Correct Day' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(
      confirm.getByText(/from 01\/09\/2026 to 03\/09\/2026 \(reason: Left on Wednesday\)/),
    ).toBeTruthy();
    expect(confirm.getByText(/a finalized invoice gets a credit note/)).toBeTruthy();
    expect(calls()).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Correct Day' }));
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()[0]).toEqual({
      url: '/api/material-rentals/12/rental-date',
      method: 'PATCH',
      body: { rentalDate: '2026-09-03', reason: 'Left on Wednesday' },
    });
  });

  it('refuses a day in the future before asking', async () => {
    show(<CorrectDayDialog target={{ kind: 'dispatch', rental }} onOpenChange={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog'));
    const tomorrow = daysAgo(-1);
    fireEvent.change(dialog.getByLabelText('Dispatch Date'), {
      target: { value: isoToDisplayDate(tomorrow) },
    });
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Typo' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Correct Day' }));
    expect(await dialog.findByText(MOVEMENT_DATE_MESSAGES.future)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("corrects a return's day and shows the server's refusal under the date", async () => {
    const refusal = MOVEMENT_DATE_MESSAGES.afterReturn('2026-09-05');
    answer = () =>
      json(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: refusal,
        errors: [{ path: 'returnDate', message: refusal }],
      });
    const onOpenChange = vi.fn();
    show(
      <CorrectDayDialog target={{ kind: 'return', rental, entry }} onOpenChange={onOpenChange} />,
    );
    const dialog = () =>
      within(screen.getByRole('dialog', { name: 'Correct Return Day: Steel Tube' }));
    expect(dialog().getByLabelText<HTMLInputElement>('Return Date').value).toBe('10/09/2026');
    fireEvent.change(dialog().getByLabelText('Return Date'), { target: { value: '08/09/2026' } });
    fireEvent.change(dialog().getByLabelText('Reason'), {
      target: { value: 'Off-hired by phone' },
    });
    fireEvent.click(dialog().getByRole('button', { name: 'Correct Day' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Correct Day' }),
    );
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()[0]).toEqual({
      url: '/api/material-rentals/12/returns/77',
      method: 'PATCH',
      body: { returnDate: '2026-09-08', reason: 'Off-hired by phone' },
    });
    // The form comes back with the refusal under the date it names, and stays open.
    expect(await dialog().findByText(refusal)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});

describe('RerateDialog', { timeout: 30_000 }, () => {
  it('re-rates a line in cents with a reason, after a confirmation', async () => {
    const onOpenChange = vi.fn();
    show(<RerateDialog target={{ rental, item: rental.items[0]! }} onOpenChange={onOpenChange} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Re-rate Steel Tube: Rental #12' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Day Rate').value).toBe('1.00');
    expect(dialog.getByLabelText<HTMLInputElement>('Minimum Days').value).toBe('14');
    fireEvent.change(dialog.getByLabelText('Day Rate'), { target: { value: '1.5' } });
    fireEvent.change(dialog.getByLabelText('Week Rate'), { target: { value: '' } });
    fireEvent.change(dialog.getByLabelText('Minimum Days'), { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Change Rates' }));
    expect(await dialog.findByText(MOVEMENT_DATE_MESSAGES.reasonRequired)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Agreed discount' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Change Rates' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(/at 1\.50 \/ day, min\. 0 days for the whole hire/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Change Rates' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls()[0]).toEqual({
      url: '/api/material-rentals/12/items/120/rates',
      method: 'PATCH',
      body: { dayCents: 150, weekCents: null, minimumDays: 0, reason: 'Agreed discount' },
    });
  });

  it("shows the server's refusal (a field manager is refused)", async () => {
    answer = () =>
      json(403, {
        success: false,
        code: 'FORBIDDEN',
        message: MOVEMENT_DATE_MESSAGES.rerateAdminOnly,
      });
    show(<RerateDialog target={{ rental, item: rental.items[0]! }} onOpenChange={vi.fn()} />);
    const dialog = () => within(screen.getByRole('dialog'));
    fireEvent.change(dialog().getByLabelText('Reason'), { target: { value: 'Try' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Change Rates' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change Rates' }),
    );
    // The form comes back with the server's message.
    const form = within(
      await screen.findByRole('dialog', { name: 'Re-rate Steel Tube: Rental #12' }),
    );
    expect(form.getByRole('alert').textContent).toBe(MOVEMENT_DATE_MESSAGES.rerateAdminOnly);
  });
});

describe('MarkReturnedDialog', { timeout: 30_000 }, () => {
  it('dates the return today by default and sends the day chosen', async () => {
    const onOpenChange = vi.fn();
    show(<MarkReturnedDialog rental={rental} onOpenChange={onOpenChange} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Mark Full Returned: Rental #12' }));
    const field = dialog.getByLabelText<HTMLInputElement>('Return Date');
    expect(field.value).toBe(isoToDisplayDate(localToday()));
    fireEvent.change(field, { target: { value: isoToDisplayDate(daysAgo(-1)) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Returned' }));
    expect(await dialog.findByText(MOVEMENT_DATE_MESSAGES.future)).toBeTruthy();
    expect(calls()).toHaveLength(0);
    fireEvent.change(field, { target: { value: isoToDisplayDate(daysAgo(2)) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Returned' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls()[0]).toEqual({
      url: '/api/material-rentals/12/mark-returned',
      method: 'POST',
      body: { returnDate: daysAgo(2) },
    });
  });

  it('keeps a field manager to 7 days back', async () => {
    show(<MarkReturnedDialog rental={rental} onOpenChange={vi.fn()} />, fieldManager);
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Return Date'), {
      target: { value: isoToDisplayDate(daysAgo(8)) },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Returned' }));
    expect(await dialog.findByText(MOVEMENT_DATE_MESSAGES.tooFarBack)).toBeTruthy();
    expect(calls()).toHaveLength(0);
  });
});

describe('a return kept without signal (decision 048)', () => {
  it('carries the day it was made on the phone, not the day it reaches the server', async () => {
    // Made at 23:50 on 20 November, with no day typed (the field emptied): the device's day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 23, 50));
    const sent: unknown[] = [];
    const outbox = createOutbox({
      store: memoryStore(),
      send: async (kept) => {
        sent.push(kept.write.body);
        return { kind: 'sent' };
      },
    });
    await outbox.open(1);
    const input = {
      rentalItemId: 120,
      returnedQuantity: 3,
      damagedQuantity: 1,
      lostQuantity: 0,
    };
    await outbox.add({ ...returnWrite(rental, input), key: 'k-1' });
    // And one whose day was typed: the day entered.
    await outbox.add({
      ...returnWrite(rental, { ...input, returnDate: '2026-11-18' }),
      key: 'k-2',
    });
    // The signal comes back the next morning.
    vi.setSystemTime(new Date(2026, 10, 21, 8, 0));
    await outbox.flush();
    expect(sent).toEqual([
      { ...input, returnDate: '2026-11-20' },
      { ...input, returnDate: '2026-11-18' },
    ]);
  });
});
