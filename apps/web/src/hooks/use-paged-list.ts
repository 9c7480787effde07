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
 * A paged list's rows, total, page count and state. A delete can empty the last page: the list
 * then steps back to the last page that still has rows.
 */
export function usePagedList<T>(
  query: UseQueryResult<ApiSuccess<T[]>>,
  page: number,
  setPage: (page: number) => void,
) {
  const totalPages = query.data?.pagination?.totalPages ?? 1;
  useEffect(() => {
    if (query.data && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [query.data, page, totalPages, setPage]);
  return {
    rows: query.data?.data ?? [],
    total: query.data?.pagination?.total ?? 0,
    totalPages,
    state: listState(query),
  };
}
