import { type ApiSuccess, type EmailOutboxItem, PAGE_SIZES } from '@stockyard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const emailOutboxKeys = {
  all: ['email-outbox'] as const,
  failed: (page: number) => ['email-outbox', 'failed', page] as const,
};

/** A page of the mail the server gave up on (admins only); the section shows its own error. */
export function useFailedEmail(page: number, enabled = true) {
  return useQuery({
    queryKey: emailOutboxKeys.failed(page),
    enabled,
    queryFn: ({ signal }) =>
      api.get<ApiSuccess<EmailOutboxItem[]>>('/email-outbox', {
        query: { status: 'failed', page, limit: PAGE_SIZES.emailOutbox },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Sends a mail again now; it leaves the failed list. The caller toasts the outcome. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await api.post<ApiSuccess<EmailOutboxItem>>(`/email-outbox/${id}/retry`, undefined, {
          silent: true,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailOutboxKeys.all }),
  });
}
