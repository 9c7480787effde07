import type { ApiSuccess, MaterialTypeDto, MaterialTypeInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './get-catalogue';

/** Add a type (id null) or edit one; the dialog shows its own error toast and keeps the form open. */
function saveMaterialType({
  id,
  input,
}: {
  id: number | null;
  input: MaterialTypeInput;
}): Promise<ApiSuccess<MaterialTypeDto>> {
  return id === null
    ? api.post<ApiSuccess<MaterialTypeDto>>('/catalogue/create', input, { silent: true })
    : api.put<ApiSuccess<MaterialTypeDto>>(`/catalogue/update/${id}`, input, { silent: true });
}

export function useSaveMaterialType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMaterialType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
