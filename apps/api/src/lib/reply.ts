import type { Pagination } from '@stockyard/shared';

/** The reply envelope of every endpoint: `{ success, message, data, pagination? }`. */
export function ok<T>(data: T, message = 'OK', pagination?: Pagination) {
  return pagination
    ? { success: true as const, message, data, pagination }
    : { success: true as const, message, data };
}

export function paginate(total: number, page: number, limit: number): Pagination {
  return { total, totalPages: Math.max(1, Math.ceil(total / limit)), page, limit };
}
