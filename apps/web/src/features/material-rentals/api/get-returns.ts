import type { ApiSuccess, RentalReturnDto } from '@stockyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rentalKeys } from './get-rentals';

const rentalReturnsQuery = (id: number) =>
  queryOptions({
    queryKey: rentalKeys.returns(id),
    queryFn: () =>
      api
        .get<ApiSuccess<RentalReturnDto[]>>(`/material-rentals/${id}/returns`, { silent: true })
        .then((answer) => answer.data),
  });

/** A rental's returns, oldest first; idle until a rental is chosen. The dialog shows a failure itself. */
export function useRentalReturns(id: number | null) {
  return useQuery({ ...rentalReturnsQuery(id ?? 0), enabled: id !== null, retry: false });
}
