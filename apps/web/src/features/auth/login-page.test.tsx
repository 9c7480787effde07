import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.doUnmock('./sign-in-checks');
  vi.resetModules();
});

/** The sign-in page as a fresh visit loads it: the form's checks not yet fetched. */
async function openSignIn() {
  const { LoginPage } = await import('./login-page');
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
}

describe('LoginPage', () => {
  it("checks the fields with the shared schema, fetched after the page's first paint (issue 52)", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await openSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an address' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says so when the checks cannot be fetched, sends nothing, and fetches them again at the next try', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    let reachable = false;
    vi.doMock('./sign-in-checks', async (original) => {
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
      return original();
    });
    await openSignIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network error - please check your connection',
    );
    expect(fetch).not.toHaveBeenCalled();

    reachable = true;
    fetch.mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: 'Invalid email or password' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/auth/login');
  });
});
