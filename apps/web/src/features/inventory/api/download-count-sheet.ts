import type { ExportFormat } from '@stockyard/shared';
import { downloadFile } from '@/lib/api-client';

/** Downloads a location's count sheet; resolves to the name it was saved under. */
export function downloadCountSheet(locationId: number, format: ExportFormat): Promise<string> {
  return downloadFile(`/stock-takes/${locationId}/sheet`, `stock-take.${format}`, { format });
}
