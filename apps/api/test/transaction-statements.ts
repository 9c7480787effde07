import pg from 'pg';
import { expect } from 'vitest';

type Sent = { client: pg.Client; text: string };
let sent: Sent[] | null = null;
let recording = false;

/** Every query a pg client sends is noted while `sent` is a list (once a test process). */
function record(): void {
  if (recording) return;
  recording = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    sent?.push({ client: this, text: typeof first === 'string' ? first : (first?.text ?? '') });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

/** The statements between the first BEGIN and its COMMIT, on that transaction's connection. */
function inTransaction(log: Sent[]): string[] {
  const begin = log.findIndex((entry) => entry.text === 'begin');
  expect(begin).toBeGreaterThanOrEqual(0);
  const own = log.slice(begin + 1).filter((entry) => entry.client === log[begin]!.client);
  const commit = own.findIndex((entry) => entry.text === 'commit');
  expect(commit).toBeGreaterThan(0);
  return own.slice(0, commit).map((entry) => entry.text.replace(/\s+/g, ' ').trim());
}

/**
 * What `write` answers, and the statements it sends in the transaction it opens (whitespace
 * folded): what the statements tests hold a write's round trips to.
 */
export async function statementsOf<T>(
  write: () => Promise<T>,
): Promise<{ value: T; statements: string[] }> {
  record();
  sent = [];
  try {
    const value = await write();
    return { value, statements: inTransaction(sent) };
  } finally {
    sent = null;
  }
}
