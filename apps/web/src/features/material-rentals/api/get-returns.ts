import type { ApiSuccess, RentalReturnDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rentalKeys } from './get-rentals';

/** A rental's returns, oldest first; idle until a rental is chosen. The dialog shows a failure itself. */
export function useRentalReturns(id: number | null) {
  return useQuery({
    queryKey: rentalKeys.returns(id ?? 0),
    queryFn: () =>
      api
        .get<ApiSuccess<RentalReturnDto[]>>(`/material-rentals/${id}/returns`, { silent: true })
        .then((answer) => answer.data),
    enabled: id !== null,
    retry: false,
  });
}
