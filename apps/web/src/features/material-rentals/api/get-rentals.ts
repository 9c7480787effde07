import {
  type ApiSuccess,
  PAGE_SIZES,
  type RentalListDto,
  type RentalStatsDto,
  type RentalStatus,
} from '@stockyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type RentalFilters = {
  page: number;
  search?: string;
  status?: RentalStatus;
  locationId?: number;
};

export const rentalKeys = {
  all: queryRoots.rentals,
  list: (filters: RentalFilters) => ['material-rentals', 'list', filters] as const,
  stats: ['material-rentals', 'stats'] as const,
  returns: (id: number) => ['material-rentals', 'returns', id] as const,
};

function getRentals(filters: RentalFilters): Promise<ApiSuccess<RentalListDto>> {
  return api.get<ApiSuccess<RentalListDto>>('/material-rentals', {
    query: { ...filters, limit: PAGE_SIZES.rentals },
  });
}

export const rentalsQuery = (filters: RentalFilters) =>
  queryOptions({ queryKey: rentalKeys.list(filters), queryFn: () => getRentals(filters) });

/** A page of rentals, each with its items; the rows stay on screen while the next page loads. */
export function useRentals(filters: RentalFilters) {
  return useQuery({ ...rentalsQuery(filters), placeholderData: keepPreviousData });
}

export const rentalStatsQuery = () =>
  queryOptions({
    queryKey: rentalKeys.stats,
    queryFn: () =>
      api.get<ApiSuccess<RentalStatsDto>>('/material-rentals/stats').then((answer) => answer.data),
  });

/** The stat cards, the items overview and the per-location cards, over what the viewer may see. */
export function useRentalStats() {
  return useQuery(rentalStatsQuery());
}
