import type { ApiSuccess, MaterialCodeAnswer } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { labelKeys } from './get-labels';

/** The type a label's code names, and the viewer's location's stock of it; a 404 is the page's to say. */
export function useMaterialCode(code: string) {
  return useQuery({
    queryKey: labelKeys.code(code),
    queryFn: () =>
      api
        .get<ApiSuccess<MaterialCodeAnswer>>(`/catalogue/by-code/${encodeURIComponent(code)}`, {
          silent: true,
        })
        .then((answer) => answer.data),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}
