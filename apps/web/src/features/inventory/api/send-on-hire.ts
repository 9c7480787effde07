import type { ApiSuccess, OnHireSent } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * E-mails the location's on-hire statement, as it is now, to its customer: an admin's. Silent: the section shows the server's refusal itself.
 */
function sendOnHire(locationId: number): Promise<ApiSuccess<OnHireSent>> {
  return api.post<ApiSuccess<OnHireSent>>(`/locations/${locationId}/on-hire/send`, undefined, {
    silent: true,
  });
}

export function useSendOnHire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOnHire,
    // The send is in the activity log.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
  });
}
