import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it: the envelope's recipients and the raw text, unparsed. */
type Received = { to: string[]; raw: string };

type SinkOptions = {
  /** An SMTP error for a recipient the server should refuse (e.g. 550, 451); undefined accepts. */
  refuse?: (address: string) => { responseCode: number; message: string } | undefined;
  /** Run while a mail is being received, before the server accepts it. */
  whileReceiving?: (to: string[]) => Promise<void>;
};

/**
 * A real SMTP server on a free local port, so mail goes out through nodemailer exactly as in
 * production and tests read what arrived. Tests parse `raw` themselves (mailparser), as a mail
 * client does, rather than trusting the code that wrote it.
 */
export async function startSmtpSink(options: SinkOptions = {}) {
  const inbox: Received[] = [];
  /** How many times each recipient was offered, refused offers included. */
  const offered = new Map<string, number>();
  let server: SMTPServer;

  async function listen(onPort: number): Promise<number> {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        offered.set(address.address, (offered.get(address.address) ?? 0) + 1);
        const refusal = options.refuse?.(address.address);
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          await options.whileReceiving?.(to);
          inbox.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    server.listen(onPort, '127.0.0.1');
    await once(server.server, 'listening');
    return (server.server.address() as AddressInfo).port;
  }

  const port = await listen(0);
  return {
    inbox,
    offered,
    /** Where createMailer sends to. */
    url: `smtp://127.0.0.1:${port}`,
    /** Stops listening: sending fails as with a mail server that is down. */
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Listens again on the same port (the mailer's URL stays right); the inbox is kept. */
    reopen: async () => {
      await listen(port);
    },
  };
}
