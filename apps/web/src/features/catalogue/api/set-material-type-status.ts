import type { ApiSuccess, MaterialTypeDto, MaterialTypeStatus } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './get-catalogue';

/** Retire a type (no new stock; its stock and history stay), or make it active again. */
function setMaterialTypeStatus({
  id,
  status,
}: {
  id: number;
  status: MaterialTypeStatus;
}): Promise<ApiSuccess<MaterialTypeDto>> {
  return api.patch<ApiSuccess<MaterialTypeDto>>(`/catalogue/${id}/status`, { status });
}

export function useSetMaterialTypeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaterialTypeStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
