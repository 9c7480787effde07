import type { ApiSuccess, InvoiceDto, InvoiceInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-invoices';

/** Creates an invoice, or replaces one's details and item set; the server computes the totals. */
function saveInvoice({
  id,
  input,
}: {
  id: number | null;
  input: InvoiceInput;
}): Promise<ApiSuccess<InvoiceDto>> {
  return id === null
    ? api.post<ApiSuccess<InvoiceDto>>('/invoices', input, { silent: true })
    : api.put<ApiSuccess<InvoiceDto>>(`/invoices/${id}`, input, { silent: true });
}

export function useSaveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
