import type { ApiSuccess, MaterialOption } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The materials of the chosen location's inventory, for the bulk form's picker. */
export function useRequestMaterialOptions(locationId: number | null) {
  return useQuery({
    queryKey: ['materials', 'options', locationId],
    queryFn: () =>
      api
        .get<ApiSuccess<MaterialOption[]>>('/materials/options', {
          query: { locationId: locationId ?? undefined },
          silent: true,
        })
        .then((answer) => answer.data),
    enabled: locationId !== null && locationId > 0,
    staleTime: 30_000,
  });
}
