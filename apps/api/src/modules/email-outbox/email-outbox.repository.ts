import type { EmailOutboxItem, EmailOutboxStatus } from '@stockyard/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { emailOutbox, users } from '../../db/schema';
import { listPage, type Page } from '../../lib/list-page';

/** A mail to queue: its address, subject and text, whom and what it is about. */
export type OutboxMail = typeof emailOutbox.$inferInsert;

/** Whether the user's Email Notifications switch is on (false for no such user). */
export async function wantsEmail(db: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await db.select({ on: users.emailAlerts }).from(users).where(eq(users.id, userId));
  return row?.on === true;
}

export async function insertEmails(db: DbExecutor, rows: OutboxMail[]): Promise<void> {
  if (rows.length > 0) await db.insert(emailOutbox).values(rows);
}

/** A mail a worker has claimed: what it sends, and the tries started, this one included. */
export type ClaimedMail = {
  id: number;
  toAddress: string;
  subject: string;
  body: string;
  attempts: number;
  messageId: string;
  /** A movement note whose PDF goes with the mail, made when it is sent. */
  movementNoteId: number | null;
  /** A file frozen when the mail was queued: its name and bytes, or null. */
  attachmentName: string | null;
  attachment: Buffer | null;
};

const inMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Claims due mail, oldest first, in one short statement: the rows are taken with
 * `FOR UPDATE SKIP LOCKED`, so that two workers never claim one, and leave it with a lease
 * (`claimed_until`), a try counted, and their Message-ID, made at the first claim and kept. The
 * statement commits before anything is sent; a mail whose lease has passed unsent (its worker
 * died mid-send) is due again.
 */
export async function claimDueEmails(
  db: DbExecutor,
  claim: { limit: number; leaseMs: number; domain: string },
): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.failedAt),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
    .limit(claim.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      claimedUntil: inMs(claim.leaseMs),
      messageId: sql`coalesce(${emailOutbox.messageId}, '<outbox-' || ${emailOutbox.id} || '-' || replace(gen_random_uuid()::text, '-', '') || '@' || ${claim.domain}::text || '>')`,
    })
    // ARRAY(...) runs the claiming read once, whatever plan the update gets.
    .where(sql`${emailOutbox.id} = any(array(${due}))`)
    .returning({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      body: emailOutbox.body,
      attempts: emailOutbox.attempts,
      messageId: emailOutbox.messageId,
      movementNoteId: emailOutbox.movementNoteId,
      attachmentName: emailOutbox.attachmentName,
      attachment: emailOutbox.attachment,
      nextAttemptAt: emailOutbox.nextAttemptAt,
    });
  // Sent in the order they were due: a mail retried often must not keep the others waiting.
  return rows
    .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
    .map(({ nextAttemptAt: _due, ...row }) => ({ ...row, messageId: row.messageId ?? '' }));
}

export async function markEmailSent(db: DbExecutor, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, lastError: null, claimedUntil: null })
    .where(eq(emailOutbox.id, id));
}

/**
 * A try that failed: its error, and the next try after `retryInMs`; once `maxAttempts` tries have
 * started, the mail is given up instead (kept with `failed_at`, for an admin to send again). A
 * mail another worker has sent meanwhile stays sent. Answers whether it was given up.
 */
export async function markEmailNotSent(
  db: DbExecutor,
  id: number,
  failure: { error: string; retryInMs: number; maxAttempts: number },
): Promise<boolean> {
  const [row] = await db
    .update(emailOutbox)
    .set({
      lastError: failure.error.slice(0, 1000),
      nextAttemptAt: inMs(failure.retryInMs),
      claimedUntil: null,
      failedAt: sql`case when ${emailOutbox.attempts} >= ${failure.maxAttempts}::int then now() end`,
    })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)))
    .returning({ failedAt: emailOutbox.failedAt });
  return row?.failedAt != null;
}

/** Claimed mail left untried (the server was down): due again now, its claim's try uncounted. */
export async function releaseEmails(db: DbExecutor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ attempts: sql`greatest(${emailOutbox.attempts} - 1, 0)`, claimedUntil: null })
    .where(
      and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt)),
    );
}

/** Takes away the mail sent more than `days` ago; mail not sent (due, or given up) stays. */
export async function deleteSentEmails(db: DbExecutor, days: number): Promise<number> {
  const gone = await db
    .delete(emailOutbox)
    .where(lt(emailOutbox.sentAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: emailOutbox.id });
  return gone.length;
}

const itemColumns = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  failedAt: emailOutbox.failedAt,
};
type ItemRow = Pick<typeof emailOutbox.$inferSelect, keyof typeof itemColumns>;

function toItem(row: ItemRow): EmailOutboxItem {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    failedAt: row.failedAt?.toISOString() ?? null,
  };
}

/** Failed mail: given up after its attempts. Pending: not sent yet, due or waiting to be tried. */
const STATUS_FILTERS = {
  failed: isNotNull(emailOutbox.failedAt),
  pending: and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt)),
} as const;

/** A page of one status, failed mail the latest given up first, pending mail the next due first. */
export async function listEmails(
  db: Database,
  status: EmailOutboxStatus,
  page: Page,
): Promise<{ rows: EmailOutboxItem[]; total: number }> {
  const where = STATUS_FILTERS[status];
  const order =
    status === 'failed'
      ? [desc(emailOutbox.failedAt), desc(emailOutbox.id)]
      : [asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id)];
  const { rows, total } = await listPage(
    db,
    {
      // The status is the statement's WHERE and its order: a list of its own for each.
      name: `email_outbox_${status}`,
      filters: {},
      select: (total) =>
        db
          .select({ ...itemColumns, total })
          .from(emailOutbox)
          .where(where)
          .orderBy(...order),
      count: () => db.select({ n: count() }).from(emailOutbox).where(where),
    },
    page,
  );
  return { rows: rows.map(toItem), total };
}

/** One mail, held (FOR UPDATE) until the transaction ends; null when there is none. */
export async function lockEmail(db: DbExecutor, id: number) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
  return row ?? null;
}

/**
 * Sends a mail not yet sent again: its attempts start over, it is due now and no longer failed.
 * A lease a worker holds stays, so that a mail being sent is not sent twice at once.
 */
export async function requeueEmail(db: DbExecutor, id: number): Promise<EmailOutboxItem | null> {
  const [row] = await db
    .update(emailOutbox)
    .set({ attempts: 0, failedAt: null, nextAttemptAt: sql`now()` })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)))
    .returning();
  return row ? toItem(row) : null;
}
