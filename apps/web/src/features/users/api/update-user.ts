import type { ApiSuccess, SessionUser, UpdateUserInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './get-users';

function updateUser({
  id,
  input,
}: {
  id: number;
  input: UpdateUserInput;
}): Promise<ApiSuccess<SessionUser>> {
  return api.put<ApiSuccess<SessionUser>>(`/users/update/${id}`, input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
