import type {
  ApiSuccess,
  ChangePasswordInput,
  CompanyProfile,
  CompanyProfileInput,
  NotificationSettings,
  NotificationSwitch,
  SecuritySettings,
} from '@stockyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyProfileKey } from '@/hooks/use-company-profile';
import { api } from '@/lib/api-client';

const settingsKeys = {
  notifications: (userId: number) => ['notification-settings', userId] as const,
  security: ['security-settings'] as const,
};

/** The company's sign-in rule, Require two-factor sign-in for admins (admins only). */
export function useSecuritySettings(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.security,
    queryFn: async () =>
      (await api.get<ApiSuccess<SecuritySettings>>('/users/security', { silent: true })).data,
    enabled,
  });
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SecuritySettings) =>
      (await api.put<ApiSuccess<SecuritySettings>>('/users/security', input, { silent: true }))
        .data,
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.security, data),
  });
}

// Each call leaves its toast to the page, which says what failed (03 section 8).
export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CompanyProfileInput) =>
      (await api.put<ApiSuccess<CompanyProfile>>('/users/company', input, { silent: true })).data,
    onSuccess: (profile) => queryClient.setQueryData(companyProfileKey, profile),
  });
}

export function useNotificationSettings(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.notifications(userId),
    enabled,
    queryFn: async () =>
      (
        await api.get<ApiSuccess<NotificationSettings>>(`/users/${userId}/notification-settings`, {
          silent: true,
        })
      ).data,
  });
}

export function useUpdateNotificationSetting(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, value }: { key: NotificationSwitch; value: boolean }) =>
      (
        await api.put<ApiSuccess<NotificationSettings>>(
          '/users/notifications',
          { [key]: value },
          { silent: true },
        )
      ).data,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.notifications(userId), settings),
  });
}

export function useChangePassword(userId: number) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api.patch<ApiSuccess<null>>(`/users/${userId}/change-password`, input, { silent: true }),
  });
}

export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };

export function useTwoFactor(userId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: settingsKeys.notifications(userId) });
  const setup = useMutation({
    mutationFn: async () =>
      (await api.post<ApiSuccess<TwoFactorSetup>>('/auth/2fa/setup', {}, { silent: true })).data,
  });
  const enable = useMutation({
    mutationFn: async (code: string) =>
      (
        await api.post<ApiSuccess<{ recoveryCodes: string[] }>>(
          '/auth/2fa/enable',
          { code },
          { silent: true },
        )
      ).data,
    onSuccess: refresh,
  });
  const disable = useMutation({
    mutationFn: (password: string) =>
      api.post<ApiSuccess<null>>('/auth/2fa/disable', { password }, { silent: true }),
    onSuccess: refresh,
  });
  return { setup, enable, disable };
}
