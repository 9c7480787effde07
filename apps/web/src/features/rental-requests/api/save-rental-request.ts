import type {
  ApiSuccess,
  BulkRentalRequestInput,
  LocationOption,
  RentalRequestDto,
  RentalRequestNotesInput,
  SessionUser,
  SingleRentalRequestInput,
} from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationOptionsQuery } from '@/hooks/use-location-options';
import { api } from '@/lib/api-client';
import { sendOrKeep } from '@/lib/offline/device';
import type { OutboxPreview } from '@/lib/offline/outbox';
import { sessionStore } from '@/lib/session';
import { rentalRequestKeys } from './get-rental-requests';

/** What a request is, in the outbox's words. */
function requestSummary(input: BulkRentalRequestInput | SingleRentalRequestInput): string {
  if ('items' in input) {
    const count = input.items.length;
    return `Rental request: ${count} ${count === 1 ? 'material' : 'materials'}`;
  }
  return `Rental request: ${input.quantity} ${input.name}`;
}

/** What a request asks, as the Rental Requests list shows it while it waits in the outbox. */
function requestPreview(
  input: BulkRentalRequestInput | SingleRentalRequestInput,
  locations: LocationOption[] | undefined,
  user: SessionUser | undefined,
): OutboxPreview {
  const locationId = 'items' in input ? input.locationId : input.location;
  return {
    kind: 'request',
    summary: requestSummary(input),
    location:
      locations?.find((option) => option.id === locationId)?.name ??
      (user?.locationId === locationId ? user.location?.name : undefined) ??
      `Location #${locationId}`,
    requestedDate: input.requestedDate,
    items:
      'items' in input
        ? input.items.map(({ name, quantity, unit }) => ({ name, quantity, unit }))
        : [{ name: input.name, quantity: input.quantity, unit: input.unit }],
  };
}

/**
 * POST /rental-requests with either form's fields; the form shows the failure itself. Without a
 * connection the request waits in the outbox with its key.
 */
export function useCreateRentalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkRentalRequestInput | SingleRentalRequestInput) => {
      const summary = requestSummary(input);
      // The forms' location picker has the options in the cache (kept on the device too).
      const locations = queryClient.getQueryData(locationOptionsQuery().queryKey);
      return sendOrKeep<ApiSuccess<RentalRequestDto>>({
        title: summary,
        preview: requestPreview(input, locations, sessionStore.get()?.user),
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
