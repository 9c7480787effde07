import type { ApiSuccess, MaterialOption } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The materials of the rental's From location with their stock, for the item pickers. */
export function useRentalMaterialOptions(locationId: number | null) {
  return useQuery({
    queryKey: ['materials', 'options', locationId],
    queryFn: () =>
      api
        .get<ApiSuccess<MaterialOption[]>>('/materials/options', {
          query: { locationId: locationId ?? undefined },
        })
        .then((answer) => answer.data),
    enabled: locationId !== null && locationId > 0,
    staleTime: 30_000,
  });
}
