import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, type SessionUser } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { EditUserDialog } from './edit-user-dialog';

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

const member: SessionUser = {
  id: 7,
  name: 'Sam Site',
  email: 'sam@example.com',
  role: 'USER',
  locationId: 1,
  location: { name: 'North Yard' },
  status: true,
  lastLogin: null,
  permissions: DEFAULT_PERMISSIONS,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const updateCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/users/update/7');

let updateAnswer: () => Response;

beforeEach(() => {
  updateAnswer = () => json(200, { success: true, message: 'User updated', data: member });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/locations/options'
        ? json(200, { success: true, data: [{ id: 1, name: 'North Yard', status: 'ACTIVE' }] })
        : updateAnswer(),
    ),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function open(onOpenChange: (open: boolean) => void) {
  sessionStore.set({ token: 'token', user: admin });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EditUserDialog user={member} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Edit User' }));
}

describe('EditUserDialog', () => {
  it("shows the user's fields and its status, sends the change and closes", async () => {
    const onOpenChange = vi.fn();
    const dialog = open(onOpenChange);
    expect(dialog.getByLabelText('Name')).toHaveProperty('value', 'Sam Site');
    expect(dialog.getByLabelText('Email')).toHaveProperty('value', 'sam@example.com');
    expect(dialog.queryByLabelText('Password')).toBeNull();
    await dialog.findByRole('option', { name: 'North Yard' });

    fireEvent.change(dialog.getByLabelText('Status'), { target: { value: 'false' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update User' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(updateCalls()).toHaveLength(1);
    expect(JSON.parse(String(updateCalls()[0]![1]?.body))).toMatchObject({
      name: 'Sam Site',
      email: 'sam@example.com',
      role: 'USER',
      locationId: 1,
      status: false,
    });
  });

  it("puts a refusal's message under its field and stays open", async () => {
    updateAnswer = () =>
      json(409, {
        success: false,
        message: 'Email already in use',
        errors: [{ path: 'email', message: 'Email already in use' }],
      });
    const onOpenChange = vi.fn();
    const dialog = open(onOpenChange);
    await dialog.findByRole('option', { name: 'North Yard' });
    fireEvent.click(dialog.getByRole('button', { name: 'Update User' }));

    const email = dialog.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText('Email already in use')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
