import { useSyncExternalStore } from 'react';
import { ApiError, api, newIdempotencyKey } from '../api-client';
import { outboxStore } from './device-db';
import {
  createOutbox,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxKind,
  outcomeOfFailure,
  type SendOutcome,
} from './outbox';

/** What a sent write changed, for the screens to read again (set by the shell). */
let afterSent: (entry: OutboxEntry) => void = () => {};

export function onOutboxSent(listener: (entry: OutboxEntry) => void): void {
  afterSent = listener;
}

async function sendWrite(entry: OutboxEntry): Promise<SendOutcome> {
  const { method, path, body } = entry.write;
  const options = { silent: true, idempotencyKey: entry.key };
  try {
    if (method === 'POST') await api.post(path, body, options);
    else if (method === 'PUT') await api.put(path, body, options);
    else await api.patch(path, body, options);
    return { kind: 'sent' };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'retry' };
    const fields = error.errors.map((field) => field.message).filter(Boolean);
    const message = [error.message, ...fields.filter((text) => text !== error.message)].join(' ');
    return outcomeOfFailure(error.status, error.code, message);
  }
}

/** The device's one outbox, of the signed-in user (the shell opens it). */
export const outbox = createOutbox({
  store: outboxStore,
  send: sendWrite,
  onSent: (entry) => afterSent(entry),
});

const isOnline = () => navigator.onLine;

/** Whether the browser says it has a connection, following its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore((listener) => {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  }, isOnline);
}

/** The outbox's entries (all, or of one kind), following every change. */
export function useOutbox(kind?: OutboxKind): OutboxEntry[] {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.entries);
  return kind ? entries.filter((entry) => entry.preview.kind === kind) : entries;
}

/** The toast of a write kept in the outbox. */
export const KEPT_ON_DEVICE = {
  title: 'Saved on this device',
  description: 'No connection: it is in the Outbox and will be sent when the connection is back.',
} as const;

export type SentOrKept<T> = { kept: false; answer: T } | { kept: true; entry: OutboxEntry };

/**
 * Sends a write that may wait on the device: without a connection, or with writes still waiting
 * before it (the order holds), it goes into the outbox; a send that gets no answer goes there too,
 * with the key it was sent with, so that the server does it once whichever copy arrives. A refusal
 * from the server comes back to the form as an ApiError, as any write's does.
 */
export async function sendOrKeep<T>(write: Omit<NewOutboxEntry, 'key'>): Promise<SentOrKept<T>> {
  const key = newIdempotencyKey();
  const waiting = outbox.entries().some((entry) => entry.state === 'pending');
  if (!navigator.onLine || waiting) {
    const entry = await outbox.add({ ...write, key });
    if (navigator.onLine) void outbox.flush();
    return { kept: true, entry };
  }
  const { method, path, body } = write.write;
  const options = { silent: true, idempotencyKey: key };
  try {
    const answer =
      method === 'POST'
        ? await api.post<T>(path, body, options)
        : method === 'PUT'
          ? await api.put<T>(path, body, options)
          : await api.patch<T>(path, body, options);
    return { kept: false, answer };
  } catch (error) {
    if (error instanceof ApiError && error.status === undefined) {
      const entry = await outbox.add({ ...write, key });
      void outbox.flush();
      return { kept: true, entry };
    }
    throw error;
  }
}
