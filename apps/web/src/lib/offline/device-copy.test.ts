import 'fake-indexeddb/auto';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { keepOnDevice, restoreFromDevice } from './device-copy';
import { claimDevice, keepQueries, keptQueries, wipeDevice } from './device-db';

/** The device's copy in IndexedDB (an in-memory one here), through a reload of the page. */

const USER = 7;
const LIST = ['attendance', 'list', { page: 1, month: '2026-12', locationId: 3 }];
const ROWS = { data: [], pagination: { total: 0 } };

/** A page's query cache, as the app makes it (answers fresh for 15 s). */
const pageCache = () => new QueryClient({ defaultOptions: { queries: { staleTime: 15_000 } } });

/** Until what keepOnDevice gathers has been written. */
async function kept(): Promise<Awaited<ReturnType<typeof keptQueries>>> {
  await new Promise((resolve) => setTimeout(resolve, 400));
  return keptQueries(USER);
}

afterEach(async () => {
  await wipeDevice();
});

describe("the device's copy", () => {
  it('keeps an answer as it came, and a reload shows it without asking again while it is fresh', async () => {
    await claimDevice(USER);
    const before = pageCache();
    const stop = keepOnDevice(before, USER);
    before.setQueryData(LIST, ROWS);
    expect((await kept()).map((entry) => entry.stale)).toEqual([undefined]);
    stop();

    const after = pageCache();
    await restoreFromDevice(after, USER);
    expect(after.getQueryData(LIST)).toEqual(ROWS);
    expect(after.getQueryState(LIST)?.isInvalidated).toBe(false);
  });

  it('keeps that a write made an answer out of date, so that after a reload a screen reads it again', async () => {
    await claimDevice(USER);
    // The copy's worker wrote this list to the device a moment ago; the page has not shown it.
    await keepQueries([
      {
        userId: USER,
        queryHash: hashKey(LIST),
        queryKey: LIST,
        data: ROWS,
        updatedAt: Date.now(),
      },
    ]);
    const before = pageCache();
    const stop = keepOnDevice(before, USER);
    await restoreFromDevice(before, USER);
    // A mark of attendance on this page: its write invalidates every attendance list.
    await before.invalidateQueries({ queryKey: ['attendance'] });
    expect((await kept()).map((entry) => entry.stale)).toEqual([true]);
    stop();

    const after = pageCache();
    await restoreFromDevice(after, USER);
    expect(after.getQueryData(LIST)).toEqual(ROWS); // shown at once, offline too
    expect(after.getQueryState(LIST)?.isInvalidated).toBe(true); // and read again online
  });

  it("keeps a write's mark at once, so that a reload right after the write reads the list again", async () => {
    await claimDevice(USER);
    const before = pageCache();
    const stop = keepOnDevice(before, USER);
    before.setQueryData(LIST, ROWS);
    expect((await kept()).map((entry) => entry.stale)).toEqual([undefined]);
    await before.invalidateQueries({ queryKey: ['attendance'], refetchType: 'none' });
    // Well inside the 300 ms that answers wait for: the page could be reloaded now.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await keptQueries(USER)).map((entry) => entry.stale)).toEqual([true]);
    stop();
  });

  it('forgets the mark once the answer is read again', async () => {
    await claimDevice(USER);
    const before = pageCache();
    const stop = keepOnDevice(before, USER);
    before.setQueryData(LIST, ROWS);
    await before.invalidateQueries({ queryKey: ['attendance'], refetchType: 'none' });
    expect((await kept()).map((entry) => entry.stale)).toEqual([true]);
    await before.fetchQuery({ queryKey: LIST, queryFn: async () => ROWS });
    expect((await kept()).map((entry) => entry.stale)).toEqual([undefined]);
    stop();
  });
});
