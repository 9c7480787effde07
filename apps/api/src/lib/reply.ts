import { errorBodySchema, type Pagination } from '@stockyard/shared';

type Ok<T> = { success: true; message: string; data: T };

/** The reply envelope of every endpoint: `{ success, message, data, pagination? }`. */
export function ok<T>(data: T, message?: string): Ok<T>;
export function ok<T>(
  data: T,
  message: string,
  pagination: Pagination,
): Ok<T> & { pagination: Pagination };
export function ok<T>(data: T, message = 'OK', pagination?: Pagination) {
  return pagination
    ? { success: true as const, message, data, pagination }
    : { success: true as const, message, data };
}

export function paginate(total: number, page: number, limit: number): Pagination {
  return { total, totalPages: Math.max(1, Math.ceil(total / limit)), page, limit };
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** The error statuses a route may answer, each in the error envelope (a route's `schema.response`). */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
