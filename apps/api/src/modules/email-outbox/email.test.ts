import { and, eq, like, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startSmtpSink } from '../../../test/smtp-sink';
import { emailOutbox, notifications } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';
import { notify } from '../notifications/notify';
import { createMailer } from './email';
import { EmailOutbox, retryDelayMs } from './email-outbox';
import { queueEmail } from './email-outbox.service';

/** A real SMTP server on a free local port; what it receives lands in its `inbox`. */
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

const mailTo = (address: string, subject = '') =>
  smtp.inbox.filter((m) => m.to.includes(address) && m.raw.includes(`Subject: ${subject}`));
const LOW_STOCK = 'Stockyard: Low stock';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    mail: {
      mailer: createMailer({
        url: smtp.url,
        from: 'Stockyard <yard@example.com>',
        publicUrl: 'https://yard.example.com',
      }),
      outbox: { pollMs: 100, baseDelayMs: 100, maxDelayMs: 400 },
    },
  });
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  url: string,
  headers?: object,
  payload?: object,
) =>
  t.app.inject({ method, url: `/api${url}`, headers: headers as Record<string, string>, payload });

async function adminWithEmail(emailAlerts: boolean) {
  const user = await createUser(t.db, { role: 'ADMIN', emailAlerts });
  return { user, ...(await loginAs(t.app, user.email)) };
}

async function lowStockEvent(headers: Record<string, string>) {
  const created = await call('POST', '/materials/create', headers, {
    name: `Mail board ${Date.now()}-${Math.random()}`,
    locationId: actors.location.id,
    quantity: 30,
    unit: 'EACH',
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  const started = Date.now();
  const response = await call('PATCH', `/materials/${id}/stock`, headers, { quantity: 4 });
  expect(response.statusCode).toBe(200);
  return { id, tookMs: Date.now() - started };
}

describe('e-mail of notifications (Email Notifications)', () => {
  it('says e-mail is configured, and lets Email Notifications be turned on', async () => {
    const settings = await call(
      'GET',
      `/users/${actors.admin.user.id}/notification-settings`,
      actors.admin.headers,
    );
    expect(settings.json().data.emailConfigured).toBe(true);
    const saved = await call('PUT', '/users/notifications', actors.admin.headers, {
      emailAlerts: true,
    });
    expect(saved.statusCode).toBe(200);
  });

  it('sends a notification to the mailbox of a user with the switch on, once', async () => {
    const on = await adminWithEmail(true);
    const off = await adminWithEmail(false);
    await lowStockEvent(actors.admin.headers);
    const [mail] = await eventually(() => {
      const found = mailTo(on.user.email, LOW_STOCK);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail!.raw).toContain('Subject: Stockyard: Low stock: Mail board');
    expect(mail!.raw).toContain('From: Stockyard <yard@example.com>');
    expect(mail!.raw).toMatch(/Time: .* UTC/);
    // Several polls later, still once; the other admin, with the switch off, got none.
    await pause(500);
    expect(mailTo(on.user.email, LOW_STOCK)).toHaveLength(1);
    expect(mailTo(off.user.email)).toHaveLength(0);
    // Its sign-in was mailed too (Login Notifications and Email Notifications are on).
    expect(mailTo(on.user.email, 'Stockyard: New sign-in')).toHaveLength(1);
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, on.user.id));
    expect(rows.filter((row) => row.subject.startsWith(LOW_STOCK))).toHaveLength(1);
    await eventually(async () => {
      const all = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, on.user.id));
      // Each sent at its first try (a try is counted when a worker claims the mail).
      expect(all.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    });
    expect(
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, off.user.id)),
    ).toEqual([]);
  });

  it('reads in a mail client as text and HTML, linked to the app, marked automatic, dates dd/mm/yyyy', async () => {
    const on = await adminWithEmail(true);
    await lowStockEvent(actors.admin.headers);
    const [mail] = await eventually(() => {
      const found = mailTo(on.user.email, LOW_STOCK);
      expect(found).toHaveLength(1);
      return found;
    });
    // Parsed as a mail client does: mailparser, not the code that wrote it.
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toMatch(/^Stockyard: Low stock: Mail board/);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    // The link opens the stock of the material's location (notificationPath).
    const link = `https://yard.example.com/inventory?location=${actors.location.id}`;
    expect(parsed.text).toContain(`Open in Stockyard: ${link}`);
    expect(parsed.text).toMatch(/Time: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);
    expect(parsed.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(parsed.html).toContain(`<a href="${link}">`);
    expect(parsed.html).toContain('Low stock: Mail board');
    expect(parsed.messageId).toMatch(/^<outbox-\d+-[0-9a-f]+@/);
  });

  it('mails nobody of their own action: the admin who caused the notice gets no e-mail, another does', async () => {
    const actor = await adminWithEmail(true);
    const other = await adminWithEmail(true);
    const { id } = await lowStockEvent(actor.headers);
    await eventually(() => expect(mailTo(other.user.email, LOW_STOCK)).toHaveLength(1));
    await pause(400);
    expect(mailTo(actor.user.email, LOW_STOCK)).toHaveLength(0);
    expect(mailTo(actor.user.email, 'Stockyard: New material')).toHaveLength(0);
    const queued = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, actor.user.id));
    expect(queued.filter((row) => !row.subject.startsWith('Stockyard: New sign-in'))).toEqual([]);
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(sql`${notifications.data}->>'materialId' = ${String(id)}`);
    expect(told.map((n) => n.userId)).toContain(other.user.id);
    expect(told.map((n) => n.userId)).not.toContain(actor.user.id);
  });

  it('a notice that the switch of its type turns off is not mailed either', async () => {
    const me = await adminWithEmail(true);
    await call('PUT', '/users/notifications', me.headers, { lowStockAlerts: false });
    await lowStockEvent(actors.admin.headers);
    await pause(400);
    expect(mailTo(me.user.email, LOW_STOCK)).toHaveLength(0);
  });

  it('with the SMTP server down the request still succeeds, and the mail arrives once it is back', async () => {
    const me = await adminWithEmail(true);
    await smtp.close();
    const { tookMs } = await lowStockEvent(actors.admin.headers);
    expect(tookMs).toBeLessThan(3_000);
    // The worker tried, failed, and set a later try.
    await eventually(async () => {
      const [row] = await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.userId, me.user.id), like(emailOutbox.subject, `${LOW_STOCK}%`)));
      expect(row?.attempts).toBeGreaterThan(0);
      expect(row?.sentAt).toBeNull();
      expect(row?.lastError).toBeTruthy();
    });
    expect(mailTo(me.user.email, LOW_STOCK)).toHaveLength(0);

    await smtp.reopen();
    await eventually(() => expect(mailTo(me.user.email, LOW_STOCK)).toHaveLength(1));
    await pause(400);
    expect(mailTo(me.user.email, LOW_STOCK)).toHaveLength(1);
  });

  it('a submitted rental request sends its requester the confirmation e-mail', async () => {
    const response = await call('POST', '/rental-requests', actors.manager.headers, {
      name: 'Trestle',
      quantity: 3,
      unit: 'EACH',
      requestedDate: '2030-02-01',
      returnDate: '2030-02-10',
      description: 'For the loading bay',
      location: actors.location.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    const mail = await eventually(() => {
      const found = mailTo(actors.manager.user.email).filter((m) =>
        m.raw.includes(`material request #${id} received`),
      );
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    expect(mail.raw).toContain('pending approval');
  });

  it('queues no confirmation e-mail for a requester whose Email Notifications is off', async () => {
    const manager = await createUser(t.db, {
      role: 'USER',
      locationId: actors.location.id,
      emailAlerts: false,
    });
    const { headers } = await loginAs(t.app, manager.email);
    const response = await call('POST', '/rental-requests', headers, {
      name: 'Trestle',
      quantity: 1,
      unit: 'EACH',
      requestedDate: '2030-02-01',
      returnDate: '2030-02-10',
      location: actors.location.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    // The mail is queued in the request's own transaction, so its 201 means it would be there.
    const queued = await t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%material request #${id} received`));
    expect(queued).toEqual([]);
    expect(mailTo(manager.email)).toHaveLength(0);
  });

  it('sends each mail once with several workers on one database (FOR UPDATE SKIP LOCKED)', async () => {
    const workers = [1, 2, 3].map(
      () =>
        new EmailOutbox(
          t.db,
          createMailer({
            url: smtp.url,
            from: 'yard@example.com',
            publicUrl: 'https://yard.example.com',
          }),
          t.app.log,
          { pollMs: 50, baseDelayMs: 100 },
        ),
    );
    const addresses = Array.from({ length: 24 }, (_, i) => `bulk${i}.${Date.now()}@example.com`);
    await inTransaction(t.ctx, async (uow) => {
      for (const to of addresses) {
        await queueEmail({ ...t.ctx, emailOutbox: null }, uow, {
          userId: null,
          to,
          subject: 'Bulk',
          body: 'One of many',
        });
      }
    });
    for (const worker of workers) worker.start();
    try {
      await eventually(() => {
        for (const to of addresses) expect(mailTo(to)).toHaveLength(1);
      });
      await pause(300);
      for (const to of addresses) expect(mailTo(to)).toHaveLength(1);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });

  it('takes sent mail away after the days it is kept; mail not yet sent stays', async () => {
    const stamp = Date.now();
    const mail = (name: string) => ({
      userId: null,
      toAddress: `${name}.${stamp}@example.com`,
      subject: 'Kept?',
      body: 'A mail',
    });
    const [, recent, unsent] = await t.db
      .insert(emailOutbox)
      .values([
        { ...mail('old'), sentAt: sql`now() - interval '31 days'` },
        { ...mail('recent'), sentAt: sql`now() - interval '29 days'` },
        // Due tomorrow: no worker sends it during the test.
        { ...mail('unsent'), nextAttemptAt: sql`now() + interval '1 day'` },
      ])
      .returning({ id: emailOutbox.id });
    const worker = new EmailOutbox(
      t.db,
      createMailer({
        url: smtp.url,
        from: 'yard@example.com',
        publicUrl: 'https://yard.example.com',
      }),
      t.app.log,
      { pollMs: 50, keepSentDays: 30 },
    );
    worker.start();
    try {
      await eventually(async () => {
        const left = await t.db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(like(emailOutbox.toAddress, `%.${stamp}@example.com`));
        expect(left.map((row) => row.id).sort()).toEqual([recent!.id, unsent!.id].sort());
      });
    } finally {
      await worker.stop();
    }
  });

  it('a notification and its mail are one transaction: a rollback leaves neither', async () => {
    const me = await adminWithEmail(true);
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, me.user.id));
    await expect(
      inTransaction(t.ctx, async (uow) => {
        await notify(t.ctx, uow, { type: 'NEW_MATERIAL', message: 'Rolled back' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, me.user.id));
    expect(after).toEqual(before);
  });
});

describe('the back-off of a mail that could not be sent', () => {
  it('waits 5 s after the first failure, doubling each time, never more than an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
    expect(retryDelayMs(30)).toBe(60 * 60_000);
  });
});
