import {
  type EmailOutboxItem,
  type EmailOutboxQuery,
  EMAIL_OUTBOX_MESSAGES as M,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { paginate } from '../../lib/reply';
import { inTransaction, type UnitOfWork } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import * as repo from './email-outbox.repository';

/**
 * Queues an e-mail inside the caller's transaction; the outbox worker sends it after the commit.
 * Nothing is queued when the server has no SMTP_URL, nor for a user (`userId`) whose Email
 * Notifications switch is off, as of this transaction.
 */
export async function queueEmail(
  ctx: AppContext,
  uow: UnitOfWork,
  mail: {
    userId: number | null;
    to: string;
    subject: string;
    body: string;
    /** A movement note whose PDF the sender attaches, made when it sends. */
    movementNoteId?: number;
    /** A file sent as it is now, whatever changes before the mail goes. */
    attachment?: { filename: string; content: Buffer };
  },
): Promise<void> {
  if (!ctx.mailer) return;
  if (mail.userId !== null && !(await repo.wantsEmail(uow.tx, mail.userId))) return;
  await repo.insertEmails(uow.tx, [
    {
      userId: mail.userId,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
      movementNoteId: mail.movementNoteId ?? null,
      attachmentName: mail.attachment?.filename ?? null,
      attachment: mail.attachment?.content ?? null,
    },
  ]);
  uow.afterCommit(() => ctx.emailOutbox?.kick());
}

/**
 * Queues many mails inside the caller's transaction (a notification fan-out's), in parts within
 * the bound on a statement's parameters. The caller kicks the worker once it commits.
 */
export async function queueEmails(tx: DbExecutor, mails: repo.OutboxMail[]): Promise<void> {
  for (let at = 0; at < mails.length; at += 1000) {
    await repo.insertEmails(tx, mails.slice(at, at + 1000));
  }
}

/** A page of the outbox's failed (or pending) mail, for an admin. */
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
