import nodemailer, { type Transporter } from 'nodemailer';

/** Where e-mail goes: the SMTP server of SMTP_URL, sent as MAIL_FROM (decision 013). */
export type MailSettings = { url: string; from: string };

export type Mailer = {
  from: string;
  /** `messageId`: the Message-ID header, `<...@...>`; nodemailer makes one when it is absent. */
  send: (message: {
    to: string;
    subject: string;
    text: string;
    messageId?: string;
  }) => Promise<void>;
  close: () => void;
};

/** A nodemailer transport to SMTP_URL; one connection attempt waits at most 10 s. */
export function createMailer(settings: MailSettings): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    from: settings.from,
    send: async ({ to, subject, text, messageId }) => {
      await transport.sendMail({ from: settings.from, to, subject, text, messageId });
    },
    close: () => transport.close(),
  };
}
