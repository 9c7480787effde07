import type { ApiSuccess } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './get-materials';

/** An item with stock history leaves the list but stays in the ledger (the server decides). */
function deleteMaterial(id: number): Promise<ApiSuccess<null>> {
  return api.delete<ApiSuccess<null>>(`/materials/remove/${id}`);
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  });
}
