import type { ApiSuccess, CustomerRate, CustomerRateInput } from '@stockyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { locationKeys } from './get-locations';

/** A site's customer's own hire rates: an admin's. */
const customerRateKeys = {
  of: (locationId: number) => [...locationKeys.all, 'rates', locationId] as const,
};

export function useCustomerRates(locationId: number | null) {
  return useQuery({
    queryKey: customerRateKeys.of(locationId ?? 0),
    queryFn: () =>
      api
        .get<ApiSuccess<CustomerRate[]>>(`/locations/${locationId}/rates`)
        .then((answer) => answer.data),
    enabled: locationId !== null,
  });
}

/** Sets a rate; the dialog shows its own error toast and keeps the form open. */
export function useSaveCustomerRate(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ materialTypeId, ...input }: CustomerRateInput & { materialTypeId: number }) =>
      api.put<ApiSuccess<CustomerRate>>(`/locations/${locationId}/rates/${materialTypeId}`, input, {
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerRateKeys.of(locationId) }),
  });
}

export function useRemoveCustomerRate(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (materialTypeId: number) =>
      api.delete<ApiSuccess<null>>(`/locations/${locationId}/rates/${materialTypeId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerRateKeys.of(locationId) }),
  });
}
