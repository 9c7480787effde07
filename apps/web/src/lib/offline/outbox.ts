/**
 * The outbox (decision 041): writes made on the device while it cannot reach the server, each
 * with its Idempotency-Key, sent in the order they were made once the connection is back. A write
 * the server refuses stays, with the server's message, until the person discards it; a write whose
 * answer did not come is sent again with the same key, which the server answers once. This file holds the rules alone; where entries are kept and how they are sent are given.
 */

/** What a kept write is, with what the screens show of it while it waits. */
export type OutboxPreview =
  | {
      kind: 'return';
      rentalId: number;
      rentalName: string;
      rentalItemId: number;
      materialName: string;
      unit: string;
      returnedQuantity: number;
      /** Damaged and lost units; none on an entry kept before them. */
      damagedQuantity?: number;
      lostQuantity?: number;
      notes: string | null;
    }
  | {
      kind: 'attendance';
      staffId: number;
      staffName: string;
      locationId: number;
      location: string;
      date: string;
      checkIn: string | null;
      checkOut: string | null;
      status: string;
      notes: string | null;
    }
  | {
      kind: 'request';
      summary: string;
      /** What was asked, for the Rental Requests list (absent in entries kept before they were). */
      location?: string;
      requestedDate?: string;
      items?: { name: string; quantity: number; unit: string }[];
    }
  | {
      kind: 'stock-take-count';
      locationId: number;
      summary: string;
      /** The count's date, for Count here (absent in entries kept before it was). */
      countDate?: string;
    };

export type OutboxKind = OutboxPreview['kind'];

type OutboxWrite = { method: 'POST' | 'PUT' | 'PATCH'; path: string; body: unknown };

export type OutboxEntry = {
  /** The write's Idempotency-Key, sent with it every time. */
  key: string;
  userId: number;
  /** The order the writes were made in, and are sent in. */
  seq: number;
  createdAt: string;
  /** What the write is, in words ("Return of 3 pcs Tube 4m, rental #12"). */
  title: string;
  preview: OutboxPreview;
  write: OutboxWrite;
  state: 'pending' | 'refused';
  /** The server's message for a refused write. */
  error: string | null;
  attempts: number;
};

export type NewOutboxEntry = Pick<OutboxEntry, 'key' | 'title' | 'preview' | 'write'>;

/** Where the entries are kept: IndexedDB on the device, memory in tests. */
export type OutboxStore = {
  list(userId: number): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
};

/**
 * What became of one send: the server has it; the server refused it (a 4xx other than those
 * below, kept with its message); no answer or an answer that may change (network, timeout, 5xx,
 * 408, 429, the same key still in progress): sent again later; the session ended (401): wait.
 */
export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'refused'; message: string }
  | { kind: 'retry' }
  | { kind: 'stop' };

/** A 413 that is not the API's own (a proxy's, without its message): what the person reads. */
export const TOO_LARGE_MESSAGE = 'This is too large for the server to take; it was not saved.';

/**
 * The outcome of a failed send, from its HTTP status and error code (undefined: no answer). A 413
 * is a refusal, never "offline": the same write would be refused again for ever.
 */
export function outcomeOfFailure(
  status: number | undefined,
  code: unknown,
  message: string,
): SendOutcome {
  if (status === 413) {
    return { kind: 'refused', message: code === 'PAYLOAD_TOO_LARGE' ? message : TOO_LARGE_MESSAGE };
  }
  if (status === undefined || status >= 500 || status === 408 || status === 429) {
    return { kind: 'retry' };
  }
  if (code === 'REQUEST_IN_PROGRESS') return { kind: 'retry' };
  if (status === 401) return { kind: 'stop' };
  return { kind: 'refused', message };
}

/** The wait before the next try after `attempts` tries in a row without an answer: 2 s doubling to 1 min. */
export function retryDelay(attempts: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

export type OutboxOptions = {
  store: OutboxStore;
  send: (entry: OutboxEntry) => Promise<SendOutcome>;
  /** After the server has a write: the screens read what it changed again. */
  onSent?: (entry: OutboxEntry) => void;
  /** Runs `run` after `ms`; answers a cancel. */
  schedule?: (run: () => void, ms: number) => () => void;
  now?: () => Date;
};

export function createOutbox({
  store,
  send,
  onSent,
  schedule = (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  now = () => new Date(),
}: OutboxOptions) {
  let userId: number | null = null;
  let entries: OutboxEntry[] = [];
  let flushing: Promise<void> | null = null;
  let again = false;
  let cancelRetry: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const setEntries = (next: OutboxEntry[]) => {
    entries = [...next].sort((a, b) => a.seq - b.seq);
    emit();
  };
  const replace = async (entry: OutboxEntry) => {
    await store.put(entry);
    setEntries(entries.map((kept) => (kept.key === entry.key ? entry : kept)));
  };

  async function run(): Promise<void> {
    const owner = userId;
    if (owner === null) return;
    for (const entry of entries.filter((kept) => kept.state === 'pending')) {
      if (userId !== owner) return;
      const outcome = await send(entry);
      if (userId !== owner) return;
      if (outcome.kind === 'sent') {
        await store.remove(entry.key);
        setEntries(entries.filter((kept) => kept.key !== entry.key));
        onSent?.(entry);
      } else if (outcome.kind === 'refused') {
        await replace({
          ...entry,
          state: 'refused',
          error: outcome.message,
          attempts: entry.attempts + 1,
        });
      } else if (outcome.kind === 'retry') {
        // The order holds: nothing after it goes before it.
        const attempts = entry.attempts + 1;
        await replace({ ...entry, attempts });
        cancelRetry?.();
        cancelRetry = schedule(() => {
          cancelRetry = null;
          void outbox.flush();
        }, retryDelay(attempts));
        return;
      } else {
        return;
      }
    }
  }

  const outbox = {
    /** Reads the entries of `id` (null: nobody signed in, no entries). */
    async open(id: number | null): Promise<void> {
      cancelRetry?.();
      cancelRetry = null;
      userId = id;
      const kept = id === null ? [] : await store.list(id);
      if (userId === id) setEntries(kept);
    },
    entries: (): OutboxEntry[] => entries,
    pendingCount: (): number => entries.length,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Keeps a write, last in the order. */
    async add(input: NewOutboxEntry): Promise<OutboxEntry> {
      if (userId === null) throw new Error('Nobody is signed in');
      const entry: OutboxEntry = {
        ...input,
        userId,
        seq: Math.max(0, ...entries.map((kept) => kept.seq)) + 1,
        createdAt: now().toISOString(),
        state: 'pending',
        error: null,
        attempts: 0,
      };
      await store.put(entry);
      setEntries([...entries, entry]);
      return entry;
    },
    /** Sends what waits, in order; a flush already running is joined and runs once more after. */
    flush(): Promise<void> {
      if (flushing) {
        again = true;
        return flushing;
      }
      cancelRetry?.();
      cancelRetry = null;
      flushing = (async () => {
        do {
          again = false;
          await run();
        } while (again && cancelRetry === null);
      })().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    /** Drops a write the person chose not to send (a refused one, or one still waiting). */
    async discard(key: string): Promise<void> {
      await store.remove(key);
      setEntries(entries.filter((kept) => kept.key !== key));
    },
    /** Forgets every entry in memory (the store is wiped by its owner). */
    reset(): void {
      cancelRetry?.();
      cancelRetry = null;
      userId = null;
      setEntries([]);
    },
  };
  return outbox;
}
