import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListParams } from './use-list-params';
import { SEARCH_DELAY_MS, useSearchInput } from './use-search-input';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function SearchBox() {
  const { filters, setFilters } = useListParams({ search: 'text' });
  const box = useSearchInput(filters.search, (search, options) => setFilters({ search }, options));
  return (
    <input
      aria-label="Search users"
      value={box.text}
      onChange={(event) => box.setText(event.target.value)}
    />
  );
}

function renderSearchAt(...entries: string[]) {
  const router = createMemoryRouter([{ path: '*', element: <SearchBox /> }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  render(<RouterProvider router={router} />);
  const input = screen.getByRole('textbox', { name: 'Search users' }) as HTMLInputElement;
  return {
    router,
    input,
    type: (text: string) => fireEvent.change(input, { target: { value: text } }),
    pause: () => act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS)),
    url: () => router.state.location.pathname + router.state.location.search,
  };
}

describe('useSearchInput', () => {
  it('shows the URL’s search in the box', () => {
    expect(renderSearchAt('/users?search=bolt').input.value).toBe('bolt');
  });

  it('puts the trimmed text in the URL once typing pauses, on page 1', async () => {
    const view = renderSearchAt('/users?page=2');
    view.type('b');
    view.type('bo');
    await act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    view.type('bolt ');
    await act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(view.url()).toBe('/users?page=2');
    await view.pause();
    expect(view.url()).toBe('/users?search=bolt');
    expect(view.input.value).toBe('bolt ');
  });

  it('refines a search in place, so that Back returns to the view before searching', async () => {
    const view = renderSearchAt('/users?page=2');
    view.type('bolt');
    await view.pause();
    view.type('bolts');
    await view.pause();
    expect(view.url()).toBe('/users?search=bolts');
    await act(() => view.router.navigate(-1));
    expect(view.url()).toBe('/users?page=2');
    expect(view.input.value).toBe('');
  });

  it('takes a search set from outside (a link, Back) into the box', async () => {
    const view = renderSearchAt('/users');
    view.type('nut');
    await view.pause();
    await act(() => view.router.navigate('/users?search=washer'));
    expect(view.input.value).toBe('washer');
    await act(() => view.router.navigate(-1));
    expect(view.input.value).toBe('nut');
    await view.pause();
    expect(view.url()).toBe('/users?search=nut');
  });
});
