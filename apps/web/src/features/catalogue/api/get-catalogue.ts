import {
  type ApiSuccess,
  type MaterialTypeDto,
  type MaterialTypeStatus,
  PAGE_SIZES,
} from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type CatalogueFilters = {
  page: number;
  search?: string;
  category?: string;
  /** Active or retired types only, or every type. */
  status: MaterialTypeStatus | 'all';
};

/** Every catalogue query sits under 'catalogue': a stock change reads them all again. */
export const catalogueKeys = {
  all: queryRoots.catalogue,
  list: (filters: CatalogueFilters) => ['catalogue', 'list', filters] as const,
  categories: ['catalogue', 'categories'] as const,
  detail: (id: number) => ['catalogue', 'detail', id] as const,
};

function getCatalogue(filters: CatalogueFilters): Promise<ApiSuccess<MaterialTypeDto[]>> {
  return api.get<ApiSuccess<MaterialTypeDto[]>>('/catalogue/list', {
    query: { ...filters, limit: PAGE_SIZES.catalogue },
  });
}

export function useCatalogue(filters: CatalogueFilters) {
  return useQuery({
    queryKey: catalogueKeys.list(filters),
    queryFn: () => getCatalogue(filters),
    placeholderData: keepPreviousData,
  });
}
