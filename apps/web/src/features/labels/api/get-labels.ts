import type { ApiSuccess, Labels } from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const labelKeys = {
  all: ['labels'] as const,
  of: (types: number[], locations: number[]) => ['labels', types, locations] as const,
  code: (code: string) => ['labels', 'code', code] as const,
};

/** What the labels of these types and locations print, the addresses their QR codes encode. */
export function useLabels(types: number[], locations: number[]) {
  return useQuery({
    queryKey: labelKeys.of(types, locations),
    queryFn: () =>
      api
        .get<ApiSuccess<Labels>>('/labels', {
          query: {
            types: types.length > 0 ? types.join(',') : undefined,
            locations: locations.length > 0 ? locations.join(',') : undefined,
          },
        })
        .then((answer) => answer.data),
    enabled: types.length + locations.length > 0,
    placeholderData: keepPreviousData,
  });
}
