import type { ApiSuccess, LocationDto, LocationInput } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { locationKeys } from './get-locations';

function updateLocation({
  id,
  input,
}: {
  id: number;
  input: LocationInput;
}): Promise<ApiSuccess<LocationDto>> {
  return api.put<ApiSuccess<LocationDto>>(`/locations/update/${id}`, input, { silent: true });
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
