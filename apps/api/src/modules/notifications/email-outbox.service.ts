import {
  type EmailOutboxItem,
  type EmailOutboxQuery,
  EMAIL_OUTBOX_MESSAGES as M,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import * as repo from './email-outbox.repository';

/** A page of the outbox's failed (or pending) mail, for an admin (decision 013). */
export async function listEmails(ctx: AppContext, query: EmailOutboxQuery) {
  const { page, limit } = query;
  const { rows, total } = await repo.listEmails(ctx.db, query.status, {
    limit,
    offset: (page - 1) * limit,
  });
  return { items: rows, pagination: paginate(total, page, limit) };
}

/**
 * Sends a mail not yet sent again: its attempts start over and it is due now (a failed mail is
 * failed no longer). The worker is told once this commits. A sent mail is 409, an unknown one 404.
 */
export async function retryEmail(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<EmailOutboxItem> {
  return inTransaction(ctx, async ({ tx, afterCommit }) => {
    const before = await repo.lockEmail(tx, id);
    if (!before) throw notFound(M.notFound);
    if (before.sentAt) throw conflict(M.alreadySent);
    const item = (await repo.requeueEmail(tx, id))!;
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'RETRY_EMAIL',
      description: `Sent the e-mail "${before.subject}" to ${before.toAddress} again`,
      entityType: 'email_outbox',
      entityId: String(id),
      locationId: null,
      details: {
        to: before.toAddress,
        subject: before.subject,
        attempts: before.attempts,
        lastError: before.lastError,
        failedAt: before.failedAt?.toISOString() ?? null,
      },
      ip: actor.ip,
    });
    afterCommit(() => ctx.emailOutbox?.kick());
    return item;
  });
}
