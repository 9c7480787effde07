import type { SessionUser } from '@stockyard/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './layout/header';
import { useDocumentTitle } from './page-title';

afterEach(cleanup);

const admin = {
  id: 1,
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'ADMIN',
} as SessionUser;

function Titled() {
  useDocumentTitle();
  return <Outlet />;
}

function renderAt(path: string) {
  const header = <Header user={admin} onOpenMenu={() => undefined} onLogout={() => undefined} />;
  const router = createMemoryRouter(
    [
      {
        element: <Titled />,
        children: [
          { path: '/login', element: <p>Sign-in form</p> },
          { path: '*', element: header },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the page title', () => {
  it('names the section in the header and the tab', () => {
    renderAt('/inventory');
    expect(screen.getByTestId('section-title').textContent).toBe('Inventory');
    expect(document.title).toBe('Inventory · Stockyard');
  });

  it('says Page Not Found in the header and the tab on a path no route has', () => {
    renderAt('/no/such/page');
    expect(screen.getByTestId('section-title').textContent).toBe('Page Not Found');
    expect(document.title).toBe('Page Not Found · Stockyard');
  });

  it('names the sign-in page in the tab', () => {
    renderAt('/login');
    expect(document.title).toBe('Sign In · Stockyard');
  });

  it('follows the page as the user moves', async () => {
    const router = renderAt('/');
    expect(document.title).toBe('Dashboard · Stockyard');
    await act(() => router.navigate('/admin/activity-tracking'));
    expect(screen.getByTestId('section-title').textContent).toBe('Activity Tracking');
    expect(document.title).toBe('Activity Tracking · Stockyard');
  });
});
