import type { ApiSuccess, TransferMaterialInput, TransferResult } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './get-materials';

function transferMaterial({
  id,
  input,
}: {
  id: number;
  input: TransferMaterialInput;
}): Promise<ApiSuccess<TransferResult>> {
  // The dialog shows the server's refusal (too little stock, an inactive destination) itself.
  return api.post<ApiSuccess<TransferResult>>(`/materials/${id}/transfer`, input, {
    silent: true,
  });
}

/** Moves stock to another location; both locations' rows and stock histories are fetched again. */
export function useTransferMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  });
}
