import type { ApiSuccess } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-invoices';

/** Mark as Finalized: the one status change there is (02 section 4). */
function finalizeInvoice(id: number): Promise<ApiSuccess<unknown>> {
  return api.patch<ApiSuccess<unknown>>(
    `/invoices/${id}/status`,
    { status: 'FINALIZED' },
    { silent: true },
  );
}

export function useFinalizeInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finalizeInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
