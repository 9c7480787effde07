import {
  type ApiSuccess,
  localToday,
  type RentalDto,
  type RentalInput,
  type RentalReturnInput,
  rentalName,
} from '@stockyard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sendOrKeep } from '@/lib/offline/device';
import { returnConditions } from '../components/units';
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

/**
 * Process Return: part of one item comes back; the dialog shows a failure itself. Without a
 * connection the return waits in the outbox, with its key, until the server has it (decision 041).
 */
export function useRecordReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rental, input }: { rental: RentalDto; input: RentalReturnInput }) => {
      const item = rental.items.find((candidate) => candidate.id === input.rentalItemId);
      const materialName = item?.materialName ?? `item ${input.rentalItemId}`;
      const unit = item?.unit ?? '';
      return sendOrKeep<ApiSuccess<unknown>>({
        title: `Return of ${returnConditions(input, unit)} ${materialName}, ${rentalName(rental)}`,
        preview: {
          kind: 'return',
          rentalId: rental.id,
          rentalName: rentalName(rental),
          rentalItemId: input.rentalItemId,
          materialName,
          unit,
          returnedQuantity: input.returnedQuantity,
          damagedQuantity: input.damagedQuantity,
          lostQuantity: input.lostQuantity,
          notes: input.notes ?? null,
        },
        // The day is put in the body now, when the user acts: sent later without signal, the
        // return still says the day it happened (decision 048).
        write: {
          method: 'POST',
          path: `/material-rentals/${rental.id}/returns`,
          body: { ...input, returnDate: input.returnDate ?? localToday() },
        },
      });
    },
    onSuccess: (outcome) => {
      if (!outcome.kept) return refresh(queryClient);
    },
  });
}
