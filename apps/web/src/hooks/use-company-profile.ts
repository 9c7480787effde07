import type { ApiSuccess, CompanyProfile } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const companyProfileKey = ['company-profile'] as const;

/** The one company profile (Settings, Profile): it also heads the invoice preview. */
export function useCompanyProfile() {
  return useQuery({
    queryKey: companyProfileKey,
    queryFn: async () =>
      (await api.get<ApiSuccess<CompanyProfile>>('/users/company', { silent: true })).data,
    staleTime: 60_000,
  });
}
