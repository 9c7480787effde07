import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { admin, apiCall, apiLogin, expect, type Seed, signIn, test, unique } from '../fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config';

/**
 * An admin e-mails a site's on-hire statement to its customer from the inventory (decision 064).
 * The suite's server has no SMTP_URL, so this file starts a server of its own (the built app, its
 * own data directory) whose mail goes to an SMTP sink run here, and reads the PDF back from the
 * mail received.
 */

type Mailing = { url: string; mails: string[] };

/** A free port on this machine, as the system gives one. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The least SMTP server that takes every mail (no TLS, no auth): each message's raw text. */
async function smtpSink(mails: string[]): Promise<net.Server> {
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const verb = buffer.slice(0, eol).slice(0, 4).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

async function healthy(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const ok = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} in ${timeoutMs} ms`);
}

/** The PDF a raw mail carries, base64 as nodemailer writes it. */
function pdfOf(raw: string): Buffer {
  const part = /Content-Type: application\/pdf\b[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  if (!part) throw new Error('no PDF attached');
  return Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64');
}

const mailTest = test.extend<object, { mailing: Mailing }>({
  mailing: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const mails: string[] = [];
      const sink = await smtpSink(mails);
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockyard-e2e-mail-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${(sink.address() as net.AddressInfo).port}`,
      };
      delete env.DATABASE_URL;
      const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let said = '';
      server.stderr?.on('data', (chunk: Buffer) => {
        said += chunk.toString('utf8');
      });
      const url = `http://127.0.0.1:${port}`;
      try {
        await healthy(url, server, 90_000).catch((error: Error) => {
          throw new Error(`${error.message}\n${said}`);
        });
        await use({ url, mails });
      } finally {
        if (server.exitCode === null) {
          server.kill('SIGTERM');
          await once(server, 'exit');
        }
        await new Promise((resolve) => sink.close(resolve));
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ mailing }, use) => use(mailing.url),
});

type Created = { data: { id: number; items: { id: number }[] } };

/** A site with 70 tubes on hire, sent from a yard nine days ago. */
async function siteWithHire(
  request: APIRequestContext,
  seed: Seed,
  customer: { customerName?: string; customerEmail?: string },
) {
  const { token } = await apiLogin(request, admin);
  const yard = await seed.location({ name: unique('Main Yard') });
  const site = await seed.location({
    name: unique('Baustelle Schule'),
    type: 'FIELD',
    ...customer,
  });
  const name = unique('Steel tube 3 m');
  const tube = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
    name,
    locationId: yard.id,
    quantity: 100,
    unit: 'EACH',
  });
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const rental = await apiCall<Created>(request, token, 'POST', '/api/material-rentals', {
    fromLocationId: yard.id,
    toLocationId: site.id,
    rentalDate: day(-9),
    expectedReturnDate: day(18),
    items: [{ materialId: tube.data.id, quantity: 70, unit: 'EACH' }],
  });
  return { site, name, rentalId: rental.data.id };
}

mailTest.describe('the on-hire statement sent to the customer', () => {
  // One worker runs both, in order: one server of its own, not one in each worker.
  mailTest.describe.configure({ mode: 'default' });

  mailTest(
    "an admin sends a site's statement from the inventory; the customer's mail carries its PDF",
    async ({ page, request, seed, mailing }) => {
      const email = `${unique('buero').replaceAll(' ', '.').toLowerCase()}@example.com`;
      const { site, name, rentalId } = await siteWithHire(request, seed, {
        customerName: 'Müller Bau GmbH',
        customerEmail: email,
      });

      await signIn(page, admin);
      await page.goto(`/inventory?location=${site.id}`);
      const onHire = page.getByRole('table', { name: `On hire at ${site.name}` });
      await expect(onHire.getByRole('row').filter({ hasText: name })).toContainText('70 Each');

      await page.getByRole('button', { name: 'Send to customer' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Send the on-hire statement?' });
      await expect(dialog).toContainText(`Müller Bau GmbH <${email}>`);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(
        page.getByText(`The on-hire statement of ${site.name} is being sent to ${email}.`),
      ).toBeVisible();
      await expect(dialog).toBeHidden();

      // The mail the customer gets, its PDF read back.
      await expect
        .poll(() => mailing.mails.filter((raw) => raw.includes(`To: ${email}`)).length)
        .toBe(1);
      const raw = mailing.mails.find((mail) => mail.includes(`To: ${email}`))!;
      expect(raw).toContain(`Subject: Stockyard: On-hire statement:`);
      const pdf = pdfOf(raw);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const file = path.join(os.tmpdir(), `${unique('on-hire').replaceAll(' ', '-')}.pdf`);
      fs.writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      fs.rmSync(file, { force: true });
      expect(text).toContain(`On-hire statement: ${site.name}`);
      expect(text).toContain('Customer: Müller Bau GmbH');
      expect(text).toContain('70 Each');
      expect(text).toContain(`#${rentalId} from`);
      expect(text).toContain('Hire so far');
    },
  );

  mailTest(
    'without a customer e-mail the button is off and says why; a field manager has none',
    async ({ page, request, seed, browser, mailing }) => {
      const { site } = await siteWithHire(request, seed, {});
      await signIn(page, admin);
      await page.goto(`/inventory?location=${site.id}`);
      const send = page.getByRole('button', { name: 'Send to customer' });
      await expect(send).toBeDisabled();
      await expect(send).toHaveAccessibleDescription(
        "Add the customer's e-mail to this location to send it.",
      );

      const manager = await seed.fieldManager(site.id);
      const theirs = await browser.newContext({ baseURL: mailing.url });
      const managerPage = await theirs.newPage();
      await signIn(managerPage, manager);
      await managerPage.goto('/inventory');
      await expect(
        managerPage.getByRole('table', { name: `On hire at ${site.name}` }),
      ).toBeVisible();
      await expect(
        managerPage.getByRole('button', { name: 'On-hire statement (PDF)' }),
      ).toBeVisible();
      await expect(managerPage.getByRole('button', { name: 'Send to customer' })).toHaveCount(0);
      await theirs.close();
    },
  );
});
