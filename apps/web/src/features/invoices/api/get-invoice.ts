import type { ApiSuccess, InvoiceDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-invoices';

/** One invoice with its items and their usage rows; the caller says what a failure shows. */
function getInvoice(id: number): Promise<ApiSuccess<InvoiceDto>> {
  return api.get<ApiSuccess<InvoiceDto>>(`/invoices/${id}`, { silent: true });
}

export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: invoiceKeys.detail(id ?? 0),
    queryFn: () => getInvoice(id ?? 0).then((answer) => answer.data),
    enabled: id !== null && id > 0,
  });
}
