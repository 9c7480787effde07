import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/app/error-boundary';
import { preloadable } from './preloadable';

afterEach(cleanup);

function page(text: string) {
  const load = vi.fn(async () => ({ default: () => <h1>{text}</h1> }));
  return { load, Page: preloadable(load) };
}

function renderInSuspense(Page: React.ComponentType) {
  const fallback = vi.fn(() => <p>Loading</p>);
  const Fallback = fallback;
  render(
    <Suspense fallback={<Fallback />}>
      <Page />
    </Suspense>,
  );
  return fallback;
}

describe('a preloadable page', () => {
  it('renders in its first commit, without its fallback, once its code is loaded', async () => {
    const { load, Page } = page('Material Rentals');
    await Page.preload();
    const fallback = renderInSuspense(Page);
    expect(screen.getByRole('heading', { name: 'Material Rentals' })).toBeTruthy();
    expect(fallback).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows its fallback while its code loads when nothing fetched it ahead', async () => {
    const { load, Page } = page('Inventory');
    const fallback = renderInSuspense(Page);
    expect(fallback).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Inventory' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches its code once however often it is preloaded', async () => {
    const { load, Page } = page('Staff');
    await Promise.all([Page.preload(), Page.preload()]);
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches again after a failed fetch (offline, a new deploy)', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactNode }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: () => <h1>Attendance</h1> });
    const Page = preloadable(load);
    await expect(Page.preload()).rejects.toThrow('Failed to fetch');
    await Page.preload();
    renderInSuspense(Page);
    expect(screen.getByRole('heading', { name: 'Attendance' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is fetched again by Try Again when its code failed to load as it rendered', async () => {
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new Error('Failed to fetch dynamically imported module');
      return { default: () => <h1>Attendance</h1> };
    });
    const Page = preloadable(load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Failed to fetch dynamically imported module')).toBeTruthy();
    online = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try Again' })));
    expect(await screen.findByRole('heading', { name: 'Attendance' })).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });
});
