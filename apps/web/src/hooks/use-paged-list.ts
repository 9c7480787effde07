import type { ApiSuccess } from '@stockyard/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import type { ListState } from '@/components/ui/table';

/** Where a list's query stands: loading until its first answer, failed only with nothing to show. */
export function listState(query: {
  isPending: boolean;
  isError: boolean;
  data: unknown;
}): ListState {
  if (query.isPending) return 'loading';
  return query.isError && !query.data ? 'error' : 'ready';
}

/**
 * A page past the end (a delete emptied the last page, an old link) steps back to the last page
 * that has rows, once the list's answer says how many there are.
 */
export function useLastPageGuard(
  page: number,
  totalPages: number | undefined,
  stepBack: (page: number) => void,
) {
  useEffect(() => {
    if (totalPages === undefined) return;
    const last = Math.max(totalPages, 1);
    if (page > last) stepBack(last);
  }, [page, totalPages, stepBack]);
}

/**
 * A query's answer as a screen draws it: its data deferred, and its state with it. TanStack Query
 * tells a component of an answer through useSyncExternalStore, whose updates React renders at
 * once, in one task however many rows there are (on a throttled phone 150 to 400 ms, the long task
 * after each answer). Deferred, that update only renders the screen as it was (cheap: the outline
 * it showed), and the rows follow in a render React splits into slices of a few milliseconds,
 * between which the browser paints and answers input.
 */
export function useDeferredAnswer<T>(query: {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}) {
  const data = useDeferredValue(query.data);
  // An answer that has come but is not drawn yet is still loading for the screen.
  const drawing = data === undefined && query.data !== undefined;
  const state: ListState = drawing
    ? 'loading'
    : listState({ isPending: query.isPending, isError: query.isError, data });
  return { data, state };
}

/** A paged list's rows, total, page count and state; a page past the end steps back. */
export function usePagedList<T>(
  query: UseQueryResult<ApiSuccess<T[]>>,
  page: number,
  stepBack: (page: number) => void,
) {
  // Another view's rows, kept on screen while this one loads, say nothing of this view's pages.
  const settled = query.data !== undefined && !query.isPlaceholderData;
  useLastPageGuard(page, settled ? (query.data?.pagination?.totalPages ?? 1) : undefined, stepBack);
  const { data, state } = useDeferredAnswer(query);
  return {
    rows: data?.data ?? [],
    total: data?.pagination?.total ?? 0,
    totalPages: data?.pagination?.totalPages ?? 1,
    state,
  };
}
