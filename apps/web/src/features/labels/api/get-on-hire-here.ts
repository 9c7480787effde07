import type { ApiSuccess, OnHireStatement } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * What is on hire at the scanner's location, for a scanned label of a type the
 * location holds no stock of; null asks for none.
 */
export function useOnHireHere(locationId: number | null) {
  return useQuery({
    queryKey: [...queryRoots.onHire, locationId ?? 0],
    queryFn: () =>
      api
        .get<ApiSuccess<OnHireStatement>>(`/locations/${locationId}/on-hire`, { silent: true })
        .then((answer) => answer.data),
    enabled: locationId !== null,
  });
}
