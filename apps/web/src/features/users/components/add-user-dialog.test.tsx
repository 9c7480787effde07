import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, type SessionUser } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';

const fieldManager: SessionUser = {
  id: 9,
  name: 'Fran Field',
  email: 'fran@example.com',
  role: 'USER',
  locationId: 1,
  location: { name: 'North Yard' },
  status: true,
  lastLogin: null,
  // viewInvoices and viewAttendance are defaults she does not hold.
  permissions: {
    ...DEFAULT_PERMISSIONS,
    viewInvoices: false,
    viewAttendance: false,
    viewUsers: true,
    manageUsers: true,
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const registerCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/users/register');

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/locations/options'
        ? json(200, {
            success: true,
            data: [
              { id: 1, name: 'North Yard', status: 'ACTIVE' },
              { id: 2, name: 'South Site', status: 'ACTIVE' },
            ],
          })
        : json(201, { success: true, message: 'User registered', data: { id: 10 } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function open(editor: SessionUser) {
  sessionStore.set({ token: 'token', user: editor });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddUserDialog open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Add User' }));
}

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('AddUserDialog', () => {
  it('lets a field manager add a Field Manager at their location, with flags they hold', async () => {
    const dialog = open(fieldManager);
    expect(optionNames(dialog.getByLabelText('Role'))).toEqual(['Select role', 'Field Manager']);
    await dialog.findByRole('option', { name: 'North Yard' });
    expect(optionNames(dialog.getByLabelText('Location'))).toEqual([
      'Select location',
      'North Yard',
    ]);
    expect(dialog.queryByLabelText('View Invoices')).toBeNull();
    expect(dialog.queryByLabelText('Manage Inventory')).toBeNull();
    expect(dialog.getByLabelText('Manage Users')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Sam Site' } });
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'Quarry-Gate-42' } });
    fireEvent.change(dialog.getByLabelText('Confirm Password'), {
      target: { value: 'Quarry-Gate-42' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Add User' }));

    await waitFor(() => expect(registerCalls()).toHaveLength(1));
    const body = JSON.parse(String(registerCalls()[0]![1]?.body));
    expect(body).toMatchObject({ role: 'USER', locationId: 1 });
    // A default she does not hold is not sent on, or the server would refuse the grant.
    expect(body.permissions).toMatchObject({
      viewInventory: true,
      viewInvoices: false,
      viewAttendance: false,
    });
  });

  it('offers an admin every role, location and flag', async () => {
    const dialog = open({
      ...fieldManager,
      role: 'ADMIN',
      locationId: null,
      permissions: ALL_PERMISSIONS,
    });
    expect(optionNames(dialog.getByLabelText('Role'))).toEqual([
      'Select role',
      'Admin',
      'Field Manager',
    ]);
    await dialog.findByRole('option', { name: 'South Site' });
    expect(dialog.getAllByRole('checkbox')).toHaveLength(10);
  });

  it("keeps what is typed when the session's user is read again while it is open", async () => {
    const dialog = open(fieldManager);
    await dialog.findByRole('option', { name: 'North Yard' });
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Sam Site' } });
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    // The same user, a new copy (the socket's first connection reads the profile again).
    act(() => sessionStore.set({ token: 'token', user: { ...fieldManager } }));
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Sam Site');
    expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
  });
});

describe('EditUserDialog', () => {
  const admin: SessionUser = {
    ...fieldManager,
    id: 1,
    role: 'ADMIN',
    locationId: null,
    permissions: ALL_PERMISSIONS,
  };
  const updateCalls = () =>
    vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/users/update/9');

  function edit(onOpenChange: (open: boolean) => void) {
    sessionStore.set({ token: 'token', user: admin });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EditUserDialog user={fieldManager} onOpenChange={onOpenChange} />
      </QueryClientProvider>,
    );
    return within(screen.getByRole('dialog', { name: 'Edit User' }));
  }

  it("shows the user's fields and status, without passwords, sends the change and closes", async () => {
    const onOpenChange = vi.fn();
    const dialog = edit(onOpenChange);
    expect(dialog.getByLabelText('Name')).toHaveProperty('value', 'Fran Field');
    expect(dialog.queryByLabelText('Password')).toBeNull();
    await dialog.findByRole('option', { name: 'North Yard' });

    fireEvent.change(dialog.getByLabelText('Status'), { target: { value: 'false' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update User' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(updateCalls()).toHaveLength(1);
    expect(JSON.parse(String(updateCalls()[0]![1]?.body))).toMatchObject({
      name: 'Fran Field',
      email: 'fran@example.com',
      role: 'USER',
      locationId: 1,
      status: false,
    });
  });

  it("puts a refusal's message under its field and stays open", async () => {
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url) === '/api/locations/options'
        ? json(200, { success: true, data: [{ id: 1, name: 'North Yard', status: 'ACTIVE' }] })
        : json(409, {
            success: false,
            message: 'Email already in use',
            errors: [{ path: 'email', message: 'Email already in use' }],
          }),
    );
    const onOpenChange = vi.fn();
    const dialog = edit(onOpenChange);
    await dialog.findByRole('option', { name: 'North Yard' });
    fireEvent.click(dialog.getByRole('button', { name: 'Update User' }));

    const email = dialog.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText('Email already in use')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
