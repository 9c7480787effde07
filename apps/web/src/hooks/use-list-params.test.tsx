import { act, cleanup, render } from '@testing-library/react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

afterEach(cleanup);

const SPEC = { search: 'text', role: ['ADMIN', 'USER'], location: 'id', date: 'date' } as const;

let list: ReturnType<typeof useListParams<typeof SPEC>> | undefined;
function Probe() {
  list = useListParams(SPEC);
  return null;
}

function renderListAt(...entries: string[]) {
  list = undefined;
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  render(<RouterProvider router={router} />);
  return {
    router,
    get list() {
      if (!list) throw new Error('The list has not rendered');
      return list;
    },
    url: () => router.state.location.pathname + router.state.location.search,
  };
}

describe('useListParams', () => {
  it('reads the page and the filters from the URL', () => {
    const view = renderListAt('/users?page=3&search=bolt&role=USER&location=4&date=2026-01-05');
    expect(view.list.page).toBe(3);
    expect(view.list.filters).toEqual({
      search: 'bolt',
      role: 'USER',
      location: '4',
      date: '2026-01-05',
    });
  });

  it('reads the first page and no filters from values the list cannot take', () => {
    const view = renderListAt('/users?page=0&role=OWNER&location=north&date=2026-02-30');
    expect(view.list.page).toBe(1);
    expect(view.list.filters).toEqual({ search: '', role: '', location: '', date: '' });
    expect(renderListAt('/users?page=-2').list.page).toBe(1);
  });

  it('writes the page to the URL, leaving the first page out, and Back returns to the last one', async () => {
    const view = renderListAt('/users?search=bolt');
    await act(() => view.list.setPage(2));
    expect(view.url()).toBe('/users?search=bolt&page=2');
    expect(view.list.page).toBe(2);
    await act(() => view.list.setPage(1));
    expect(view.url()).toBe('/users?search=bolt');
    await act(() => view.router.navigate(-1));
    expect(view.url()).toBe('/users?search=bolt&page=2');
    expect(view.list.page).toBe(2);
  });

  it('starts again from page 1 when a filter changes, and Back restores the filter and page', async () => {
    const view = renderListAt('/users?page=3&search=bolt');
    await act(() => view.list.setFilters({ location: '4' }));
    expect(view.url()).toBe('/users?search=bolt&location=4');
    expect(view.list.page).toBe(1);
    await act(() => view.list.setFilters({ search: '' }));
    expect(view.url()).toBe('/users?location=4');
    await act(() => view.router.navigate(-1));
    await act(() => view.router.navigate(-1));
    expect(view.url()).toBe('/users?page=3&search=bolt');
    expect(view.list.filters.location).toBe('');
  });

  it('replaces the view when asked, so that Back skips it', async () => {
    const view = renderListAt('/dashboard', '/users?search=bo');
    await act(() => view.list.setFilters({ search: 'bolt' }, { replace: true }));
    expect(view.url()).toBe('/users?search=bolt');
    await act(() => view.list.replacePage(2));
    expect(view.url()).toBe('/users?search=bolt&page=2');
    await act(() => view.router.navigate(-1));
    expect(view.url()).toBe('/dashboard');
  });

  it("a list that was left changes no other page's URL (a search typed just before a link)", async () => {
    window.history.replaceState(null, '', '/invoices/7/item-list?uom=Running+MTR');
    const router = createBrowserRouter([{ path: '*', element: <Probe /> }]);
    render(<RouterProvider router={router} />);
    const left = list!;
    await act(() => router.navigate('/invoices'));
    await act(() => left.setFilters({ search: 'deck' }));
    expect(window.location.pathname + window.location.search).toBe('/invoices');
    await act(() => list!.setFilters({ search: 'deck' }));
    expect(window.location.pathname + window.location.search).toBe('/invoices?search=deck');
    router.dispose();
  });

  it('adds no history entry when the view does not change', async () => {
    const view = renderListAt('/users?location=4');
    const before = view.router.state.location.key;
    await act(() => view.list.setFilters({ location: '4' }));
    expect(view.router.state.location.key).toBe(before);
  });
});
