import type {
  ApiSuccess,
  CountedMaterials,
  StockTakeCountInput,
  StockTakePreview,
  StockTakeResult,
} from '@stockyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A count made in the app: the location counted and what was counted. */
export type CountInApp = { locationId: number; input: StockTakeCountInput };

/** The count sheet's rows as JSON: what Count here lists. Under 'materials': a stock change reads it again. */
export function useCountedMaterials(locationId: number | null) {
  return useQuery({
    queryKey: ['materials', 'stock-take', locationId],
    queryFn: () =>
      api
        .get<ApiSuccess<CountedMaterials>>(`/stock-takes/${locationId}/materials`)
        .then((answer) => answer.data),
    enabled: locationId !== null,
  });
}

/** The count read against the stock now; nothing is written. */
export function usePreviewCountInApp() {
  return useMutation({
    mutationFn: ({ locationId, input }: CountInApp) =>
      api.post<ApiSuccess<StockTakePreview>>(`/stock-takes/${locationId}/counts/preview`, input, {
        silent: true,
      }),
  });
}

/** The count confirmed, a plain JSON POST (the offline outbox can keep it and send it again). */
export function useConfirmCountInApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, input }: CountInApp) =>
      api.post<ApiSuccess<StockTakeResult>>(`/stock-takes/${locationId}/counts`, input, {
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['materials'] }),
  });
}
