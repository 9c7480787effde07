import { z } from 'zod';
import { paginationSchema } from '../errors';

/** An instant as the API writes it: ISO 8601 in UTC, `Date#toISOString`'s form. */
export const isoInstantSchema = z.iso.datetime();

/** The reply envelope of every endpoint: `{ success, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** A page of a list: `data` holds the items, `pagination` the totals. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(item),
    pagination: paginationSchema,
  });
}

/** What a deletion or another answer without a record carries in `data`. */
export const emptyEnvelope = envelope(z.null());
