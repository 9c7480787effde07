import {
  type ApiSuccess,
  type LocationDto,
  type LocationStatus,
  type LocationType,
  PAGE_SIZES,
} from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { queryRoots } from '@/lib/query-keys';
import { notifyToast } from '@/lib/toast';

export type LocationFilters = {
  page: number;
  type?: LocationType;
  status?: LocationStatus;
};

export const locationKeys = {
  all: queryRoots.locations,
  list: (filters: LocationFilters) => ['locations', 'list', filters] as const,
};

async function getLocations(filters: LocationFilters): Promise<ApiSuccess<LocationDto[]>> {
  try {
    return await api.get<ApiSuccess<LocationDto[]>>('/locations/list', {
      query: { ...filters, limit: PAGE_SIZES.locations },
      silent: true,
    });
  } catch (error) {
    notifyToast.error('Failed to fetch locations.', {
      id: 'locations-fetch',
      description: serverMessage(error),
    });
    throw error;
  }
}

export function useLocations(filters: LocationFilters) {
  return useQuery({
    queryKey: locationKeys.list(filters),
    queryFn: () => getLocations(filters),
    placeholderData: keepPreviousData,
  });
}
