import type { ApiSuccess } from '@stockyard/shared';
import { MAX_PAGE_LIMIT } from '@stockyard/shared';
import { api, type QueryParams } from './api-client';

/** Every row of a paged list, a page of the largest size at a time (for pickers and filters). */
export async function fetchAllPages<T>(path: string, query: QueryParams = {}): Promise<T[]> {
  const first = await api.get<ApiSuccess<T[]>>(path, {
    query: { ...query, page: 1, limit: MAX_PAGE_LIMIT },
  });
  const totalPages = first.pagination?.totalPages ?? 1;
  if (totalPages <= 1) return first.data;
  const rest = await Promise.all(
    Array.from({ length: totalPages - 1 }, (_, index) =>
      api.get<ApiSuccess<T[]>>(path, {
        query: { ...query, page: index + 2, limit: MAX_PAGE_LIMIT },
      }),
    ),
  );
  return [first.data, ...rest.map((page) => page.data)].flat();
}
