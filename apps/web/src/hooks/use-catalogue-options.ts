import type { ApiSuccess, MaterialTypeOption } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * The catalogue's active types, offered by the material form's name field so that a name is
 * spelled once for the whole company. Under 'catalogue', so that a catalogue change reads it again.
 * `silent`: without it the form still takes a typed name.
 */
export function useCatalogueOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...queryRoots.catalogue, 'options'],
    queryFn: () =>
      api
        .get<ApiSuccess<MaterialTypeOption[]>>('/catalogue/options', { silent: true })
        .then((answer) => answer.data),
    enabled,
    staleTime: 30_000,
  });
}
