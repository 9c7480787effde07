import type { ApiSuccess, SessionUser } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './get-users';

/** Activates an inactive user or deactivates an active one; deactivating ends their sessions. */
function toggleUserStatus(id: number): Promise<ApiSuccess<SessionUser>> {
  return api.patch<ApiSuccess<SessionUser>>(`/users/${id}/toggle-status`);
}

export function useToggleUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
