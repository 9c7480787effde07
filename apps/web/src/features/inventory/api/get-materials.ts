import { type ApiSuccess, type MaterialDto, PAGE_SIZES } from '@stockyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type MaterialFilters = { page: number; locationId?: number };

export const materialKeys = {
  all: queryRoots.materials,
  list: (filters: MaterialFilters) => ['materials', 'list', filters] as const,
  movements: (id: number, page: number) => ['materials', 'movements', id, page] as const,
};

function getMaterials(filters: MaterialFilters): Promise<ApiSuccess<MaterialDto[]>> {
  return api.get<ApiSuccess<MaterialDto[]>>('/materials/list', {
    query: { ...filters, limit: PAGE_SIZES.inventory },
  });
}

/** A page of the inventory; the shell's sync reads the first one into the device's copy too. */
export const materialsQuery = (filters: MaterialFilters) =>
  queryOptions({ queryKey: materialKeys.list(filters), queryFn: () => getMaterials(filters) });

export function useMaterials(filters: MaterialFilters) {
  return useQuery({ ...materialsQuery(filters), placeholderData: keepPreviousData });
}
