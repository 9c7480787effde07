import type {
  ApiSuccess,
  RentalRequestDto,
  RentalRequestStatus,
  RentalRequestSummaryDto,
} from '@stockyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type RentalRequestFilters = {
  page: number;
  limit: number;
  search?: string;
  status?: RentalRequestStatus;
};

export const rentalRequestKeys = {
  all: queryRoots.rentalRequests,
  list: (filters: RentalRequestFilters) => ['rental-requests', 'list', filters] as const,
  one: (id: number) => ['rental-requests', 'one', id] as const,
};

function getRentalRequests(
  filters: RentalRequestFilters,
): Promise<ApiSuccess<RentalRequestSummaryDto[]>> {
  return api.get<ApiSuccess<RentalRequestSummaryDto[]>>('/rental-requests', { query: filters });
}

export const rentalRequestsQuery = (filters: RentalRequestFilters) =>
  queryOptions({
    queryKey: rentalRequestKeys.list(filters),
    queryFn: () => getRentalRequests(filters),
  });

export function useRentalRequests(filters: RentalRequestFilters) {
  return useQuery({ ...rentalRequestsQuery(filters), placeholderData: keepPreviousData });
}

/** One request; a missing one (404) is the Request Not Found screen, not a toast. */
export function useRentalRequest(id: number | null) {
  return useQuery({
    queryKey: rentalRequestKeys.one(id ?? 0),
    queryFn: () =>
      api
        .get<ApiSuccess<RentalRequestDto>>(`/rental-requests/${id}`, { silent: true })
        .then((answer) => answer.data),
    enabled: id !== null,
    retry: false,
  });
}
