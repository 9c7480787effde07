import type { ApiSuccess, MaterialDto, RepairStockInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './get-materials';

/** Repaired (back into stock) or scrapped (written off): what becomes of units in repair. */
export type RepairOutcome = 'repair' | 'scrap';

function settleRepair({
  id,
  outcome,
  input,
}: {
  id: number;
  outcome: RepairOutcome;
  input: RepairStockInput;
}): Promise<ApiSuccess<MaterialDto>> {
  // The dialog shows the server's refusal (more than is in repair) itself.
  return api.post<ApiSuccess<MaterialDto>>(`/materials/${id}/${outcome}`, input, { silent: true });
}

/** POST /materials/:id/repair or /scrap; the rows and histories are fetched again. */
export function useSettleRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleRepair,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  });
}
