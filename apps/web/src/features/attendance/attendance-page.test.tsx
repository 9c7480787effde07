import {
  type AttendanceDto,
  DEFAULT_PERMISSIONS,
  type SessionUser,
  thisMonth,
} from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import AttendancePage from './attendance-page';

const manager: SessionUser = {
  id: 4,
  name: 'Fran Field',
  email: 'fran@example.com',
  role: 'USER',
  locationId: 3,
  location: { id: 3, name: 'North Yard' } as SessionUser['location'],
  status: true,
  lastLogin: null,
  permissions: { ...DEFAULT_PERMISSIONS, manageAttendance: true },
};

const record = (n: number, change: Partial<AttendanceDto> = {}): AttendanceDto => ({
  id: n,
  staffId: 7,
  staffName: 'Asha Rigger',
  locationId: 3,
  location: 'North Yard',
  date: `2026-05-${String(n).padStart(2, '0')}`,
  checkIn: '08:00',
  checkOut: '16:30',
  status: 'PRESENT',
  notes: null,
  createdAt: '2026-05-01T18:00:00.000Z',
  updatedAt: '2026-05-01T18:00:00.000Z',
  ...change,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let listAnswer: () => Response;
const listRequests = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/attendance')
    .map((url) => Object.fromEntries(url.searchParams));

beforeEach(() => {
  listAnswer = () =>
    json({
      success: true,
      message: 'ok',
      data: [record(12, { notes: 'Tower crane base', status: 'LATE' }), record(11)],
      pagination: { total: 12, totalPages: 2, page: 1, limit: 10 },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/staff/7')
        return json({ success: true, data: { id: 7, name: 'Asha Rigger', locationId: 3 } });
      if (url === '/api/staff/9')
        return json({ success: false, code: 'NOT_FOUND', message: 'Staff member not found' }, 404);
      return listAnswer();
    }),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  sessionStore.set({ token: 'token', user: manager });
  const router = createMemoryRouter(
    [
      { path: '/attendance', element: <AttendancePage /> },
      { path: '/attendance/:staffId', element: <AttendancePage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { url: () => router.state.location.pathname + router.state.location.search };
}

describe('Staff Attendance', { timeout: 20_000 }, () => {
  it("asks for this month at the field manager's location and shows the spec's columns and footer", async () => {
    renderAt('/attendance');
    expect(screen.getByRole('heading', { name: 'Staff Attendance' })).toBeTruthy();
    expect(screen.getByText('Loading attendance records...')).toBeTruthy();
    const late = (await screen.findByText('Tower crane base')).closest('tr')!;
    expect(within(late).getByText('08:00')).toBeTruthy();
    expect(within(late).getByText('16:30')).toBeTruthy();
    expect(within(late).getAllByText('LATE').length).toBeGreaterThan(0);
    const plain = screen.getByText('11/05/2026').closest('tr')!;
    expect(within(plain).getByText('-')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 10 of 12 records')).toBeTruthy();
    expect(listRequests().at(-1)).toEqual({
      page: '1',
      limit: '10',
      month: thisMonth(),
      locationId: '3',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Filter by month').value).toBe(thisMonth());
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by location').disabled).toBe(true);
  });

  it('filters by month and status, from the first page', async () => {
    const view = renderAt('/attendance?page=2');
    await screen.findByText('Tower crane base');
    fireEvent.change(screen.getByLabelText('Filter by month'), { target: { value: '2026-05' } });
    expect(view.url()).toBe('/attendance?month=2026-05');
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'LATE' } });
    await waitFor(() =>
      expect(listRequests().at(-1)).toEqual({
        page: '1',
        limit: '10',
        month: '2026-05',
        status: 'LATE',
        locationId: '3',
      }),
    );
  });

  it("says 'No attendance records found.' for an empty month", async () => {
    listAnswer = () =>
      json({
        success: true,
        message: 'ok',
        data: [],
        pagination: { total: 0, totalPages: 1, page: 1, limit: 10 },
      });
    renderAt('/attendance');
    expect(await screen.findByText('No attendance records found.')).toBeTruthy();
    expect(screen.getByText('Showing 0 to 0 of 0 records')).toBeTruthy();
  });

  it('at /attendance/{staffId} lists only that staff member, without the name search', async () => {
    renderAt('/attendance/7');
    expect(await screen.findByText('The attendance of Asha Rigger.')).toBeTruthy();
    await waitFor(() => expect(listRequests().at(-1)).toMatchObject({ staffId: '7' }));
    expect(screen.queryByLabelText('Search by staff name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark Attendance' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark Attendance' }));
    expect(dialog.getByLabelText<HTMLSelectElement>('Staff Member').disabled).toBe(true);
  });

  it("says so when the staff member is not the field manager's to see", async () => {
    renderAt('/attendance/9');
    expect(await screen.findByText('Staff member not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Staff' })).toBeTruthy();
  });
});
