import type { ApiSuccess, MaterialTypeDetail } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './get-catalogue';

/** One type with its stock at every location that holds it. */
export function useMaterialType(id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.detail(id ?? 0),
    queryFn: () =>
      api
        .get<ApiSuccess<MaterialTypeDetail>>(`/catalogue/detail/${id}`)
        .then((answer) => answer.data),
    enabled: id !== null,
  });
}
