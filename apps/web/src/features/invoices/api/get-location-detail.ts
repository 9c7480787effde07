import type { ApiSuccess, LocationDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * The invoice's location with its address, for the preview's FROM block. A field manager without
 * View Locations cannot read it: the block then shows the name alone.
 */
export function useLocationDetail(locationId: number | null) {
  return useQuery({
    queryKey: [...queryRoots.locations, 'detail', locationId],
    queryFn: () =>
      api
        .get<ApiSuccess<LocationDto>>(`/locations/${locationId}`, { silent: true })
        .then((answer) => answer.data),
    enabled: locationId !== null && locationId > 0,
    retry: false,
    staleTime: 60_000,
  });
}
