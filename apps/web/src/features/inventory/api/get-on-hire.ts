import type { ApiSuccess, OnHireStatement } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

const onHireKeys = {
  all: queryRoots.onHire,
  of: (locationId: number) => [...onHireKeys.all, locationId] as const,
};

/** What is on hire at a location; null asks for none. */
export function useOnHire(locationId: number | null, options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: onHireKeys.of(locationId ?? 0),
    queryFn: () =>
      api
        .get<ApiSuccess<OnHireStatement>>(`/locations/${locationId}/on-hire`, {
          silent: options.silent,
        })
        .then((answer) => answer.data),
    enabled: locationId !== null,
  });
}

/** The location's on-hire statement as a PDF file. */
export const downloadOnHirePdf = (locationId: number) =>
  downloadFile(`/locations/${locationId}/on-hire/pdf`, `on-hire-${locationId}.pdf`);
