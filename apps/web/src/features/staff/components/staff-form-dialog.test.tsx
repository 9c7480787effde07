import { type LocationOption, STAFF_MESSAGES, type StaffDto } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffFormDialog } from './staff-form-dialog';

const LOCATIONS: LocationOption[] = [
  { id: 1, name: 'North Yard', status: 'ACTIVE' },
  { id: 2, name: 'South Site', status: 'ACTIVE' },
];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let saveAnswer: () => Response;
const saveCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/api/staff'));

beforeEach(() => {
  saveAnswer = () => json(201, { success: true, message: 'Added', data: { id: 5 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/locations/options'
        ? json(200, { success: true, data: LOCATIONS })
        : saveAnswer(),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(member: StaffDto | null = null) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StaffFormDialog open onOpenChange={onOpenChange} member={member} />
    </QueryClientProvider>,
  );
  const name = member ? 'Edit Staff' : 'Add Staff';
  return { dialog: within(screen.getByRole('dialog', { name })), onOpenChange };
}

type Dialog = ReturnType<typeof within>;
const type = (dialog: Dialog, label: string, value: string) =>
  fireEvent.change(dialog.getByLabelText(label, { exact: true }), { target: { value } });

async function fill(dialog: Dialog) {
  await dialog.findAllByRole('option', { name: 'North Yard' });
  type(dialog, 'Full Name', 'Asha Rigger');
  type(dialog, 'Email', 'asha@site.test');
  type(dialog, 'Phone', '+44 7700 900123');
  type(dialog, 'Position', 'Scaffolder');
  fireEvent.change(dialog.getByLabelText('Location'), { target: { value: '2' } });
  type(dialog, 'Department', 'Erection');
  type(dialog, 'Hire Date', '18/03/2024');
  type(dialog, 'Annual Salary ($)', '38500');
  type(dialog, 'Address', '12 Harbour Lane');
  type(dialog, 'Emergency Contact Name', 'Ravi Rigger');
  type(dialog, 'Emergency Contact Phone', '07700 900456');
}

describe('StaffFormDialog', { timeout: 20_000 }, () => {
  it('offers the statuses by their labels, Active (Available) first, and a salary of 0', async () => {
    const { dialog } = open();
    const status = dialog.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active (Available)', 'Inactive (Unavailable)', 'On Leave (Temporarily Away)']);
    expect(dialog.getByLabelText<HTMLInputElement>('Annual Salary ($)').value).toBe('0');
  });

  it('shows every message of the staff form word for word and sends nothing', async () => {
    const { dialog } = open();
    await dialog.findAllByRole('option', { name: 'North Yard' });
    type(dialog, 'Full Name', 'A');
    type(dialog, 'Email', 'not-an-email');
    type(dialog, 'Phone', '555 123');
    type(dialog, 'Annual Salary ($)', '-5');
    type(dialog, 'Address', 'Lane');
    type(dialog, 'Emergency Contact Name', 'R');
    type(dialog, 'Emergency Contact Phone', '12345');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Staff' }));
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email format',
      'Phone number must be at least 10 digits',
      'Position is required',
      'Location is required',
      'Department is required',
      'Hire date is required',
      'Salary must be a positive number',
      'Address must be at least 5 characters',
      'Emergency contact name is required',
      'Emergency phone must be at least 10 digits',
    ]) {
      expect(await dialog.findByText(message)).toBeTruthy();
    }
    expect(saveCalls()).toHaveLength(0);
  });

  it('sends the staff member as the API takes it and closes', async () => {
    const { dialog, onOpenChange } = open();
    await fill(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Add Staff' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = saveCalls()[0]!;
    expect(url).toBe('/api/staff');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      name: 'Asha Rigger',
      email: 'asha@site.test',
      phone: '+44 7700 900123',
      position: 'Scaffolder',
      locationId: 2,
      department: 'Erection',
      hireDate: '2024-03-18',
      salary: 38500,
      status: 'ACTIVE',
      address: '12 Harbour Lane',
      emergencyContact: 'Ravi Rigger',
      emergencyPhone: '07700 900456',
    });
  });

  it("puts the server's refusal of a taken email under the email", async () => {
    saveAnswer = () =>
      json(409, {
        success: false,
        code: 'CONFLICT',
        message: STAFF_MESSAGES.emailTaken,
        errors: [{ path: 'email', message: STAFF_MESSAGES.emailTaken }],
      });
    const { dialog, onOpenChange } = open();
    await fill(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Add Staff' }));
    expect(await dialog.findByText(STAFF_MESSAGES.emailTaken)).toBeTruthy();
    expect(dialog.getByLabelText('Email', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
