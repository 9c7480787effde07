import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { parseIsoDate } from '../dates';
import { optionalIdQuery, paginationQuery } from './common';
import { isoInstantSchema } from './responses';
import { blankToUndefined } from './text';

/** An IANA time zone name this runtime knows (Europe/Berlin, UTC, ...). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /activity-logs/list. `startDate` picks one calendar day: the entries from its start to
 * the next day's start in `timeZone` (the viewer's, UTC when none is sent).
 */
export const activityLogsQuerySchema = paginationQuery(PAGE_SIZES.activityLogs).extend({
  sortBy: z.preprocess(
    blankToUndefined,
    z
      .enum(['timestamp'], { error: 'Activities can only be sorted by timestamp' })
      .default('timestamp'),
  ),
  sortOrder: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(['desc', 'asc'], { error: 'Sort order must be asc or desc' }).default('desc'),
  ),
  locationId: optionalIdQuery('Invalid location'),
  startDate: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Date must be a valid date (yyyy-MM-dd)' })
      .refine((text) => parseIsoDate(text) !== null, {
        error: 'Date must be a valid date (yyyy-MM-dd)',
      })
      .optional(),
  ),
  timeZone: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Unknown time zone' })
      .refine(isTimeZone, { error: 'Unknown time zone' })
      .default('UTC'),
  ),
});
export type ActivityLogsQuery = z.infer<typeof activityLogsQuerySchema>;
export type ActivityLogsQueryInput = z.input<typeof activityLogsQuerySchema>;

const locationSummarySchema = z.object({ name: z.string(), address: z.string(), type: z.string() });

/** One entry of the activity log as the list answers it. */
export const activityLogItemSchema = z.object({
  id: z.int(),
  action: z.string(),
  description: z.string(),
  timestamp: isoInstantSchema,
  details: z.record(z.string(), z.unknown()).nullable(),
  /** Who did it; null for an attempt that named no account. */
  user: z
    .object({
      name: z.string(),
      email: z.string(),
      location: locationSummarySchema.nullable(),
    })
    .nullable(),
  /** The location the entry concerns (what the location filter matches). */
  location: locationSummarySchema.extend({ id: z.int() }).nullable(),
});
export type ActivityLogItem = z.infer<typeof activityLogItemSchema>;

export const activityLogsPageSchema = z.object({
  logs: z.array(activityLogItemSchema),
  totalLogs: z.int(),
  totalPages: z.int(),
  currentPage: z.int(),
});
export type ActivityLogsPage = z.infer<typeof activityLogsPageSchema>;
