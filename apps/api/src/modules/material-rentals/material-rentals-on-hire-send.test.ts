import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isoToDisplayDate, ON_HIRE_MESSAGES, type OnHireStatement } from '@stockyard/shared';
import { and, count, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startSmtpSink } from '../../../test/smtp-sink';
import { activityLogs, emailOutbox } from '../../db/schema';
import { createMailer } from '../email-outbox/email';
import { todayOf } from './material-rentals.service';

/**
 * A site's on-hire statement e-mailed to its customer: an admin's,
 * the PDF as of the moment it was sent stored with the mail, read back from the mail a real SMTP
 * server on a free local port receives.
 */

/** Recipients the server answers "try again later" (451). */
const held = new Set<string>();

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let dir: string;
let yard: Awaited<ReturnType<typeof createLocation>>;
let site: Awaited<ReturnType<typeof createLocation>>;
let bare: Awaited<ReturnType<typeof createLocation>>;
let siteManager: Record<string, string>;
let rentalId: number;
let tubeItem: number;

const CUSTOMER = 'buero@mueller-bau.example';
const TUBE = 'Gerüst Stahlrohr 3,0 m';

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers?: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers, payload });
const admin = () => actors.admin.headers;

function daysFromToday(days: number): string {
  const now = new Date();
  return todayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function material(locationId: number, name: string, quantity: number) {
  const response = await call('POST', '/materials/create', admin(), {
    name,
    locationId,
    quantity,
    unit: 'EACH',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function rent(to: number, materialId: number, quantity: number) {
  const response = await call('POST', '/material-rentals', admin(), {
    fromLocationId: yard.id,
    toLocationId: to,
    rentalDate: daysFromToday(-9),
    expectedReturnDate: daysFromToday(18),
    items: [{ materialId, quantity, unit: 'EACH', materialName: 'ignored' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; items: Array<{ id: number }> };
}

async function statement(locationId: number) {
  const response = await call('GET', `/locations/${locationId}/on-hire`, admin());
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as OnHireStatement;
}

/** What a refusal must leave as it was: the outbox, the log and the site's statement. */
async function snapshot(locationId: number) {
  const [mail] = await t.db.select({ n: count() }).from(emailOutbox);
  const [logged] = await t.db.select({ n: count() }).from(activityLogs);
  return { mail: mail!.n, logged: logged!.n, statement: await statement(locationId) };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'on-hire-send-'));
  smtp = await startSmtpSink({
    refuse: (to) => (held.has(to) ? { responseCode: 451, message: 'Try again later' } : undefined),
  });
  t = await createTestApp({
    mail: {
      mailer: createMailer({
        url: smtp.url,
        from: 'Stockyard <yard@example.com>',
        publicUrl: 'https://yard.example.com',
      }),
      outbox: { pollMs: 100, baseDelayMs: 100, maxDelayMs: 200, maxAttempts: 100 },
    },
  });
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: 'Main Yard' });
  site = await createLocation(t.db, {
    type: 'FIELD',
    name: 'Baustelle Müller Schule',
    address: 'Schulstraße 4, Köln',
    customerName: 'Müller Bau GmbH',
    customerEmail: ` ${CUSTOMER} `,
  });
  bare = await createLocation(t.db, { type: 'FIELD', name: 'Baustelle ohne Kunde' });
  const manager = await createUser(t.db, { locationId: site.id });
  siteManager = (await loginAs(t.app, manager.email)).headers;

  const tube = await material(yard.id, TUBE, 200);
  const made = await rent(site.id, tube, 63);
  rentalId = made.id;
  tubeItem = made.items[0]!.id;
  await rent(bare.id, tube, 20);
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /locations/:id/on-hire/send', () => {
  it('queues the statement as of now to the customer, and the mail carries that PDF even after the ledger changed', async () => {
    // The customer's server says "later" at first: the mail waits in the outbox meanwhile.
    held.add(CUSTOMER);
    const response = await call('POST', `/locations/${site.id}/on-hire/send`, admin());
    expect(response.statusCode, response.body).toBe(202);
    const answer = response.json();
    expect(answer.message).toBe(ON_HIRE_MESSAGES.emailed);
    expect(answer.data).toEqual({
      to: CUSTOMER,
      asOf: todayOf(),
      fileName: `on-hire-baustelle-muller-schule-${todayOf()}.pdf`,
    });

    // One mail in the outbox, its PDF stored with it.
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, CUSTOMER));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.subject).toBe(
      `Stockyard: On-hire statement: Baustelle Müller Schule, ${isoToDisplayDate(todayOf())}`,
    );
    expect(row!.userId).toBeNull();
    expect(row!.movementNoteId).toBeNull();
    expect(row!.attachmentName).toBe(answer.data.fileName);
    expect(row!.attachment!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(row!.body).toContain('For Müller Bau GmbH.');
    expect(row!.body).toContain(`The statement is attached as ${answer.data.fileName}.`);
    expect(row!.body).toContain(`Sent by ${actors.admin.user.name} from Stockyard.`);

    // The send is in the activity log, the site's.
    const logged = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'EMAIL_ON_HIRE_STATEMENT'),
          eq(activityLogs.locationId, site.id),
        ),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      userId: actors.admin.user.id,
      entityType: 'location',
      entityId: String(site.id),
      description: `On-hire statement of Baustelle Müller Schule e-mailed to ${CUSTOMER}`,
      details: { to: CUSTOMER, asOf: todayOf(), lines: 1, fileName: answer.data.fileName },
    });

    // Tried and refused; meanwhile 13 tubes come back: 50 are on hire now.
    await eventually(() => {
      if (!smtp.offered.get(CUSTOMER)) throw new Error('not tried yet');
    });
    const back = await call('POST', `/material-rentals/${rentalId}/returns`, admin(), {
      rentalItemId: tubeItem,
      returnedQuantity: 13,
    });
    expect(back.statusCode, back.body).toBe(201);
    expect((await statement(site.id)).lines.map((line) => line.out)).toEqual([50]);
    held.delete(CUSTOMER);

    // The customer gets the statement as it was sent: 63 on hire.
    const mail = await eventually(() => {
      const found = smtp.inbox.find((m) => m.to.includes(CUSTOMER));
      if (!found) throw new Error('not yet');
      return found;
    });
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(row!.subject);
    expect(parsed.attachments).toHaveLength(1);
    const [pdf] = parsed.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(answer.data.fileName);
    expect(pdf!.content.equals(row!.attachment!)).toBe(true);
    const text = flat(pdfText(pdf!.content));
    expect(text).toContain('On-hire statement: Baustelle Müller Schule');
    expect(text).toContain('Customer: Müller Bau GmbH');
    expect(text).toContain('Gerüst Stahlrohr');
    expect(text).toContain(`#${rentalId} from`);
    expect(text).toContain('63 Each');
    expect(text).not.toContain('50 Each');
    expect(text).toContain('Hire so far');
    await eventually(async () => {
      const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
      if (!sent!.sentAt) throw new Error('not marked sent yet');
    });
  });

  it("refuses a field manager, even their own site's (403), and answers 404 for no such location", async () => {
    const before = await snapshot(site.id);
    const refused = await call('POST', `/locations/${site.id}/on-hire/send`, siteManager);
    expect(refused.statusCode, refused.body).toBe(403);
    const other = await call('POST', `/locations/${site.id}/on-hire/send`, actors.manager.headers);
    expect(other.statusCode, other.body).toBe(403);
    const missing = await call('POST', '/locations/987654/on-hire/send', admin());
    expect(missing.statusCode, missing.body).toBe(404);
    expect(await snapshot(site.id)).toEqual(before);
  });

  it('refuses a site without a customer e-mail (409, said plainly), and queues, logs and changes nothing', async () => {
    const before = await snapshot(bare.id);
    expect(before.statement.lines).toHaveLength(1);
    const response = await call('POST', `/locations/${bare.id}/on-hire/send`, admin());
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(ON_HIRE_MESSAGES.noCustomerEmail);
    expect(await snapshot(bare.id)).toEqual(before);
  });
});
