import type { ApiSuccess } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { locationKeys } from './get-locations';

/** A location in use answers 409 with advice; the client's toast shows that message. */
function deleteLocation(id: number): Promise<ApiSuccess<null>> {
  return api.delete<ApiSuccess<null>>(`/locations/remove/${id}`);
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
