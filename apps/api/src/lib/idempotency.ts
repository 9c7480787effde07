import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, createHmac } from 'node:crypto';
import type { DbExecutor } from '../db/client';
import { insertKey, type RequestKey } from './idempotency.repository';

/**
 * Idempotency keys (decision 019): the key of a write, taken in the transaction of its change so
 * that the change and the key commit together or not at all, and the answer stored once sent.
 */

export type KeyedRequest = RequestKey & {
  /**
   * open: no transaction has taken the key yet; taking: one is taking it now; taken: a committed
   * transaction took it (the request changed something); done: answered, nothing takes it any more.
   */
  state: 'open' | 'taking' | 'taken' | 'done';
};

/** The key is another request's: it committed first (or was sent before this one). */
export class KeyTakenError extends Error {
  constructor() {
    super('The Idempotency-Key was taken by another request');
  }
}

const keyedRequests = new AsyncLocalStorage<KeyedRequest>();

/** Runs a route's handler with its request's key, for `inTransaction` to take. */
export function withRequestKey<T>(request: KeyedRequest, work: () => T): T {
  return keyedRequests.run(request, work);
}

/**
 * The request's key for the transaction about to begin, or null: none sent, or already taken
 * (or being taken) by another transaction of this request. `take` runs first in the
 * transaction; `settle` says whether it committed.
 */
export function requestKeyToTake(): {
  take: (tx: DbExecutor) => Promise<void>;
  settle: (committed: boolean) => void;
} | null {
  const request = keyedRequests.getStore();
  if (request?.state !== 'open') return null;
  request.state = 'taking';
  return {
    take: async (tx) => {
      if (!(await insertKey(tx, request))) throw new KeyTakenError();
    },
    settle: (committed) => {
      if (request.state === 'taking') request.state = committed ? 'taken' : 'open';
    },
  };
}

/** JSON with every object's keys in order, so that one body has one text whatever its key order. */
function canonicalJson(value: unknown): string {
  // An uploaded file (lib/upload.ts) by its digest: its bytes as a JSON array took 2 s for 5 MB.
  if (value instanceof Uint8Array) {
    return `{"sha256":"${createHash('sha256').update(value).digest('hex')}"}`;
  }
  const json =
    value !== null && typeof value === 'object' && 'toJSON' in value
      ? (value as { toJSON: () => unknown }).toJSON()
      : value;
  if (Array.isArray(json)) return `[${json.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (json !== null && typeof json === 'object') {
    const entries = Object.entries(json)
      .filter(([, item]) => item !== undefined && typeof item !== 'function')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(json) ?? 'null';
}

/**
 * What identifies a request's body: an HMAC-SHA256 of its canonical JSON under the server's
 * secret, so that the table holds nothing from which a body (a password) could be guessed.
 */
export function requestHashOf(secret: Uint8Array, body: unknown): string {
  return createHmac('sha256', secret)
    .update('idempotency-key\n')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}
