import type { ApiSuccess } from '@stockyard/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/** A paged list's rows, total, page count and state; a page past the end steps back. */
export function usePagedList<T>(
  query: UseQueryResult<ApiSuccess<T[]>>,
  page: number,
  stepBack: (page: number) => void,
) {
  const totalPages = query.data?.pagination?.totalPages ?? 1;
  // Another view's rows, kept on screen while this one loads, say nothing of this view's pages.
  const settled = query.data !== undefined && !query.isPlaceholderData;
  useLastPageGuard(page, settled ? totalPages : undefined, stepBack);
  return {
    rows: query.data?.data ?? [],
    total: query.data?.pagination?.total ?? 0,
    totalPages,
    state: listState(query),
  };
}
