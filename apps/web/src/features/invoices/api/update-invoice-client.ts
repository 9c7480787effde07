import type { ApiSuccess, InvoiceClientInput, InvoiceDto } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-invoices';

/** Whom a draft is made out to; the dialog shows a refusal's message itself. */
function updateInvoiceClient({
  id,
  ...body
}: InvoiceClientInput & { id: number }): Promise<ApiSuccess<InvoiceDto>> {
  return api.patch<ApiSuccess<InvoiceDto>>(`/invoices/${id}/client`, body, { silent: true });
}

export function useUpdateInvoiceClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoiceClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
