import type {
  ApiSuccess,
  BulkRentalRequestInput,
  RentalRequestDto,
  RentalRequestNotesInput,
  SingleRentalRequestInput,
} from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rentalRequestKeys } from './get-rental-requests';

/** POST /rental-requests with either form's fields; the form shows the failure itself. */
export function useCreateRentalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkRentalRequestInput | SingleRentalRequestInput) =>
      api.post<ApiSuccess<RentalRequestDto>>('/rental-requests', input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentalRequestKeys.all }),
  });
}

export type Decision = 'approve' | 'reject';

/** Approve or reject with notes; the list's dialog and the detail's send the same body. */
export function useDecideRentalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, notes }: { id: number; decision: Decision; notes: string }) =>
      api.patch<ApiSuccess<RentalRequestDto>>(
        `/rental-requests/${id}/${decision}`,
        { notes } satisfies RentalRequestNotesInput,
        { silent: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentalRequestKeys.all }),
  });
}

/** The notes of a decided request, edited later. */
export function useUpdateRequestNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notes }: { id: number; notes: string }) =>
      api.patch<ApiSuccess<RentalRequestDto>>(
        `/rental-requests/${id}/notes`,
        { notes } satisfies RentalRequestNotesInput,
        { silent: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentalRequestKeys.all }),
  });
}
