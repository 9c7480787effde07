import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/logout', {}, { silent: true }),
    // Signed out on this device whatever the server said: the session is gone or already dead.
    onSettled: () => {
      sessionStore.clear();
      queryClient.clear();
    },
  });
}
