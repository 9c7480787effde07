import {
  ALL_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  PROFILE_MESSAGES,
  SETTINGS_MESSAGES,
  type SessionUser,
} from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import SettingsPage from './settings-page';

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
const manager: SessionUser = {
  ...admin,
  id: 9,
  name: 'Fran Field',
  role: 'USER',
  locationId: 1,
  location: { name: 'North Yard' },
  permissions: DEFAULT_PERMISSIONS,
};

const profile = {
  companyName: 'Harbour Scaffolding',
  email: 'office@harbour.example',
  phone: '+4420794600',
  address: '12 Quay Street',
  updatedAt: null,
};
const settings = {
  emailAlerts: true,
  lowStockAlerts: true,
  rentalAlerts: true,
  loginAlerts: true,
  twoFactorEnabled: false,
  emailConfigured: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users/company') return json(200, { success: true, data: profile });
      if (url.endsWith('/notification-settings'))
        return json(200, { success: true, data: settings });
      if (url === '/api/users/notifications') {
        const body = JSON.parse(String(init?.body));
        return json(200, { success: true, data: { ...settings, ...body } });
      }
      return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
  document.documentElement.className = '';
});

function open(user: SessionUser) {
  sessionStore.set({ token: 'token', user });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsPage />
    </QueryClientProvider>,
  );
}

const calls = (path: string) =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === `/api${path}`);

describe('the Settings page', () => {
  it('shows a field manager the profile read-only, their own switches and Change Password', async () => {
    open(manager);
    await waitFor(() =>
      expect(screen.getByLabelText('Company Name')).toHaveProperty('value', profile.companyName),
    );
    expect(screen.getByLabelText('Company Name')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Save Profile' })).toBeNull();
    expect(screen.getByText('Appearance')).toBeTruthy();

    await screen.findByRole('switch', { name: 'Login Notifications' });
    expect(calls(`/users/${manager.id}/notification-settings`)).toHaveLength(1);
    for (const name of ['Email Notifications', 'Rental Request Alerts', 'Low Inventory Alerts']) {
      expect(screen.getByRole('switch', { name })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeTruthy();
    // Their own two-factor sign-in is theirs; the company's rule is an admin's.
    expect(screen.getByRole('button', { name: 'Set Up Two-Factor' })).toBeTruthy();
    expect(
      screen.queryByRole('switch', { name: 'Require two-factor sign-in for admins' }),
    ).toBeNull();
  });

  it("saves a field manager's own switch when it is changed", async () => {
    open(manager);
    const login = await screen.findByRole('switch', { name: 'Login Notifications' });
    fireEvent.click(login);
    await waitFor(() => expect(calls('/users/notifications')).toHaveLength(1));
    expect(JSON.parse(String(calls('/users/notifications')[0]![1]?.body))).toEqual({
      loginAlerts: false,
    });
    await waitFor(() => expect(login.getAttribute('aria-checked')).toBe('false'));
  });

  it("checks the admin's profile with the shared rules before saving", async () => {
    open(admin);
    const phone = await screen.findByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveProperty('value', profile.phone));
    fireEvent.change(phone, { target: { value: '0123' } });
    fireEvent.change(screen.getByLabelText('Company Name'), { target: { value: 'H' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(PROFILE_MESSAGES.phone)).toBeTruthy();
    expect(screen.getByText(PROFILE_MESSAGES.companyNameShort)).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('saves a switch when it is changed, and says e-mail is not configured', async () => {
    open(admin);
    const lowStock = await screen.findByRole('switch', { name: 'Low Inventory Alerts' });
    expect(lowStock.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(lowStock);
    await waitFor(() => expect(calls('/users/notifications')).toHaveLength(1));
    expect(JSON.parse(String(calls('/users/notifications')[0]![1]?.body))).toEqual({
      lowStockAlerts: false,
    });
    await waitFor(() => expect(lowStock.getAttribute('aria-checked')).toBe('false'));

    const email = screen.getByRole('switch', { name: 'Email Notifications' });
    expect(email).toHaveProperty('disabled', true);
    expect(screen.getByText(SETTINGS_MESSAGES.emailNotConfigured)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Login Notifications' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set Up Two-Factor' })).toBeTruthy();
  });

  it('keeps the theme and Compact Mode on the device', async () => {
    open(manager);
    fireEvent.click(screen.getByLabelText('Dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Compact Mode' }));
    expect(localStorage.getItem('compactMode')).toBe('true');
    expect(document.documentElement.classList.contains('compact')).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Compact Mode' }));
    expect(localStorage.getItem('compactMode')).toBeNull();
    expect(document.documentElement.classList.contains('compact')).toBe(false);
  });
});
