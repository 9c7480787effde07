import type { ApiSuccess, MaterialOption } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * Every live material of a location with its stock, for the forms' pickers (an invoice's usage,
 * a rental's items, a bulk request). `silent`: the form shows its own message when it fails.
 */
export function useMaterialOptions(locationId: number | null, options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryRoots.materials, 'options', locationId],
    queryFn: () =>
      api
        .get<ApiSuccess<MaterialOption[]>>('/materials/options', {
          query: { locationId: locationId ?? undefined },
          silent: options.silent,
        })
        .then((answer) => answer.data),
    enabled: locationId !== null && locationId > 0,
    staleTime: 30_000,
  });
}
