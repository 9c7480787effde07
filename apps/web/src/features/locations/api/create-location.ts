import type { ApiSuccess, LocationDto, LocationInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { locationKeys } from './get-locations';

function createLocation(input: LocationInput): Promise<ApiSuccess<LocationDto>> {
  // The dialog shows its own error toast and keeps the form open.
  return api.post<ApiSuccess<LocationDto>>('/locations/create', input, { silent: true });
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
