import type { LocationDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/lib/fetch-all-pages';

/** Every location, active or not: old activity can belong to a location closed since. */
export function useFilterLocations() {
  return useQuery({
    queryKey: ['locations', 'all-for-filter'],
    queryFn: () => fetchAllPages<LocationDto>('/locations/list'),
    staleTime: 60_000,
  });
}
