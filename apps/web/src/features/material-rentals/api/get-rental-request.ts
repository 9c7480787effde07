import type { ApiSuccess, RentalRequestDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The approved rental request a new rental is made from (?request= on the page); idle without one. */
export function useRequestForRental(id: number | null) {
  return useQuery({
    queryKey: [...queryRoots.rentalRequests, 'for-rental', id],
    queryFn: () =>
      api.get<ApiSuccess<RentalRequestDto>>(`/rental-requests/${id}`).then((answer) => answer.data),
    enabled: id !== null,
    retry: false,
  });
}
