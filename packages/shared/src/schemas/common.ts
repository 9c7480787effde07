import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants';

/** `page` from 1 and `limit` capped at MAX_PAGE_LIMIT, as every list endpoint takes them. */
export function paginationQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit),
  });
}

export const idParam = z.object({ id: z.coerce.number().int().positive() });
