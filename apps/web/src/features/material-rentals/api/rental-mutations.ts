import type { ApiSuccess, RentalDto, RentalInput, RentalReturnInput } from '@stockyard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rentalKeys } from './get-rentals';

/** A rental's write moves stock: the rentals, their stats and every material view are fetched again. */
function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rentalKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['materials'] }),
  ]);
}

/** Create Rental and Update Rental; the dialog shows a refusal under its fields itself. */
export function useSaveRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: RentalInput }) =>
      id === null
        ? api.post<ApiSuccess<RentalDto>>('/material-rentals', input, { silent: true })
        : api.put<ApiSuccess<RentalDto>>(`/material-rentals/${id}`, input, { silent: true }),
    onSuccess: () => refresh(queryClient),
  });
}

/** Delete Rental (admin, while nothing has come back): the quantities go back into stock. */
export function useDeleteRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<ApiSuccess<null>>(`/material-rentals/${id}`),
    onSuccess: () => refresh(queryClient),
  });
}

/** Mark Full Returned: every remainder comes back at once. */
export function useMarkRentalReturned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ApiSuccess<RentalDto>>(`/material-rentals/${id}/mark-returned`),
    onSuccess: () => refresh(queryClient),
  });
}

/** Process Return: part of one item comes back; the dialog shows a failure itself. */
export function useRecordReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RentalReturnInput }) =>
      api.post<ApiSuccess<unknown>>(`/material-rentals/${id}/returns`, input, { silent: true }),
    onSuccess: () => refresh(queryClient),
  });
}
