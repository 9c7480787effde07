import {
  DEFAULT_PERMISSIONS,
  type SessionUser,
  STAFF_MESSAGES,
  type StaffDto,
} from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import StaffPage from './staff-page';

const manager = (manage: boolean): SessionUser => ({
  id: 4,
  name: 'Fran Field',
  email: 'fran@example.com',
  role: 'USER',
  locationId: 3,
  location: { id: 3, name: 'North Yard' } as SessionUser['location'],
  status: true,
  lastLogin: null,
  permissions: { ...DEFAULT_PERMISSIONS, manageAttendance: manage },
});

const asha: StaffDto = {
  id: 7,
  name: 'Asha Rigger',
  email: 'asha@site.test',
  phone: '+44 7700 900123',
  position: 'Scaffolder',
  locationId: 3,
  location: 'North Yard',
  department: 'Erection',
  hireDate: '2024-03-18',
  salary: 38500,
  status: 'ON_LEAVE',
  address: '12 Harbour Lane',
  emergencyContact: 'Ravi Rigger',
  emergencyPhone: '07700 900456',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let staffAnswer: () => Response;
const requests = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url, init]) => ({
      url: new URL(String(url), 'http://localhost'),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
    }))
    .filter(({ url }) => url.pathname === path);

beforeEach(() => {
  staffAnswer = () =>
    json({
      success: true,
      message: 'ok',
      data: [asha],
      pagination: { total: 1, totalPages: 1, page: 1, limit: 10 },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') return json({ success: true, message: 'ok', data: null });
      return staffAnswer();
    }),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderAt(url: string, manage = true) {
  sessionStore.set({ token: 'token', user: manager(manage) });
  const router = createMemoryRouter(
    [
      { path: '/staff', element: <StaffPage /> },
      { path: '/attendance/:staffId', element: <p>attendance page</p> },
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

async function openActions() {
  fireEvent.pointerDown(await screen.findByRole('button', { name: 'Actions for Asha Rigger' }), {
    button: 0,
    ctrlKey: false,
  });
  return within(await screen.findByRole('menu'));
}

describe('Staff Management', { timeout: 20_000 }, () => {
  it('shows a staff member as the spec lists them: hire date, salary and status badge', async () => {
    renderAt('/staff');
    expect(screen.getByRole('heading', { name: 'Staff Management' })).toBeTruthy();
    const row = (await screen.findByText('Asha Rigger')).closest('tr')!;
    for (const text of ['asha@site.test', '+44 7700 900123', '18 Mar 2024', '$38,500']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(row).getAllByText('ON_LEAVE')[0]!.className).toContain('yellow');
    expect(requests('/api/staff').at(-1)!.url.searchParams.toString()).toBe(
      'page=1&pageSize=10&locationId=3',
    );
    expect(
      within(screen.getByLabelText('Filter by status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'ACTIVE', 'INACTIVE', 'ON_LEAVE']);
  });

  it("says 'No staff members found.' for an empty list", async () => {
    staffAnswer = () =>
      json({
        success: true,
        message: 'ok',
        data: [],
        pagination: { total: 0, totalPages: 1, page: 1, limit: 10 },
      });
    renderAt('/staff?status=INACTIVE');
    expect(await screen.findByText(STAFF_MESSAGES.empty)).toBeTruthy();
    expect(requests('/api/staff').at(-1)!.url.searchParams.get('status')).toBe('INACTIVE');
  });

  it('opens the staff member’s attendance from Add Attendance', async () => {
    const view = renderAt('/staff');
    const menu = await openActions();
    fireEvent.click(menu.getByRole('menuitem', { name: 'Add Attendance' }));
    await waitFor(() => expect(view.url()).toBe('/attendance/7'));
  });

  it('asks the quoted question before a delete, then deletes', async () => {
    renderAt('/staff');
    const menu = await openActions();
    fireEvent.click(menu.getByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(
      confirm.getByText(
        'Are you sure you want to delete this staff member? This action cannot be undone.',
      ),
    ).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests('/api/staff/7').map((r) => r.method)).toEqual(['DELETE']));
  });

  it('offers only View Attendance and the export without Manage Attendance', async () => {
    renderAt('/staff', false);
    const menu = await openActions();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View Attendance',
    ]);
    expect(screen.queryByRole('button', { name: 'Add Staff' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });
});
