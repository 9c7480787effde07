import type { ApiSuccess, RequestableMaterial } from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * The bulk form's picker: every active location's stock (PRODUCT-DECISIONS, "Requests ask for
 * stock from anywhere"), by location, narrowed by a name. Silent: the form says when it fails.
 */
export function requestableMaterials(search: string) {
  return api
    .get<ApiSuccess<RequestableMaterial[]>>('/rental-requests/materials', {
      query: { search: search || undefined },
      silent: true,
    })
    .then((answer) => answer.data);
}

export function useRequestableMaterials(search: string) {
  return useQuery({
    queryKey: [...queryRoots.materials, 'requestable', search],
    queryFn: () => requestableMaterials(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
