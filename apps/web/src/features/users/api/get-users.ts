import { type ApiSuccess, PAGE_SIZES, type Role, type SessionUser } from '@stockyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type UserFilters = {
  page: number;
  search?: string;
  role?: Role;
  location?: number;
};

export const userKeys = {
  all: ['users'] as const,
  list: (filters: UserFilters) => ['users', 'list', filters] as const,
};

function getUsers(filters: UserFilters): Promise<ApiSuccess<SessionUser[]>> {
  return api.get<ApiSuccess<SessionUser[]>>('/users/getAll', {
    query: { ...filters, limit: PAGE_SIZES.users },
  });
}

export function useUsers(filters: UserFilters) {
  return useQuery({
    queryKey: userKeys.list(filters),
    queryFn: () => getUsers(filters),
    placeholderData: keepPreviousData,
  });
}
