import { DEFAULT_PERMISSIONS, type SessionUser } from '@stockyard/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { aFieldManager, anAdmin } from '@/lib/test-users';
import { PageFrame } from './page-frame';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const fieldManager = aFieldManager();

const admin = anAdmin({ permissions: DEFAULT_PERMISSIONS });

function frameAt(path: string, user: SessionUser) {
  sessionStore.set({ token: 'stored-token', user });
  const router = createMemoryRouter([{ path: '*', element: <PageFrame /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

describe('the frame a signed-in page shows while it loads', () => {
  it("shows the section's name, the page's intro for this user and the loading spinner", () => {
    frameAt('/inventory', fieldManager);
    expect(screen.getAllByText('Inventory')).toHaveLength(1);
    expect(screen.getByText('Inventory Management')).toBeTruthy();
    expect(
      screen.getByText('Materials at North Yard. Choose an item to see its stock history.'),
    ).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it("says an admin's lists are of every location", () => {
    frameAt('/invoices', admin);
    expect(screen.getByText(/^Invoices of every location\./)).toBeTruthy();
  });

  it("leaves the heading to the page: a reader or a test finds the page's own h1", () => {
    frameAt('/material-rentals', fieldManager);
    expect(screen.getByText('Material Rentals', { selector: 'p.text-2xl' })).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows the Dashboard for a page the user may not open: they are sent home from it', () => {
    frameAt('/staff', admin);
    expect(screen.queryByText('Staff Management')).toBeNull();
    expect(screen.getByText('Dashboard', { selector: 'p.text-lg' })).toBeTruthy();
    expect(screen.getByText(/^What is in stock/)).toBeTruthy();
  });

  it("shows no intro for a scanned label's page the user may not open: it says so", () => {
    frameAt('/m/BMR-000001', {
      ...fieldManager,
      permissions: { ...DEFAULT_PERMISSIONS, viewInventory: false },
    });
    expect(screen.queryByText(/^What is in stock/)).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('shows the frame and the spinner alone for a page whose intro depends on its data', () => {
    frameAt('/invoices/7/items', admin);
    expect(screen.queryByText(/Invoice/, { selector: 'p.text-sm' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});
