import type { ApiSuccess } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './get-catalogue';

/** Every category the catalogue uses, for the list's filter and the form's suggestions. */
export function useCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: () =>
      api.get<ApiSuccess<string[]>>('/catalogue/categories').then((answer) => answer.data),
    staleTime: 60_000,
  });
}
