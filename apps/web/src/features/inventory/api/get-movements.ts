import { type ApiSuccess, PAGE_SIZES, type StockMovementDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './get-materials';

function getMovements(id: number, page: number): Promise<ApiSuccess<StockMovementDto[]>> {
  return api.get<ApiSuccess<StockMovementDto[]>>(`/materials/${id}/movements`, {
    query: { page, limit: PAGE_SIZES.inventory },
  });
}

/** A material's stock ledger, newest first; idle until a material is chosen. */
export function useMovements(id: number | null, page: number) {
  return useQuery({
    queryKey: materialKeys.movements(id ?? 0, page),
    queryFn: () => getMovements(id as number, page),
    enabled: id !== null,
    // Paging keeps the rows on screen; another material never shows the last one's history.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === id ? previous : undefined,
  });
}
