import type { ApiSuccess, StockTakeResult } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import type { CountUpload } from './preview-stock-take';

/** The counted sheet confirmed: each difference becomes one Stock-take movement. */
function confirmStockTake({
  locationId,
  file,
  countDate,
}: CountUpload): Promise<ApiSuccess<StockTakeResult>> {
  return api.upload<ApiSuccess<StockTakeResult>>(`/stock-takes/${locationId}`, file, {
    query: { countDate },
    silent: true,
  });
}

/** Confirms a stock-take; the inventory and its stock histories are read again. */
export function useConfirmStockTake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmStockTake,
    // The inventory's queries (features/inventory: ['materials', ...]).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.materials }),
  });
}
