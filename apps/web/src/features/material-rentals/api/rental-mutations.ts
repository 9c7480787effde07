import {
  type ApiSuccess,
  localToday,
  type RentalDto,
  type RentalInput,
  type RentalItemRatesInput,
  type RentalReturnDto,
  type RentalReturnInput,
  rentalName,
} from '@stockyard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sendOrKeep } from '@/lib/offline/device';
import type { NewOutboxEntry } from '@/lib/offline/outbox';
import { queryRoots } from '@/lib/query-keys';
import { returnConditions } from '../components/units';
import { rentalKeys } from './get-rentals';

/** A rental's write moves stock: the rentals, their stats and every material view are fetched again. */
function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rentalKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryRoots.materials }),
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

/**
 * Mark Full Returned: every remainder comes back at once, on the day the hire ended (decision
 * 063); the dialog shows a refusal under its date itself.
 */
export function useMarkRentalReturned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, returnDate }: { id: number; returnDate: string }) =>
      api.post<ApiSuccess<RentalDto>>(
        `/material-rentals/${id}/mark-returned`,
        { returnDate },
        { silent: true },
      ),
    onSuccess: () => refresh(queryClient),
  });
}

/**
 * An admin's corrections: the day a dispatch or a return happened, and a
 * line's rates, each with a reason. The dialogs show a refusal themselves.
 */
export function useCorrectRentalDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rentalDate, reason }: { id: number; rentalDate: string; reason: string }) =>
      api.patch<ApiSuccess<RentalDto>>(
        `/material-rentals/${id}/rental-date`,
        { rentalDate, reason },
        { silent: true },
      ),
    onSuccess: () => refresh(queryClient),
  });
}

export function useCorrectReturnDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      returnId,
      returnDate,
      reason,
    }: {
      id: number;
      returnId: number;
      returnDate: string;
      reason: string;
    }) =>
      api.patch<ApiSuccess<RentalReturnDto[]>>(
        `/material-rentals/${id}/returns/${returnId}`,
        { returnDate, reason },
        { silent: true },
      ),
    onSuccess: () => refresh(queryClient),
  });
}

export function useRerateRentalItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      itemId,
      input,
    }: {
      id: number;
      itemId: number;
      input: Omit<RentalItemRatesInput, 'weekCents'> & { weekCents: number | null };
    }) =>
      api.patch<ApiSuccess<RentalDto>>(`/material-rentals/${id}/items/${itemId}/rates`, input, {
        silent: true,
      }),
    onSuccess: () => refresh(queryClient),
  });
}

/**
 * A return as the outbox keeps it: the day is put in the body now, when the user acts (the day
 * entered, else the device's `today`), so that sent later without signal the return still says
 * the day it happened, not the day it reaches the server.
 */
export function returnWrite(
  rental: RentalDto,
  input: RentalReturnInput,
  today: string = localToday(),
): Omit<NewOutboxEntry, 'key'> {
  const item = rental.items.find((candidate) => candidate.id === input.rentalItemId);
  const materialName = item?.materialName ?? `item ${input.rentalItemId}`;
  const unit = item?.unit ?? '';
  return {
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
    write: {
      method: 'POST',
      path: `/material-rentals/${rental.id}/returns`,
      body: { ...input, returnDate: input.returnDate ?? today },
    },
  };
}

/**
 * Process Return: part of one item comes back; the dialog shows a failure itself. Without a
 * connection the return waits in the outbox, with its key, until the server has it.
 */
export function useRecordReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rental, input }: { rental: RentalDto; input: RentalReturnInput }) =>
      sendOrKeep<ApiSuccess<unknown>>(returnWrite(rental, input)),
    onSuccess: (outcome) => {
      if (!outcome.kept) return refresh(queryClient);
    },
  });
}
