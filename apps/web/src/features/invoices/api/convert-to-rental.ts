import type { ApiSuccess, InvoiceDto } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-invoices';

/** A new draft rental invoice from the Erection items of this one (02 section 9). */
function convertToRental(id: number): Promise<ApiSuccess<InvoiceDto>> {
  return api.post<ApiSuccess<InvoiceDto>>(`/invoices/${id}/convert-to-rental`, undefined, {
    silent: true,
  });
}

export function useConvertToRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertToRental,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
