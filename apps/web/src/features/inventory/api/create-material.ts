import type { ApiSuccess, MaterialDto, MaterialInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './get-materials';

function createMaterial(input: MaterialInput): Promise<ApiSuccess<MaterialDto>> {
  // The dialog shows "Failed to add inventory item." or the server's message itself.
  return api.post<ApiSuccess<MaterialDto>>('/materials/create', input, { silent: true });
}

export function useCreateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  });
}
