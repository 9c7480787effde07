import type { ApiSuccess, StockTakePreview } from '@stockyard/shared';
import { useMutation } from '@tanstack/react-query';
import type { Upload } from '@/components/upload-preview/use-upload-preview';
import { api } from '@/lib/api-client';

export type CountUpload = Upload<{ locationId: number; countDate: string }>;

/** A counted sheet read against the stock now; nothing is written. */
function previewStockTake({
  locationId,
  file,
  countDate,
}: CountUpload): Promise<ApiSuccess<StockTakePreview>> {
  // The dialog shows a refused file's message (no Counted column, not a spreadsheet) itself.
  return api.upload<ApiSuccess<StockTakePreview>>(`/stock-takes/${locationId}/preview`, file, {
    query: { countDate },
    silent: true,
  });
}

export function usePreviewStockTake() {
  return useMutation({ mutationFn: previewStockTake });
}
