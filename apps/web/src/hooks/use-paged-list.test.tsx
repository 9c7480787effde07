import type { ApiSuccess } from '@stockyard/shared';
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';
import { listState, usePagedList } from './use-paged-list';

afterEach(cleanup);

const PAGE_SIZE = 10;
type Answer = ApiSuccess<string[]>;

/** A list endpoint over `rows`, filtered by search; `hold` keeps chosen answers back. */
function listServer(rows: string[]) {
  const held = new Map<string, () => void>();
  const answer = (page: number, search: string): Answer => {
    const matching = rows.filter((row) => row.includes(search));
    const totalPages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
    return {
      success: true,
      data: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      pagination: { page, limit: PAGE_SIZE, total: matching.length, totalPages },
    } as Answer;
  };
  return {
    rows,
    holdNext: new Set<string>(),
    release: (key: string) => held.get(key)?.(),
    async fetch(this: { holdNext: Set<string> }, page: number, search: string) {
      const key = `${search}:${page}`;
      if (this.holdNext.delete(key)) {
        await new Promise<void>((resolve) => held.set(key, resolve));
      }
      return answer(page, search);
    },
  };
}

function List({ server }: { server: ListServer }) {
  const { page, filters, replacePage } = useListParams({ search: 'text' });
  const query = useQuery({
    queryKey: ['rows', page, filters.search],
    queryFn: () => server.fetch(page, filters.search),
    placeholderData: keepPreviousData,
  });
  const { rows, total, totalPages, state } = usePagedList(query, page, replacePage);
  return (
    <p data-testid="list">
      {state} page {page} of {totalPages}, {total} rows: {rows.join(',')}
    </p>
  );
}

function renderList(server: ListServer, ...entries: string[]) {
  const router = createMemoryRouter([{ path: '*', element: <List server={server} /> }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, url: () => router.state.location.pathname + router.state.location.search };
}

type ListServer = ReturnType<typeof listServer>;

const rowsNamed = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

describe('usePagedList', () => {
  it('shows the page the URL names, with its rows and totals', async () => {
    renderList(listServer(rowsNamed('bolt', 25)), '/locations?page=3');
    await waitFor(() =>
      expect(screen.getByTestId('list').textContent).toBe(
        'ready page 3 of 3, 25 rows: bolt21,bolt22,bolt23,bolt24,bolt25',
      ),
    );
  });

  it('steps back from a page past the end to the last page, in place of the emptied one', async () => {
    const view = renderList(listServer(rowsNamed('bolt', 15)), '/', '/locations?page=3');
    await waitFor(() => expect(view.url()).toBe('/locations?page=2'));
    await waitFor(() =>
      expect(screen.getByTestId('list').textContent).toContain('page 2 of 2, 15 rows'),
    );
    await act(() => view.router.navigate(-1));
    expect(view.url()).toBe('/');
  });

  it('goes to the first page when nothing matches any more', async () => {
    const view = renderList(listServer(rowsNamed('bolt', 5)), '/locations?page=4&search=nut');
    await waitFor(() => expect(view.url()).toBe('/locations?search=nut'));
    await waitFor(() =>
      expect(screen.getByTestId('list').textContent).toBe('ready page 1 of 1, 0 rows: '),
    );
  });

  it('does not judge the page by another view’s rows still on screen', async () => {
    const server = listServer(rowsNamed('bolt', 15));
    const view = renderList(server, '/locations?search=bolt1');
    await waitFor(() =>
      expect(screen.getByTestId('list').textContent).toContain('page 1 of 1, 7 rows'),
    );
    server.holdNext.add(':2');
    await act(() => view.router.navigate('/locations?page=2'));
    // The one-page search answer is still shown while page 2 of the whole list loads.
    expect(screen.getByTestId('list').textContent).toContain('of 1, 7 rows');
    expect(view.url()).toBe('/locations?page=2');
    await act(async () => server.release(':2'));
    await waitFor(() =>
      expect(screen.getByTestId('list').textContent).toBe(
        'ready page 2 of 2, 15 rows: bolt11,bolt12,bolt13,bolt14,bolt15',
      ),
    );
    expect(view.url()).toBe('/locations?page=2');
  });
});

describe('listState', () => {
  it('is loading until the first answer, and failed only when there is nothing to show', () => {
    expect(listState({ isPending: true, isError: false, data: undefined })).toBe('loading');
    expect(listState({ isPending: false, isError: true, data: undefined })).toBe('error');
    expect(listState({ isPending: false, isError: true, data: { data: [] } })).toBe('ready');
    expect(listState({ isPending: false, isError: false, data: { data: [] } })).toBe('ready');
  });
});
