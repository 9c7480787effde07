import {
  ATTENDANCE_MESSAGES,
  type AttendanceDto,
  localToday,
  type StaffDto,
} from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '@/test-support/match-media';
import { AttendanceFormDialog } from './attendance-form-dialog';

const asha = {
  id: 7,
  name: 'Asha Rigger',
  locationId: 2,
  location: 'South Site',
  status: 'ACTIVE',
} as StaffDto;
const ben = {
  id: 8,
  name: 'Ben Fixer',
  locationId: 1,
  location: 'North Yard',
  status: 'ACTIVE',
} as StaffDto;
/** The edited record's staff member as GET /api/staff/7 answers them. */
let member: () => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let saveAnswer: () => Response;
const saveCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/api/attendance'));
const bodyOf = (n = 0) => JSON.parse(String((saveCalls()[n]![1] as RequestInit).body));

beforeAll(() => {
  // sonner asks for the colour scheme.
  stubMatchMedia(0);
});
beforeEach(() => {
  saveAnswer = () =>
    json(201, { success: true, message: 'Marked', data: { id: 3, staffName: 'Asha Rigger' } });
  member = () => json(200, { success: true, data: asha });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/staff/all/active') return json(200, { success: true, data: [asha, ben] });
      if (url === '/api/staff/7') return member();
      return saveAnswer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(props: { record?: AttendanceDto | null; fixedStaff?: StaffDto | null } = {}) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AttendanceFormDialog
        open
        onOpenChange={onOpenChange}
        record={props.record ?? null}
        fixedStaff={props.fixedStaff ?? null}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  const name = props.record ? 'Edit Attendance' : 'Mark Attendance';
  return { dialog: within(screen.getByRole('dialog', { name })), onOpenChange };
}

describe('AttendanceFormDialog', { timeout: 20_000 }, () => {
  it('marks a chosen staff member, PRESENT and today by default, and tells whose attendance it was', async () => {
    const { dialog, onOpenChange } = open();
    await dialog.findByRole('option', { name: 'Ben Fixer' });
    expect(dialog.getByLabelText<HTMLSelectElement>('Status').value).toBe('PRESENT');
    expect(
      within(dialog.getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Present', 'Absent', 'Late', 'Half Day']);
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
    expect(await dialog.findByText('Staff member is required')).toBeTruthy();
    expect(dialog.getByText('Location is required')).toBeTruthy();
    expect(saveCalls()).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText('Staff Member'), { target: { value: '7' } });
    await waitFor(() =>
      expect(dialog.getByLabelText<HTMLSelectElement>('Location').value).toBe('2'),
    );
    fireEvent.change(dialog.getByLabelText('Check In'), { target: { value: '08:00' } });
    fireEvent.change(dialog.getByLabelText('Check Out'), { target: { value: '12:30' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(bodyOf()).toEqual({
      staffId: 7,
      locationId: 2,
      date: localToday(),
      checkIn: '08:00',
      checkOut: '12:30',
      status: 'PRESENT',
    });
    expect(await screen.findByText('Attendance Marked')).toBeTruthy();
    expect(screen.getByText(ATTENDANCE_MESSAGES.markedText('Asha Rigger'))).toBeTruthy();
  });

  it("sets the Location to the chosen staff member's own, and offers no other", async () => {
    const { dialog } = open();
    await dialog.findByRole('option', { name: 'Ben Fixer' });
    const location = () => dialog.getByLabelText<HTMLSelectElement>('Location');
    const offered = () =>
      within(location())
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(offered()).toEqual(['Select a staff member first']);
    fireEvent.change(dialog.getByLabelText('Staff Member'), { target: { value: '7' } });
    await waitFor(() => expect(location().value).toBe('2'));
    expect(offered()).toEqual(['Select location', 'South Site']);
    fireEvent.change(dialog.getByLabelText('Staff Member'), { target: { value: '8' } });
    await waitFor(() => expect(location().value).toBe('1'));
    expect(offered()).toEqual(['Select location', 'North Yard']);
    // No list of every location is loaded.
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toEqual([
      '/api/staff/all/active',
    ]);
  });

  it("locks the page's staff member and sends them", async () => {
    const { dialog, onOpenChange } = open({ fixedStaff: asha });
    const staff = dialog.getByLabelText<HTMLSelectElement>('Staff Member');
    expect(staff.disabled).toBe(true);
    expect(staff.textContent).toBe('Asha Rigger');
    await dialog.findAllByRole('option', { name: 'South Site' });
    // The staff member's location by default.
    expect(dialog.getByLabelText<HTMLSelectElement>('Location').value).toBe('2');
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(bodyOf()).toMatchObject({ staffId: 7, locationId: 2 });
  });

  it("refuses a check-out before the check-in, and shows an overlap as 'Validation Error'", async () => {
    const { dialog, onOpenChange } = open({ fixedStaff: asha });
    await dialog.findAllByRole('option', { name: 'South Site' });
    fireEvent.change(dialog.getByLabelText('Check In'), { target: { value: '12:00' } });
    fireEvent.change(dialog.getByLabelText('Check Out'), { target: { value: '09:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
    expect(await dialog.findByText('Check out must be after check in')).toBeTruthy();
    expect(saveCalls()).toHaveLength(0);

    // The server names where and when the other record is.
    const overlap = ATTENDANCE_MESSAGES.overlapWith({
      location: 'South Site',
      date: '2026-03-10',
      checkIn: '09:00',
      checkOut: '12:00',
    });
    saveAnswer = () => json(409, { success: false, code: 'CONFLICT', message: overlap });
    fireEvent.change(dialog.getByLabelText('Check Out'), { target: { value: '15:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
    expect(
      await dialog.findByText(
        'Staff member has overlapping attendance at South Site on 10/03/2026 (09:00 to 12:00).',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("edits a record's date, times, location, status and notes, without the staff member", async () => {
    const record: AttendanceDto = {
      id: 3,
      staffId: 7,
      staffName: 'Asha Rigger',
      locationId: 2,
      location: 'South Site',
      date: '2026-11-02',
      checkIn: '08:00',
      checkOut: '12:00',
      status: 'PRESENT',
      notes: null,
      createdAt: '2026-11-02T12:00:00.000Z',
      updatedAt: '2026-11-02T12:00:00.000Z',
    };
    saveAnswer = () => json(200, { success: true, message: 'Updated', data: record });
    const { dialog, onOpenChange } = open({ record });
    expect(dialog.queryByLabelText('Staff Member')).toBeNull();
    await dialog.findAllByRole('option', { name: 'South Site' });
    expect(
      within(dialog.getByLabelText('Location'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select location', 'South Site']);
    expect(dialog.getByLabelText<HTMLInputElement>('Check In').value).toBe('08:00');
    fireEvent.change(dialog.getByLabelText('Status'), { target: { value: 'LATE' } });
    fireEvent.change(dialog.getByLabelText('Notes (Optional)'), { target: { value: 'Traffic' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Attendance' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(String(saveCalls()[0]![0])).toBe('/api/attendance/3');
    expect(bodyOf()).toEqual({
      date: '2026-11-02',
      locationId: 2,
      checkIn: '08:00',
      checkOut: '12:00',
      status: 'LATE',
      notes: 'Traffic',
    });
    expect(await screen.findByText('Attendance Updated')).toBeTruthy();
  });

  it("offers an edited record's own location and its staff member's new one", async () => {
    const record = {
      id: 4,
      staffId: 7,
      staffName: 'Asha Rigger',
      locationId: 1,
      location: 'North Yard',
      date: '2026-10-02',
      checkIn: null,
      checkOut: null,
      status: 'PRESENT',
      notes: null,
      createdAt: '2026-10-02T12:00:00.000Z',
      updatedAt: '2026-10-02T12:00:00.000Z',
    } satisfies AttendanceDto;
    const { dialog } = open({ record });
    const location = await dialog.findByRole('combobox', { name: 'Location' });
    await within(location).findByRole('option', { name: 'South Site' });
    expect(
      within(dialog.getByLabelText('Location'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select location', 'North Yard', 'South Site']);
    expect(dialog.getByLabelText<HTMLSelectElement>('Location').value).toBe('1');
  });

  it("keeps an edited record's location when its staff member cannot be read", async () => {
    member = () =>
      json(404, { success: false, code: 'NOT_FOUND', message: 'Staff member not found' });
    const record = {
      id: 5,
      staffId: 7,
      staffName: 'Asha Rigger',
      locationId: 1,
      location: 'North Yard',
      date: '2026-10-03',
      checkIn: null,
      checkOut: null,
      status: 'ABSENT',
      notes: null,
      createdAt: '2026-10-03T12:00:00.000Z',
      updatedAt: '2026-10-03T12:00:00.000Z',
    } satisfies AttendanceDto;
    const { dialog } = open({ record });
    await waitFor(() =>
      expect(
        within(dialog.getByLabelText('Location'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select location', 'North Yard']),
    );
    expect(dialog.getByLabelText<HTMLSelectElement>('Location').value).toBe('1');
  });
});
