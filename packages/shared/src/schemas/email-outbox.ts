import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { paginationQuery } from './common';
import { isoInstantSchema } from './responses';

/**
 * The e-mail outbox as admins see it: mail given up after its attempts (failed),
 * and mail not yet sent (pending), each of which an admin can send again.
 */

export const EMAIL_OUTBOX_STATUSES = ['failed', 'pending'] as const;
export type EmailOutboxStatus = (typeof EMAIL_OUTBOX_STATUSES)[number];

export const EMAIL_OUTBOX_MESSAGES = {
  statusInvalid: `Status must be one of ${EMAIL_OUTBOX_STATUSES.join(', ')}`,
  listed: 'E-mail fetched',
  notFound: 'E-mail not found',
  alreadySent: 'This e-mail has already been sent',
  retried: 'The e-mail will be sent again now.',
  // The Settings page's Failed e-mail section.
  title: 'Failed e-mail',
  description:
    'Mail the server could not deliver after every attempt. Send it again once the mail server is reachable.',
  empty: 'No failed e-mail',
  loading: 'Loading failed e-mail...',
  listFailed: 'Failed to fetch failed e-mail.',
  resendFailed: 'Failed to send the e-mail again.',
} as const;

/** GET /email-outbox: one status (failed unless asked), a page of it. */
export const emailOutboxQuerySchema = paginationQuery(PAGE_SIZES.emailOutbox).extend({
  status: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(EMAIL_OUTBOX_STATUSES, { error: EMAIL_OUTBOX_MESSAGES.statusInvalid }).default('failed'),
  ),
});
export type EmailOutboxQuery = z.infer<typeof emailOutboxQuerySchema>;
export type EmailOutboxQueryInput = z.input<typeof emailOutboxQuerySchema>;

/** One mail of the outbox as the list and a retry answer it (its body is not shown). */
export const emailOutboxItemSchema = z.object({
  id: z.int(),
  to: z.string(),
  subject: z.string(),
  /** Tries started so far; reset to 0 when an admin sends it again. */
  attempts: z.int(),
  /** The SMTP server's (or the connection's) answer to the last try. */
  lastError: z.string().nullable(),
  createdAt: isoInstantSchema,
  /** When it is tried next (pending mail). */
  nextAttemptAt: isoInstantSchema,
  /** When its attempts ran out; null while it is pending. */
  failedAt: isoInstantSchema.nullable(),
});
export type EmailOutboxItem = z.infer<typeof emailOutboxItemSchema>;
