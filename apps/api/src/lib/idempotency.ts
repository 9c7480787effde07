import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import { IDEMPOTENCY_KEY_LIFETIME_HOURS } from '@stockyard/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/**
 * Idempotency keys (decision 019): the key of a write, taken in the transaction of its change so
 * that the change and the key commit together or not at all, and the answer stored once sent.
 */

export type KeyedRequest = {
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  /**
   * open: no transaction has taken the key yet; taking: one is taking it now; taken: a committed
   * transaction took it (the request changed something); done: answered, nothing takes it any more.
   */
  state: 'open' | 'taking' | 'taken' | 'done';
};

export type StoredKey = typeof idempotencyKeys.$inferSelect;

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

/** The oldest time of a live key: older ones are gone, and a request sent with one is new. */
const alive = () => sql.raw(`now() - interval '${IDEMPOTENCY_KEY_LIFETIME_HOURS} hours'`);

/** Writes the key's row in `tx`; the key of another request makes it throw KeyTakenError. */
async function insertKey(tx: DbExecutor, request: KeyedRequest): Promise<void> {
  const fields = {
    userId: request.userId,
    key: request.key,
    method: request.method,
    path: request.path,
    requestHash: request.requestHash,
  };
  const rows = await tx
    .insert(idempotencyKeys)
    .values(fields)
    // A row past its lifetime (not yet pruned) is taken over: the request is a new one. A live
    // row's transaction, if still open, is waited for here by the unique index.
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { ...fields, statusCode: null, responseBody: null, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, alive()),
    })
    .returning({ key: idempotencyKeys.key });
  if (rows.length === 0) throw new KeyTakenError();
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
    take: (tx) => insertKey(tx, request),
    settle: (committed) => {
      if (request.state === 'taking') request.state = committed ? 'taken' : 'open';
    },
  };
}

/** The key's live row, if any. */
export async function findKey(
  db: DbExecutor,
  userId: number,
  key: string,
): Promise<StoredKey | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        gte(idempotencyKeys.createdAt, alive()),
      ),
    );
  return row ?? null;
}

/** The answer of a request whose transaction took the key. */
export async function storeAnswer(
  db: DbExecutor,
  request: KeyedRequest,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, responseBody })
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
}

/**
 * The key and answer of a request that changed nothing in a transaction of its own (marking a
 * notification read): written after the fact, unless another request wrote it meanwhile.
 */
export async function insertAnswered(
  db: DbExecutor,
  request: KeyedRequest,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  const fields = {
    userId: request.userId,
    key: request.key,
    method: request.method,
    path: request.path,
    requestHash: request.requestHash,
    statusCode,
    responseBody,
  };
  await db
    .insert(idempotencyKeys)
    .values(fields)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { ...fields, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, alive()),
    });
}

/** Deletes the keys past their lifetime; answers how many. */
export async function pruneKeys(db: DbExecutor): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, alive()))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** JSON with every object's keys in order, so that one body has one text whatever its key order. */
export function canonicalJson(value: unknown): string {
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
