import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { MailAttachment, Mailer } from './email';
import * as repo from './email-outbox.repository';

export type OutboxOptions = {
  /** How often the worker looks for due mail (retries, and mail queued by other processes). */
  pollMs?: number;
  /** The wait after a first failure; it doubles with each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Tries after which a mail is given up (kept with `failed_at` and its last error, for an admin). */
  maxAttempts?: number;
  /**
   * How long a claimed mail is the claiming worker's: a worker that dies mid-send leaves it, and
   * once the lease has passed another sends it again, with the same Message-ID. Longer than a
   * batch takes to send (each mail waits at most 10 s to connect and 20 s on a silent socket).
   */
  leaseMs?: number;
  /** Mail claimed at once. */
  batchSize?: number;
  /** Sent mail is kept this many days, then taken away, once an hour at most per process. */
  keepSentDays?: number;
  pruneEveryMs?: number;
};

/**
 * The files a mail carries that are made when it is sent: a movement note's PDF, so that the
 * outbox row holds its id and not the file. A file frozen when the mail was queued (an
 * on-hire statement, decision 064) is in the row and goes first, as it was stored.
 */
export type AttachmentsOf = (mail: ClaimedMail) => Promise<MailAttachment[]>;
export type ClaimedMail = repo.ClaimedMail;

const DEFAULTS: Required<OutboxOptions> = {
  pollMs: 5_000,
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 12,
  leaseMs: 10 * 60_000,
  batchSize: 10,
  keepSentDays: 30,
  pruneEveryMs: 60 * 60_000,
};

/** The file stored with the mail when it was queued, as a PDF or as bytes. */
function frozenAttachments(mail: ClaimedMail): MailAttachment[] {
  if (mail.attachmentName === null || mail.attachment === null) return [];
  const pdf = mail.attachmentName.toLowerCase().endsWith('.pdf');
  return [
    {
      filename: mail.attachmentName,
      content: mail.attachment,
      contentType: pdf ? 'application/pdf' : 'application/octet-stream',
    },
  ];
}

/** The wait before the next try after `attempts` failures: doubled each time, capped. */
export function retryDelayMs(attempts: number, options: OutboxOptions = {}): number {
  const { baseDelayMs, maxDelayMs } = { ...DEFAULTS, ...options };
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** The domain of MAIL_FROM (`Stockyard <no-reply@stockyard.local>`), which ends each Message-ID. */
export function messageIdDomain(from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1];
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'stockyard.local';
}

/**
 * Sends the mail of the outbox table. A batch is claimed in one short statement
 * (`FOR UPDATE SKIP LOCKED`, a lease, a try counted) that commits before anything is sent, so
 * that no transaction is open while the SMTP server answers and several API processes never send
 * one mail at once. Each mail is then marked sent, or its error stored with the next try after a
 * back-off, in a statement of its own; after `maxAttempts` tries it is kept as failed, with its
 * last error, for an admin to send again. A mail whose worker died mid-send is sent again once its
 * lease passes, with the Message-ID it got at its first claim. It runs after the commit of the
 * change that queued the mail, never inside a request.
 */
export class EmailOutbox {
  private readonly options: Required<OutboxOptions>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    options: OutboxOptions = {},
    private readonly attachmentsOf: AttachmentsOf = async () => [],
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for due mail now (a change just committed some); runs once at a time. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.warn({ err: error }, 'e-mail outbox run failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.mailer.close();
  }

  /** Sends due batches until none is left; now and then, takes away old sent mail. */
  private async drain(): Promise<void> {
    while (!this.stopped && (await this.sendBatch()) > 0) {
      // The next batch.
    }
    if (!this.stopped && performance.now() - this.prunedAt >= this.options.pruneEveryMs) {
      this.prunedAt = performance.now();
      await repo.deleteSentEmails(this.db, this.options.keepSentDays);
    }
  }

  /** One batch: claimed, sent one by one, each marked sent or due again later. */
  private async sendBatch(): Promise<number> {
    const { batchSize, leaseMs, maxAttempts } = this.options;
    const due = await repo.claimDueEmails(this.db, {
      limit: batchSize,
      leaseMs,
      domain: messageIdDomain(this.mailer.from),
    });
    for (const [index, mail] of due.entries()) {
      try {
        await this.mailer.send({
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.body,
          messageId: mail.messageId,
          attachments: [...frozenAttachments(mail), ...(await this.attachmentsOf(mail))],
        });
      } catch (error) {
        const gaveUp = await repo.markEmailNotSent(this.db, mail.id, {
          error: error instanceof Error ? error.message : String(error),
          retryInMs: retryDelayMs(mail.attempts, this.options),
          maxAttempts,
        });
        this.log.warn(
          { err: error, outboxId: mail.id, attempts: mail.attempts, gaveUp },
          gaveUp
            ? 'e-mail not sent after its last attempt; kept as failed for an admin'
            : 'e-mail not sent; it will be tried again',
        );
        if (gaveUp) continue;
        // The server is likely down: the rest of the batch waits for the next run.
        await repo.releaseEmails(
          this.db,
          due.slice(index + 1).map((rest) => rest.id),
        );
        return 0;
      }
      await repo.markEmailSent(this.db, mail.id);
    }
    return due.length;
  }
}
