import {
  type ApiSuccess,
  type CountedMaterials,
  isoToDisplayDate,
  type StockTakeCountInput,
  type StockTakePreview,
  type StockTakeResult,
} from '@stockyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sendOrKeep } from '@/lib/offline/device';
import { queryRoots } from '@/lib/query-keys';

/** A count made in the app: the location counted and what was counted. */
export type CountInApp = { locationId: number; input: StockTakeCountInput };

/** The count sheet's rows as JSON: what Count here lists. Under 'materials': a stock change reads it again. */
export function useCountedMaterials(locationId: number | null) {
  return useQuery({
    queryKey: [...queryRoots.materials, 'stock-take', locationId],
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

/**
 * The count confirmed, a plain JSON POST: should the connection drop after the preview, the
 * outbox keeps it with its key and sends it when the signal is back.
 */
export function useConfirmCountInApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, input }: CountInApp) => {
      const count = input.counts.length;
      const summary = `Stock-take count of ${count} ${count === 1 ? 'material' : 'materials'} on ${isoToDisplayDate(input.countDate)}`;
      return sendOrKeep<ApiSuccess<StockTakeResult>>({
        title: summary,
        preview: { kind: 'stock-take-count', locationId, summary, countDate: input.countDate },
        write: { method: 'POST', path: `/stock-takes/${locationId}/counts`, body: input },
      });
    },
    onSuccess: (outcome) => {
      if (!outcome.kept) return queryClient.invalidateQueries({ queryKey: queryRoots.materials });
    },
  });
}
