import {
  type ApiSuccess,
  INVOICE_MESSAGES,
  type InvoiceListDto,
  PAGE_SIZES,
} from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { queryRoots } from '@/lib/query-keys';
import { notifyToast } from '@/lib/toast';

export type InvoiceFilters = {
  page: number;
  search?: string;
  /** 0 or none: every location the viewer may see. */
  locationId?: number;
  /** yyyy-MM, or none for every month. */
  month?: string;
};

export const invoiceKeys = {
  all: queryRoots.invoices,
  list: (filters: InvoiceFilters) => ['invoices', 'list', filters] as const,
  detail: (id: number) => ['invoices', 'detail', id] as const,
  summary: (filters: { month?: string; locationId?: number }) =>
    ['invoices', 'summary', filters] as const,
};

async function getInvoices(filters: InvoiceFilters): Promise<ApiSuccess<InvoiceListDto>> {
  try {
    return await api.get<ApiSuccess<InvoiceListDto>>('/invoices', {
      query: { ...filters, limit: PAGE_SIZES.invoices },
      silent: true,
    });
  } catch (error) {
    notifyToast.error(INVOICE_MESSAGES.listLoad, {
      id: 'invoices-fetch',
      description: serverMessage(error),
    });
    throw error;
  }
}

export function useInvoices(filters: InvoiceFilters) {
  return useQuery({
    queryKey: invoiceKeys.list(filters),
    queryFn: () => getInvoices(filters),
    placeholderData: keepPreviousData,
  });
}
