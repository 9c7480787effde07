import type { LocationDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/lib/fetch-all-pages';

/**
 * Every location for the lists' filters (old stock and activity can belong to a location closed
 * since); only the active ones for the forms' selects.
 */
export function useLocationOptions(which: 'all' | 'active') {
  return useQuery({
    queryKey: ['locations', 'options', which],
    queryFn: () =>
      fetchAllPages<LocationDto>(which === 'all' ? '/locations/list' : '/locations/active'),
    staleTime: 60_000,
  });
}
