import type { ApiSuccess, MaterialDto } from '@stockyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys } from './get-materials';

/** One material (a label's address opens its history); null asks for none. */
export function useMaterial(id: number | null) {
  return useQuery({
    queryKey: [...materialKeys.all, 'detail', id ?? 0],
    queryFn: () =>
      api.get<ApiSuccess<MaterialDto>>(`/materials/detail/${id}`).then((answer) => answer.data),
    enabled: id !== null,
  });
}
