import { ATTENDANCE_MESSAGES, type StaffDto } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AttendanceOverviewDialog, overviewSlices } from './attendance-overview-dialog';

const member = { id: 7, name: 'Asha Rigger' } as StaffDto;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  // recharts' ResponsiveContainer watches its size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AttendanceOverviewDialog member={member} onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Attendance Overview' }));
}

describe('AttendanceOverviewDialog', { timeout: 20_000 }, () => {
  it('reads the staff member’s overview and counts each status beside the chart', async () => {
    const dialog = open(async () =>
      json(200, { success: true, data: { PRESENT: 18, ABSENT: 2, LATE: 3, HALF_DAY: 0 } }),
    );
    expect(dialog.getByText('Loading...')).toBeTruthy();
    expect(await dialog.findByText('Present: 18')).toBeTruthy();
    expect(dialog.getByText('Absent: 2')).toBeTruthy();
    expect(dialog.getByText('Late: 3')).toBeTruthy();
    expect(dialog.getByText('Half Day: 0')).toBeTruthy();
    expect(dialog.getByTestId('attendance-pie')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/attendance/staff/7/overview');
  });

  it('colours the slices green, red, yellow and blue, and leaves out empty ones', () => {
    expect(
      overviewSlices({ PRESENT: 1, ABSENT: 1, LATE: 1, HALF_DAY: 1 }).map((s) => s.color),
    ).toEqual(['#22c55e', '#ef4444', '#eab308', '#3b82f6']);
    expect(
      overviewSlices({ PRESENT: 4, ABSENT: 0, LATE: 0, HALF_DAY: 1 }).map((s) => s.name),
    ).toEqual(['Present', 'Half Day']);
  });

  it("says 'No attendance data.' when there are no records", async () => {
    const dialog = open(async () =>
      json(200, { success: true, data: { PRESENT: 0, ABSENT: 0, LATE: 0, HALF_DAY: 0 } }),
    );
    expect(await dialog.findByText(ATTENDANCE_MESSAGES.overviewEmpty)).toBeTruthy();
  });

  it("shows the server's message, or 'Failed to fetch attendance.' without one", async () => {
    const dialog = open(async () =>
      json(404, { success: false, code: 'NOT_FOUND', message: 'Staff member not found' }),
    );
    expect(await dialog.findByText('Staff member not found')).toBeTruthy();
    cleanup();
    const offline = open(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await offline.findByText(ATTENDANCE_MESSAGES.overviewFailed)).toBeTruthy();
  });
});
