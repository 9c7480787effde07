import type { ApiSuccess, BillingRunInput, BillingRunResult } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** A billing run: the server bills the period and answers what it made. */
function runBilling(input: BillingRunInput): Promise<ApiSuccess<BillingRunResult>> {
  return api.post<ApiSuccess<BillingRunResult>>('/billing/runs', input, { silent: true });
}

/** Runs billing; the invoice lists are read again, since a run makes or adds to invoices. */
export function useRunBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBilling,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.invoices }),
  });
}
