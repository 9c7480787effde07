import type { ApiSuccess, CreditNoteInput, InvoiceDto } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-invoices';

/** A credit note of a finalized invoice (admins): the lines named, or every line left. */
function createCreditNote({
  id,
  ...body
}: CreditNoteInput & { id: number }): Promise<ApiSuccess<InvoiceDto>> {
  return api.post<ApiSuccess<InvoiceDto>>(`/invoices/${id}/credit-notes`, body, { silent: true });
}

export function useCreateCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreditNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
