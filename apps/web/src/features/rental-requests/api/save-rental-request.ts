import type {
  ApiSuccess,
  BulkRentalRequestInput,
  RentalRequestDto,
  RentalRequestNotesInput,
  SingleRentalRequestInput,
} from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sendOrKeep } from '@/lib/offline/device';
import { rentalRequestKeys } from './get-rental-requests';

/** What a request is, in the outbox's words. */
function requestSummary(input: BulkRentalRequestInput | SingleRentalRequestInput): string {
  if ('items' in input) {
    const count = input.items.length;
    return `Rental request: ${count} ${count === 1 ? 'material' : 'materials'}`;
  }
  return `Rental request: ${input.quantity} ${input.name}`;
}

/**
 * POST /rental-requests with either form's fields; the form shows the failure itself. Without a
 * connection the request waits in the outbox with its key (decision 041).
 */
export function useCreateRentalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkRentalRequestInput | SingleRentalRequestInput) => {
      const summary = requestSummary(input);
      return sendOrKeep<ApiSuccess<RentalRequestDto>>({
        title: summary,
        preview: { kind: 'request', summary },
        write: { method: 'POST', path: '/rental-requests', body: input },
      });
    },
    onSuccess: (outcome) => {
      if (!outcome.kept) return queryClient.invalidateQueries({ queryKey: rentalRequestKeys.all });
    },
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
