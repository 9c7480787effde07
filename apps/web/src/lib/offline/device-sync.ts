import type { ApiSuccess, RentalReturnDto, RentalsWithReturnsDto } from '@stockyard/shared';
import type { KeptQuery } from './device-db';

/**
 * The device's copy of a field manager's working set, fetched and written by a worker (decision
 * 057, after 041): one call per kind, the rentals with their returns in one, and of the returns
 * only the rentals changed since the last read. Nothing here touches the page (no window, no
 * React, nothing of @stockyard/shared but types): it runs in `device-sync.worker.ts`.
 */

/** One kind of the working set: a screen's query, read whole in one call. */
export type PlannedRead = {
  /** The screen's query key and its hash, as TanStack Query keys the answer. */
  queryKey: readonly unknown[];
  queryHash: string;
  /** Under /api, with its query, as the screen's own call asks it. */
  path: string;
  query: Record<string, string | number>;
  /** The screen keeps the answer's `data` alone (true) or the whole envelope (false). */
  unwrap: boolean;
};

/** The rentals to the user's site, with their returns (GET /api/material-rentals/returns). */
export type PlannedRentals = {
  /** The list's query as the rentals page's first page asks it, its key and hash. */
  query: Record<string, string | number>;
  listKey: readonly unknown[];
  listHash: string;
  /** A rental's returns are kept under this key and the rental's id (the history's query). */
  returnsKey: readonly unknown[];
};

/** What the page asks the worker. */
export type SyncRequest = {
  userId: number;
  token: string;
  reads: PlannedRead[];
  rentals: PlannedRentals | null;
  timeoutMs: number;
};

/** What the worker answers: whether every part came (`whole`), when, and the calls it made. */
export type SyncAnswer =
  | { ok: true; whole: boolean; at: number; calls: number }
  | { ok: false; reason: string };

/** How the copy is kept: the device's database (device-db.ts), or a map in the tests. */
export type SyncStore = {
  /** The device's owner (another user's sign-in wipes it); null when none. */
  owner(): Promise<number | null>;
  /** The hashes of the queries kept for the user. */
  keptHashes(userId: number): Promise<Set<string>>;
  /** The server's time of the last whole read of the rentals' returns (ms), if any. */
  rentalsAsOf(userId: number): Promise<number | null>;
  /**
   * Writes the answers in one transaction, with the time of a whole sync and of the rentals' read
   * when there is one; refused (false) if the device is no longer the user's.
   */
  write(
    userId: number,
    entries: KeptQuery[],
    marks: { syncedAt: number | null; rentalsAsOf: number | null },
  ): Promise<boolean>;
};

/**
 * Asked for the changes since the last read, the server compares with the rentals' updatedAt;
 * a write committed after that read but begun before it carries an earlier time. Asking from a
 * minute before catches those (a rental read twice costs a few rows).
 */
export const SINCE_MARGIN_MS = 60_000;

/** TanStack Query's hash of a key (`hashKey`): JSON with each plain object's keys sorted. */
export function hashQueryKey(queryKey: readonly unknown[]): string {
  return JSON.stringify(queryKey, (_, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, (value as Record<string, unknown>)[key]]),
        )
      : value,
  );
}

class Refused extends Error {
  constructor(readonly status: number) {
    super(`The server answered ${status}`);
  }
}

/**
 * Fetches the working set planned by the page and writes it on the device in one transaction;
 * `fetcher` is the worker's fetch. A kind that fails leaves what the device had of it, and the
 * sync is then not whole; a 401 ends it (the page's own calls sign the user out).
 */
export async function syncDevice(
  request: SyncRequest,
  store: SyncStore,
  fetcher: typeof fetch,
  now: () => number = Date.now,
): Promise<SyncAnswer> {
  if ((await store.owner()) !== request.userId) return { ok: false, reason: 'not-owner' };
  let calls = 0;
  const get = async <T>(path: string, query: Record<string, string | number>): Promise<T> => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    ).toString();
    calls += 1;
    const response = await fetcher(`/api${path}${search ? `?${search}` : ''}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${request.token}` },
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    if (!response.ok) throw new Refused(response.status);
    return (await response.json()) as T;
  };

  const entries: KeptQuery[] = [];
  const keep = (queryKey: readonly unknown[], queryHash: string, data: unknown) =>
    entries.push({ userId: request.userId, queryKey, queryHash, data, updatedAt: now() });

  const reads = request.reads.map(async (read) => {
    const answer = await get<ApiSuccess<unknown>>(read.path, read.query);
    keep(read.queryKey, read.queryHash, read.unwrap ? answer.data : answer);
  });
  const rentals = request.rentals
    ? readRentals(request.userId, request.rentals, store, get, keep)
    : Promise.resolve(null);
  const [rentalsRead, ...settled] = await Promise.allSettled([rentals, ...reads]);
  const parts = [rentalsRead!, ...settled];
  const signedOut = parts.some(
    (part) =>
      part.status === 'rejected' && part.reason instanceof Refused && part.reason.status === 401,
  );
  if (signedOut) return { ok: false, reason: 'signed-out' };
  const whole = parts.every((part) => part.status === 'fulfilled');
  const at = now();
  const asOf = rentalsRead!.status === 'fulfilled' ? rentalsRead!.value : null;
  const written = await store.write(request.userId, entries, {
    syncedAt: whole ? at : null,
    rentalsAsOf: asOf,
  });
  if (!written) return { ok: false, reason: 'not-owner' };
  return { ok: true, whole, at, calls };
}

/**
 * The first page of the rentals with their returns, in one call: since the last read when the
 * device has one (the returns of the rentals unchanged since then are kept), else whole. A rental
 * on the page whose returns the device lacks (a newer one pruned them, a deleted rental brought
 * an older one onto the page) has the page read again whole. Answers the server's `asOf`.
 */
async function readRentals(
  userId: number,
  planned: PlannedRentals,
  store: SyncStore,
  get: <T>(path: string, query: Record<string, string | number>) => Promise<T>,
  keep: (queryKey: readonly unknown[], queryHash: string, data: unknown) => void,
): Promise<number> {
  const [asOf, kept] = await Promise.all([store.rentalsAsOf(userId), store.keptHashes(userId)]);
  const returnsKeyOf = (rentalId: number) => [...planned.returnsKey, rentalId];
  const read = (since: number | null) =>
    get<ApiSuccess<RentalsWithReturnsDto>>('/material-rentals/returns', {
      ...planned.query,
      ...(since === null ? {} : { since: new Date(since - SINCE_MARGIN_MS).toISOString() }),
    });
  let answer = await read(asOf);
  if (asOf !== null) {
    const sent = new Set(answer.data.returns.map((entry) => entry.rentalId));
    const lacking = answer.data.rentals.some(
      (rental) => !sent.has(rental.id) && !kept.has(hashQueryKey(returnsKeyOf(rental.id))),
    );
    if (lacking) answer = await read(null);
  }
  const { rentals, pagination, returns, asOf: readAt } = answer.data;
  // The list's row is the rentals page's own answer: the envelope with its page.
  keep(planned.listKey, planned.listHash, {
    success: true,
    message: answer.message,
    data: { rentals, pagination },
  });
  for (const entry of returns) {
    const queryKey = returnsKeyOf(entry.rentalId);
    keep(queryKey, hashQueryKey(queryKey), entry.returns satisfies RentalReturnDto[]);
  }
  return Date.parse(readAt);
}
