import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer } from '../../context';
import { htmlOf } from './email-message';

/**
 * Where e-mail goes: the SMTP server of SMTP_URL, sent as MAIL_FROM; `publicUrl` is
 * the app's address (PUBLIC_URL) that the mails link to.
 */
export type MailSettings = { url: string; from: string; publicUrl: string };

export type { MailAttachment, Mailer } from '../../context';

/**
 * A nodemailer transport to SMTP_URL; one connection attempt waits at most 10 s. Every mail goes
 * as text and as HTML made from it (its links clickable), marked as sent by a machine
 * (`Auto-Submitted: auto-generated`, RFC 3834), so that no auto-reply answers it.
 */
export function createMailer(settings: MailSettings): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    from: settings.from,
    publicUrl: settings.publicUrl,
    send: async ({ to, subject, text, messageId, attachments }) => {
      await transport.sendMail({
        from: settings.from,
        to,
        subject,
        text,
        html: htmlOf(text),
        messageId,
        headers: { 'Auto-Submitted': 'auto-generated' },
        ...(attachments?.length ? { attachments } : {}),
      });
    },
    close: () => transport.close(),
  };
}
