import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startSmtpSink } from '../../../test/smtp-sink';
import { activityLogs, emailOutbox } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';
import { createMailer } from './email';
import { EmailOutbox, messageIdDomain } from './email-outbox';
import { claimDueEmails, deleteSentEmails } from './email-outbox.repository';
import { queueEmail } from './email-outbox.service';

/**
 * The outbox's failures made visible: a mail that cannot be delivered ends
 * as failed with its last error, listed to admins, who send it again; sends happen outside any
 * transaction, and a resend after a crash carries the Message-ID of the first send. Against a real
 * SMTP server on a free local port.
 */

/** Recipients the server refuses (550). */
const refused = new Set<string>();
/** Run while a mail is being received, before the server accepts it. */
let whileReceiving: ((to: string[]) => Promise<void>) | null = null;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

const FROM = 'Stockyard <yard@mail.example.com>';
const mailer = () =>
  createMailer({
    url: smtp.url,
    from: FROM,
    publicUrl: 'https://yard.example.com',
  });
const mailTo = (address: string) => smtp.inbox.filter((m) => m.to.includes(address));

let stamp = 0;
/** An address no other test uses. */
const address = (name: string) => `${name}.${Date.now()}.${++stamp}@example.com`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function queue(app: TestApp, to: string, subject = 'Outbox test') {
  await inTransaction(app.ctx, (uow) =>
    queueEmail(app.ctx, uow, { userId: null, to, subject, body: `A mail to ${to}` }),
  );
  const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  return row!;
}

const rowOf = async (app: TestApp, id: number) =>
  (await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

const MAX_ATTEMPTS = 3;
let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  smtp = await startSmtpSink({
    refuse: (to) =>
      refused.has(to) ? { responseCode: 550, message: `Mailbox ${to} unavailable` } : undefined,
    whileReceiving: async (to) => whileReceiving?.(to),
  });
  t = await createTestApp({
    mail: {
      mailer: mailer(),
      outbox: { pollMs: 50, baseDelayMs: 20, maxDelayMs: 80, maxAttempts: MAX_ATTEMPTS },
    },
  });
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url: `/api${url}`, headers });

type Listed = { id: number; to: string; attempts: number; lastError: string | null };
const listed = async (status: 'failed' | 'pending') => {
  const response = await call(
    'GET',
    `/email-outbox?status=${status}&limit=50`,
    actors.admin.headers,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Listed[];
};

describe('mail that cannot be delivered', () => {
  it(`is tried ${MAX_ATTEMPTS} times, then kept as failed with its last error, and listed to an admin only`, async () => {
    const to = address('bounce');
    refused.add(to);
    const mail = await queue(t, to, 'Stockyard: Low stock: Scaffold tube');
    const failed = await eventually(async () => {
      const row = await rowOf(t, mail.id);
      expect(row.failedAt).not.toBeNull();
      return row;
    });
    expect(failed.attempts).toBe(MAX_ATTEMPTS);
    expect(failed.sentAt).toBeNull();
    expect(failed.lastError).toContain('550');
    expect(failed.lastError).toContain(`Mailbox ${to} unavailable`);
    // No try after the last: the server was offered it exactly that many times.
    await pause(300);
    expect(smtp.offered.get(to)).toBe(MAX_ATTEMPTS);
    expect((await rowOf(t, mail.id)).attempts).toBe(MAX_ATTEMPTS);

    const response = await call('GET', '/email-outbox?status=failed', actors.admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const item = body.data.find((entry: Listed) => entry.id === mail.id);
    expect(item).toEqual({
      id: mail.id,
      to,
      subject: 'Stockyard: Low stock: Scaffold tube',
      attempts: MAX_ATTEMPTS,
      lastError: failed.lastError,
      createdAt: failed.createdAt.toISOString(),
      nextAttemptAt: expect.any(String),
      failedAt: failed.failedAt!.toISOString(),
    });
    expect(body.pagination).toMatchObject({ page: 1, limit: 10, total: expect.any(Number) });
    expect((await listed('pending')).map((entry) => entry.id)).not.toContain(mail.id);

    const manager = await call('GET', '/email-outbox?status=failed', actors.manager.headers);
    expect(manager.statusCode).toBe(403);
    const managerRetry = await call(
      'POST',
      `/email-outbox/${mail.id}/retry`,
      actors.manager.headers,
    );
    expect(managerRetry.statusCode).toBe(403);
    expect((await rowOf(t, mail.id)).failedAt).not.toBeNull();
  });

  it('is never taken away with old sent mail', async () => {
    const [old] = await t.db
      .insert(emailOutbox)
      .values({
        toAddress: address('old-failed'),
        subject: 'Failed long ago',
        body: 'Never delivered',
        attempts: MAX_ATTEMPTS,
        lastError: 'Connection refused',
        failedAt: sql`now() - interval '90 days'`,
        createdAt: sql`now() - interval '91 days'`,
      })
      .returning();
    await deleteSentEmails(t.db, 30);
    expect(await rowOf(t, old!.id)).toBeDefined();
    expect((await listed('failed')).map((entry) => entry.id)).toContain(old!.id);
  });

  it('is sent again by an admin: delivered, off the failed list, and recorded in the activity log', async () => {
    const to = address('later');
    refused.add(to);
    const mail = await queue(t, to, 'Stockyard: Rental request');
    await eventually(async () => expect((await rowOf(t, mail.id)).failedAt).not.toBeNull());
    expect(mailTo(to)).toHaveLength(0);

    // The mailbox works again.
    refused.delete(to);
    const response = await call('POST', `/email-outbox/${mail.id}/retry`, actors.admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: mail.id, attempts: 0, failedAt: null });

    await eventually(() => expect(mailTo(to)).toHaveLength(1));
    expect(mailTo(to)[0]!.raw).toContain('Subject: Stockyard: Rental request');
    await eventually(async () => expect((await rowOf(t, mail.id)).sentAt).not.toBeNull());
    expect((await listed('failed')).map((entry) => entry.id)).not.toContain(mail.id);
    expect((await listed('pending')).map((entry) => entry.id)).not.toContain(mail.id);

    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.action, 'RETRY_EMAIL'), eq(activityLogs.entityId, String(mail.id))),
      );
    expect(entry).toMatchObject({
      userId: actors.admin.user.id,
      entityType: 'email_outbox',
      description: `Sent the e-mail "Stockyard: Rental request" to ${to} again`,
    });
    expect(entry!.details).toMatchObject({ to, attempts: MAX_ATTEMPTS });

    // Sent once; sending it again now is refused, and nothing more goes out.
    const again = await call('POST', `/email-outbox/${mail.id}/retry`, actors.admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This e-mail has already been sent');
    await pause(200);
    expect(mailTo(to)).toHaveLength(1);
  });

  it('a mail that does not exist is 404, and an unknown status 400', async () => {
    const missing = await call('POST', '/email-outbox/2000000000/retry', actors.admin.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('E-mail not found');
    const bad = await call('GET', '/email-outbox?status=sent', actors.admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Status must be one of failed, pending');
  });

  it('pending mail is listed next due first, and an admin can send it now', async () => {
    const [later, sooner] = await t.db
      .insert(emailOutbox)
      .values([
        {
          toAddress: address('tomorrow'),
          subject: 'Due tomorrow',
          body: 'Waiting',
          nextAttemptAt: sql`now() + interval '1 day'`,
        },
        {
          toAddress: address('soon'),
          subject: 'Due in an hour',
          body: 'Waiting',
          nextAttemptAt: sql`now() + interval '1 hour'`,
        },
      ])
      .returning();
    const pending = (await listed('pending')).map((entry) => entry.id);
    expect(pending.indexOf(sooner!.id)).toBeGreaterThanOrEqual(0);
    expect(pending.indexOf(sooner!.id)).toBeLessThan(pending.indexOf(later!.id));

    const response = await call('POST', `/email-outbox/${later!.id}/retry`, actors.admin.headers);
    expect(response.statusCode).toBe(200);
    await eventually(() => expect(mailTo(later!.toAddress)).toHaveLength(1));
  });
});

describe('sending', () => {
  it('happens outside any transaction: no row lock is held while the SMTP server receives the mail', async () => {
    const to = address('unlocked');
    const seen: string[] = [];
    whileReceiving = async (recipients) => {
      if (!recipients.includes(to)) return;
      // Another connection takes the row's lock at once, or fails if a transaction still holds it.
      try {
        await t.db.execute(
          sql`select id from email_outbox where to_address = ${to} for update nowait`,
        );
        seen.push('unlocked');
      } catch (error) {
        seen.push(`locked: ${(error as { code?: string }).code ?? String(error)}`);
      }
      const open = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      seen.push(`idle in transaction: ${open.rows[0]!.n}`);
    };
    try {
      const mail = await queue(t, to);
      await eventually(() => expect(mailTo(to)).toHaveLength(1));
      expect(seen).toEqual(['unlocked', 'idle in transaction: 0']);
      await eventually(async () => expect((await rowOf(t, mail.id)).sentAt).not.toBeNull());
      const row = await rowOf(t, mail.id);
      expect(row).toMatchObject({ attempts: 1, claimedUntil: null, lastError: null });
    } finally {
      whileReceiving = null;
    }
  });

  it('each mail carries a Message-ID of the sender’s domain, kept with the mail', async () => {
    const to = address('message-id');
    const mail = await queue(t, to);
    await eventually(() => expect(mailTo(to)).toHaveLength(1));
    const parsed = await simpleParser(mailTo(to)[0]!.raw);
    const row = await rowOf(t, mail.id);
    expect(row.messageId).toMatch(
      new RegExp(`^<outbox-${mail.id}-[0-9a-f]{32}@mail\\.example\\.com>$`),
    );
    expect(parsed.messageId).toBe(row.messageId);
  });

  it('the Message-ID domain is MAIL_FROM’s', () => {
    expect(messageIdDomain('Stockyard <no-reply@stockyard.local>')).toBe('stockyard.local');
    expect(messageIdDomain('yard@example.com')).toBe('example.com');
    expect(messageIdDomain('no address')).toBe('stockyard.local');
  });
});

describe('a worker of its own', () => {
  // A database of its own, without the app's worker: these tests decide who claims what.
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(async () => {
    await own.close();
  });

  it('leaves its claim; once the lease passes the mail is sent again with the same Message-ID', async () => {
    const to = address('crash');
    const [queued] = await own.db
      .insert(emailOutbox)
      .values({ toAddress: to, subject: 'Sent twice?', body: 'Once, we hope' })
      .returning();
    // The first worker claims it and the SMTP server accepts it; the worker then dies before it
    // marks the mail sent.
    const [claimed] = await claimDueEmails(own.db, {
      limit: 10,
      leaseMs: 600,
      domain: messageIdDomain(FROM),
    });
    expect(claimed).toMatchObject({ id: queued!.id, attempts: 1 });
    const first = mailer();
    await first.send({
      to,
      subject: claimed!.subject,
      text: claimed!.body,
      messageId: claimed!.messageId,
    });
    first.close();

    const worker = new EmailOutbox(own.db, mailer(), own.app.log, { pollMs: 50, leaseMs: 600 });
    worker.start();
    try {
      // While the lease holds, no other worker takes it.
      await pause(250);
      expect(mailTo(to)).toHaveLength(1);
      expect((await rowOf(own, queued!.id)).sentAt).toBeNull();
      // Once it has passed, it is sent again and marked sent.
      await eventually(async () => expect((await rowOf(own, queued!.id)).sentAt).not.toBeNull());
    } finally {
      await worker.stop();
    }
    const copies = await Promise.all(mailTo(to).map((mail) => simpleParser(mail.raw)));
    expect(copies).toHaveLength(2);
    expect(copies[0]!.messageId).toBe(claimed!.messageId);
    expect(copies[1]!.messageId).toBe(claimed!.messageId);
    expect(await rowOf(own, queued!.id)).toMatchObject({
      attempts: 2,
      messageId: claimed!.messageId,
      failedAt: null,
    });
  });

  it('tries due mail in the order it fell due: mail that keeps failing does not keep the rest waiting', async () => {
    // Ten mailboxes that refuse, queued first and retried every few milliseconds, then one that works.
    const refusing = Array.from({ length: 10 }, () => address('refusing'));
    for (const to of refusing) refused.add(to);
    const to = address('behind');
    await own.db
      .insert(emailOutbox)
      .values(
        [...refusing, to].map((toAddress) => ({ toAddress, subject: 'In turn', body: 'Queued' })),
      );
    const worker = new EmailOutbox(own.db, mailer(), own.app.log, {
      pollMs: 20,
      baseDelayMs: 10,
      maxDelayMs: 40,
      maxAttempts: 1_000,
    });
    worker.start();
    try {
      await eventually(() => expect(mailTo(to)).toHaveLength(1));
      // Each refused mailbox was offered its mail at least once meanwhile.
      for (const address of refusing) expect(smtp.offered.get(address)).toBeGreaterThan(0);
    } finally {
      await worker.stop();
      for (const address of refusing) refused.delete(address);
    }
  });
});
