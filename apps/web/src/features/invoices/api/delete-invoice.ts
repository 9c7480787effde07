import type { ApiSuccess } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-invoices';

function deleteInvoice(id: number): Promise<ApiSuccess<unknown>> {
  return api.delete<ApiSuccess<unknown>>(`/invoices/${id}`, { silent: true });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
