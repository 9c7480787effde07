import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxEntry, OutboxStore } from './outbox';

/** One answer of the API kept on the device: a query of the working set, as TanStack Query keys it. */
export type KeptQuery = {
  userId: number;
  queryHash: string;
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
  /** A write made it out of date after it was fetched: shown offline, read again online. */
  stale?: true;
};

type DeviceSchema = DBSchema & {
  outbox: { key: string; value: OutboxEntry; indexes: { userId: number } };
  queries: { key: [number, string]; value: KeptQuery; indexes: { userId: number } };
  meta: { key: string; value: { key: string; value: number } };
};

const DB_NAME = 'stockyard-device';
/** Who the device's copy belongs to; another user's sign-in wipes it first. */
const OWNER = 'owner';
const syncedKey = (userId: number) => `synced:${userId}`;
/** The server's time of the last whole read of the rentals' returns. */
const rentalsAsOfKey = (userId: number) => `rentals-as-of:${userId}`;

let opened: Promise<IDBPDatabase<DeviceSchema>> | null = null;

function db(): Promise<IDBPDatabase<DeviceSchema>> {
  opened ??= openDB<DeviceSchema>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('outbox', { keyPath: 'key' }).createIndex('userId', 'userId');
      database
        .createObjectStore('queries', { keyPath: ['userId', 'queryHash'] })
        .createIndex('userId', 'userId');
      database.createObjectStore('meta', { keyPath: 'key' });
    },
  });
  return opened;
}

/** Empties the device's copy and outbox, whoever they belonged to. */
export async function wipeDevice(): Promise<void> {
  const database = await db();
  const tx = database.transaction(['outbox', 'queries', 'meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('outbox').clear(),
    tx.objectStore('queries').clear(),
    tx.objectStore('meta').clear(),
    tx.done,
  ]);
}

/** Makes the device `userId`'s: another user's copy and outbox are wiped first. */
export async function claimDevice(userId: number): Promise<void> {
  const database = await db();
  const owner = await database.get('meta', OWNER);
  if (owner && owner.value !== userId) await wipeDevice();
  await database.put('meta', { key: OWNER, value: userId });
}

export const outboxStore: OutboxStore = {
  async list(userId) {
    const entries = await (await db()).getAllFromIndex('outbox', 'userId', userId);
    return entries.sort((a, b) => a.seq - b.seq);
  },
  async put(entry) {
    await (await db()).put('outbox', entry);
  },
  async remove(key) {
    await (await db()).delete('outbox', key);
  },
};

/** The most queries kept per user; the oldest go first. */
const QUERIES_KEPT = 300;

export async function keepQueries(entries: KeptQuery[]): Promise<void> {
  if (entries.length === 0) return;
  const database = await db();
  const tx = database.transaction('queries', 'readwrite');
  await Promise.all([...entries.map((entry) => tx.store.put(entry)), tx.done]);
  await pruneQueries(entries[0]!.userId);
}

/** The oldest of a user's kept queries go past `QUERIES_KEPT`. */
async function pruneQueries(userId: number): Promise<void> {
  const database = await db();
  const kept = await database.getAllFromIndex('queries', 'userId', userId);
  if (kept.length > QUERIES_KEPT) {
    const oldest = kept
      .sort((a, b) => a.updatedAt - b.updatedAt)
      .slice(0, kept.length - QUERIES_KEPT);
    const prune = database.transaction('queries', 'readwrite');
    await Promise.all([
      ...oldest.map((entry) => prune.store.delete([entry.userId, entry.queryHash])),
      prune.done,
    ]);
  }
}

export async function keptQueries(userId: number): Promise<KeptQuery[]> {
  return (await db()).getAllFromIndex('queries', 'userId', userId);
}

/** When the working set was last fetched whole, in ms since the epoch; null if never. */
export async function syncedAt(userId: number): Promise<number | null> {
  return (await (await db()).get('meta', syncedKey(userId)))?.value ?? null;
}

/** The device's owner, if any: the user whose copy and outbox it holds. */
export async function deviceOwner(): Promise<number | null> {
  return (await (await db()).get('meta', OWNER))?.value ?? null;
}

/** The hashes of the queries kept for the user. */
export async function keptQueryHashes(userId: number): Promise<Set<string>> {
  const keys = await (await db()).getAllKeysFromIndex('queries', 'userId', userId);
  return new Set(keys.map(([, queryHash]) => queryHash));
}

export async function rentalsReadAt(userId: number): Promise<number | null> {
  return (await (await db()).get('meta', rentalsAsOfKey(userId)))?.value ?? null;
}

/**
 * The working set fetched by the device's worker, in one transaction with the time
 * of the whole sync and of the rentals' read: written only while the device is still the user's
 * (a sign-out or another user's sign-in meanwhile wipes it). Answers whether it was written.
 */
export async function keepWorkingSet(
  userId: number,
  entries: KeptQuery[],
  marks: { syncedAt: number | null; rentalsAsOf: number | null },
): Promise<boolean> {
  const database = await db();
  const tx = database.transaction(['queries', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  if ((await meta.get(OWNER))?.value !== userId) {
    tx.abort();
    await tx.done.catch(() => undefined);
    return false;
  }
  const queries = tx.objectStore('queries');
  const writes: Promise<unknown>[] = entries.map((entry) => queries.put(entry));
  if (marks.syncedAt !== null) {
    writes.push(meta.put({ key: syncedKey(userId), value: marks.syncedAt }));
  }
  if (marks.rentalsAsOf !== null) {
    writes.push(meta.put({ key: rentalsAsOfKey(userId), value: marks.rentalsAsOf }));
  }
  await Promise.all([...writes, tx.done]);
  await pruneQueries(userId);
  return true;
}
