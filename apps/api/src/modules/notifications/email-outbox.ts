import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from './email';
import * as repo from './notifications.repository';

export type OutboxOptions = {
  /** How often the worker looks for due mail (retries, and mail queued by other processes). */
  pollMs?: number;
  /** The wait after a first failure; it doubles with each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Failures after which a mail is given up (kept, with `failed_at` set). */
  maxAttempts?: number;
  /** Sent mail is kept this many days, then taken away, once an hour at most per process. */
  keepSentDays?: number;
  pruneEveryMs?: number;
};

const DEFAULTS: Required<OutboxOptions> = {
  pollMs: 5_000,
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 12,
  keepSentDays: 30,
  pruneEveryMs: 60 * 60_000,
};

/** The wait before the next try after `attempts` failures: doubled each time, capped. */
export function retryDelayMs(attempts: number, options: OutboxOptions = {}): number {
  const { baseDelayMs, maxDelayMs } = { ...DEFAULTS, ...options };
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the mail of the outbox table (decision 013). Each batch is claimed with
 * `FOR UPDATE SKIP LOCKED` inside a transaction that lasts while it is sent, so that several API
 * processes never send one mail twice; a failure sets the next try with back-off. It runs after the
 * commit of the change that queued the mail, never inside a request.
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
    return this.db.transaction(async (tx) => {
      const due = await repo.claimDueEmails(tx, 10);
      for (const mail of due) {
        try {
          await this.mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.body });
          await repo.markEmailSent(tx, mail.id);
        } catch (error) {
          const attempts = mail.attempts + 1;
          const giveUp = attempts >= this.options.maxAttempts;
          this.log.warn(
            { err: error, outboxId: mail.id, attempts, giveUp },
            'e-mail not sent; it will be tried again',
          );
          await repo.markEmailFailed(tx, mail.id, {
            attempts,
            error: error instanceof Error ? error.message : String(error),
            retryInMs: retryDelayMs(attempts, this.options),
            giveUp,
          });
          // The server is likely down: the rest of the batch waits for the next run.
          if (!giveUp) return 0;
        }
      }
      return due.length;
    });
  }
}
