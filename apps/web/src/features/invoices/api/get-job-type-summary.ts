import type { ApiSuccess, JobTypeSummaryDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-invoices';

/** Every invoice the viewer may see, of a month and a location, summed by job type and unit. */
export function useJobTypeSummary(filters: { month?: string; locationId?: number }) {
  return useQuery({
    queryKey: invoiceKeys.summary(filters),
    queryFn: () =>
      api
        .get<ApiSuccess<JobTypeSummaryDto>>('/reports/invoice-job-type-summary', {
          query: filters,
          silent: true,
        })
        .then((answer) => answer.data),
  });
}
