import type { ApiSuccess, StaffDto, StaffInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './get-staff';

/** Add Staff and Edit; the dialog shows a refusal under its fields itself. */
export function useSaveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: StaffInput }) =>
      id === null
        ? api.post<ApiSuccess<StaffDto>>('/staff', input, { silent: true })
        : api.put<ApiSuccess<StaffDto>>(`/staff/${id}`, input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** Delete: the staff member leaves the lists; their attendance stays. */
export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<ApiSuccess<null>>(`/staff/${id}`, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
