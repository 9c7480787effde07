import { IDEMPOTENCY_KEY_LIFETIME_HOURS } from '@stockyard/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { prepared } from './prepared';

/** The rows of the Idempotency-Keys. */

export type StoredKey = typeof idempotencyKeys.$inferSelect;

/**
 * What a request sent with a key is: user, key, method, URL, body hash, and the location its user
 * was limited to (null: an admin).
 */
export type RequestKey = Pick<
  StoredKey,
  'userId' | 'key' | 'method' | 'path' | 'requestHash' | 'scopeLocationId'
>;

/** The oldest time of a live key: older ones are gone, and a request sent with one is new. */
const alive = () => sql.raw(`now() - interval '${IDEMPOTENCY_KEY_LIFETIME_HOURS} hours'`);

const p = sql.placeholder;

/** Writes the key's row in `tx`; false when the key is another request's. */
export async function insertKey(tx: DbExecutor, request: RequestKey): Promise<boolean> {
  // Every write takes its key first, so it is a named statement.
  const statement = prepared(tx, 'idempotency_key_take', (d, name) => {
    const fields = {
      userId: p('userId'),
      key: p('key'),
      method: p('method'),
      path: p('path'),
      requestHash: p('requestHash'),
      scopeLocationId: p('scopeLocationId'),
    };
    return (
      d
        .insert(idempotencyKeys)
        .values(fields)
        // A row past its lifetime (not yet pruned) is taken over: the request is a new one. A
        // live row's transaction, if still open, is waited for here by the unique index.
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: {
            method: sql`excluded.method`,
            path: sql`excluded.path`,
            requestHash: sql`excluded.request_hash`,
            scopeLocationId: sql`excluded.scope_location_id`,
            statusCode: sql`null`,
            responseBody: sql`null`,
            createdAt: sql`now()`,
          },
          setWhere: lt(idempotencyKeys.createdAt, alive()),
        })
        .returning({ key: idempotencyKeys.key })
        .prepare(name)
    );
  });
  const rows = await statement.execute({
    userId: request.userId,
    key: request.key,
    method: request.method,
    path: request.path,
    requestHash: request.requestHash,
    scopeLocationId: request.scopeLocationId,
  });
  return rows.length > 0;
}

/** The key's live row, if any. */
export async function findKey(
  db: DbExecutor,
  userId: number,
  key: string,
): Promise<StoredKey | null> {
  // Every write sent with a key looks for it first, so it is a named statement.
  const statement = prepared(db, 'idempotency_key_find', (d, name) =>
    d
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, p('userId')),
          eq(idempotencyKeys.key, p('key')),
          gte(idempotencyKeys.createdAt, alive()),
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute({ userId, key });
  return row ?? null;
}

/** The answer of a request whose transaction took the key. */
export async function storeAnswer(
  db: DbExecutor,
  request: RequestKey,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  const statement = prepared(db, 'idempotency_key_answer', (d, name) =>
    d
      .update(idempotencyKeys)
      .set({ statusCode: sql`${p('statusCode')}`, responseBody: sql`${p('responseBody')}` })
      .where(and(eq(idempotencyKeys.userId, p('userId')), eq(idempotencyKeys.key, p('key'))))
      .prepare(name),
  );
  await statement.execute({
    statusCode,
    responseBody,
    userId: request.userId,
    key: request.key,
  });
}

/**
 * The key and answer of a request that changed nothing in a transaction of its own (marking a
 * notification read): written after the fact, unless another request wrote it meanwhile.
 */
export async function insertAnswered(
  db: DbExecutor,
  request: RequestKey,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  const fields = {
    userId: request.userId,
    key: request.key,
    method: request.method,
    path: request.path,
    requestHash: request.requestHash,
    scopeLocationId: request.scopeLocationId,
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
