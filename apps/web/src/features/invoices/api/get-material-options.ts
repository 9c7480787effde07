import type { ApiSuccess, MaterialOption } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A material a job may record as used: its stock is the ceiling of a usage's quantity. */
export type { MaterialOption };

/** The materials of the invoice's location, every one of them, for the usage picker. */
export function useMaterialOptions(locationId: number | null) {
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
