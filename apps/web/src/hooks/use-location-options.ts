import type { ApiSuccess, LocationOption } from '@stockyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * Every location for the lists' filters (old stock and activity can belong to a location closed
 * since); only the active ones for the forms' selects. /locations/options is open to every
 * signed-in user, so that a field manager without View Locations still has their pickers.
 */
export const locationOptionsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.locations, 'options'],
    queryFn: () =>
      api.get<ApiSuccess<LocationOption[]>>('/locations/options').then((answer) => answer.data),
  });

export function useLocationOptions(which: 'all' | 'active') {
  return useQuery({
    ...locationOptionsQuery(),
    select: (options) =>
      which === 'all' ? options : options.filter((option) => option.status === 'ACTIVE'),
    staleTime: 60_000,
  });
}
