import type { ApiSuccess, CreateUserInput, SessionUser } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './get-users';

function createUser(input: CreateUserInput): Promise<ApiSuccess<SessionUser>> {
  return api.post<ApiSuccess<SessionUser>>('/users/register', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
