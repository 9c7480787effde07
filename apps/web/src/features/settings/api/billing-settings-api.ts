import type {
  ApiSuccess,
  BillingSettings,
  BillingSettingsInput,
  WorkRate,
  WorkRatesInput,
} from '@stockyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The money settings (admins only); each call leaves its toast to the card. */
const billingSettingsKeys = {
  billing: queryRoots.billingSettings,
  workRates: queryRoots.workRates,
};

export function useBillingSettings(enabled: boolean) {
  return useQuery({
    queryKey: billingSettingsKeys.billing,
    queryFn: async () =>
      (await api.get<ApiSuccess<BillingSettings>>('/settings/billing', { silent: true })).data,
    enabled,
  });
}

export function useUpdateBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BillingSettingsInput) =>
      (await api.put<ApiSuccess<BillingSettings>>('/settings/billing', input, { silent: true }))
        .data,
    onSuccess: (data) => queryClient.setQueryData(billingSettingsKeys.billing, data),
  });
}

export function useWorkRates(enabled: boolean) {
  return useQuery({
    queryKey: billingSettingsKeys.workRates,
    queryFn: async () =>
      (await api.get<ApiSuccess<WorkRate[]>>('/settings/work-rates', { silent: true })).data,
    enabled,
  });
}

export function useUpdateWorkRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WorkRatesInput) =>
      (await api.put<ApiSuccess<WorkRate[]>>('/settings/work-rates', input, { silent: true })).data,
    onSuccess: (data) => queryClient.setQueryData(billingSettingsKeys.workRates, data),
  });
}
