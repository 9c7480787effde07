import type { ApiSuccess, MaterialDto, MaterialInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './get-materials';

function updateMaterial({
  id,
  input,
}: {
  id: number;
  input: MaterialInput;
}): Promise<ApiSuccess<MaterialDto>> {
  return api.put<ApiSuccess<MaterialDto>>(`/materials/update/${id}`, input, { silent: true });
}

export function useUpdateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  });
}
