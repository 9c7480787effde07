import { describe, expect, it } from 'vitest';
import { memoryStore } from './memory-store';
import {
  createOutbox,
  type NewOutboxEntry,
  outcomeOfFailure,
  retryDelay,
  type SendOutcome,
  TOO_LARGE_MESSAGE,
} from './outbox';

const attendance = (key: string, staffName: string): NewOutboxEntry => ({
  key,
  title: `Attendance of ${staffName}`,
  preview: {
    kind: 'attendance',
    staffId: 1,
    staffName,
    locationId: 2,
    location: 'South Site',
    date: '2026-11-27',
    checkIn: '07:00',
    checkOut: null,
    status: 'PRESENT',
    notes: null,
  },
  write: { method: 'POST', path: '/attendance', body: { staffName } },
});

/** An outbox whose server answers from a script, one outcome per send, and records each send. */
function setup(outcomes: SendOutcome[] = []) {
  const store = memoryStore();
  const sent: { key: string; body: unknown }[] = [];
  const done: string[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const outbox = createOutbox({
    store,
    send: async (entry) => {
      sent.push({ key: entry.key, body: entry.write.body });
      return outcomes.shift() ?? { kind: 'sent' };
    },
    onSent: (entry) => done.push(entry.key),
    schedule: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  return { store, outbox, sent, done, timers };
}

describe('the outbox', () => {
  it('sends the writes in the order they were made, each with the key it was kept with', async () => {
    const { outbox, sent, done, store } = setup();
    await outbox.open(7);
    await outbox.add(attendance('key-a', 'Ann'));
    await outbox.add(attendance('key-b', 'Bob'));
    await outbox.add(attendance('key-c', 'Cem'));
    expect(outbox.entries().map((entry) => entry.seq)).toEqual([1, 2, 3]);
    await outbox.flush();
    expect(sent).toEqual([
      { key: 'key-a', body: { staffName: 'Ann' } },
      { key: 'key-b', body: { staffName: 'Bob' } },
      { key: 'key-c', body: { staffName: 'Cem' } },
    ]);
    expect(done).toEqual(['key-a', 'key-b', 'key-c']);
    expect(outbox.entries()).toEqual([]);
    expect(store.rows.size).toBe(0);
  });

  it('keeps its entries on the device: a new outbox (a reload) finds them in order, keys unchanged', async () => {
    const first = setup();
    await first.outbox.open(7);
    await first.outbox.add(attendance('key-a', 'Ann'));
    await first.outbox.add(attendance('key-b', 'Bob'));
    const reloaded = createOutbox({ store: first.store, send: async () => ({ kind: 'sent' }) });
    await reloaded.open(7);
    expect(reloaded.entries().map((entry) => [entry.key, entry.state])).toEqual([
      ['key-a', 'pending'],
      ['key-b', 'pending'],
    ]);
  });

  it('keeps a refused write with the server message and goes on with the next', async () => {
    const { outbox, sent, done } = setup([
      { kind: 'refused', message: 'Only 2 left to return.' },
      { kind: 'sent' },
    ]);
    await outbox.open(7);
    await outbox.add(attendance('key-a', 'Ann'));
    await outbox.add(attendance('key-b', 'Bob'));
    await outbox.flush();
    expect(sent.map((send) => send.key)).toEqual(['key-a', 'key-b']);
    expect(done).toEqual(['key-b']);
    expect(outbox.entries()).toMatchObject([
      { key: 'key-a', state: 'refused', error: 'Only 2 left to return.' },
    ]);
    // A refused write is not sent again by itself: the person changes or discards it.
    await outbox.flush();
    expect(sent).toHaveLength(2);
  });

  it('sends again, with the same key, a write that got no answer or a 5xx, after a growing wait, and holds the writes after it', async () => {
    const { outbox, sent, done, timers } = setup([{ kind: 'retry' }, { kind: 'retry' }]);
    await outbox.open(7);
    await outbox.add(attendance('key-a', 'Ann'));
    await outbox.add(attendance('key-b', 'Bob'));
    await outbox.flush();
    expect(sent.map((send) => send.key)).toEqual(['key-a']);
    expect(timers.map((timer) => timer.ms)).toEqual([2_000]);
    expect(outbox.entries()[0]).toMatchObject({ key: 'key-a', state: 'pending', attempts: 1 });

    timers.shift()!.run();
    await outbox.flush();
    expect(sent.map((send) => send.key)).toEqual(['key-a', 'key-a']);
    expect(timers.map((timer) => timer.ms)).toEqual([4_000]);

    timers.shift()!.run();
    await outbox.flush();
    expect(sent.map((send) => send.key)).toEqual(['key-a', 'key-a', 'key-a', 'key-b']);
    expect(done).toEqual(['key-a', 'key-b']);
    expect(outbox.entries()).toEqual([]);
  });

  it('waits without marking anything refused when the session has ended (401)', async () => {
    const { outbox, sent } = setup([{ kind: 'stop' }]);
    await outbox.open(7);
    await outbox.add(attendance('key-a', 'Ann'));
    await outbox.add(attendance('key-b', 'Bob'));
    await outbox.flush();
    expect(sent).toHaveLength(1);
    expect(outbox.entries().map((entry) => entry.state)).toEqual(['pending', 'pending']);
  });

  it('discards a write on the person’s word, from memory and from the device', async () => {
    const { outbox, store, sent } = setup([{ kind: 'refused', message: 'The rental is closed.' }]);
    await outbox.open(7);
    await outbox.add(attendance('key-a', 'Ann'));
    await outbox.flush();
    await outbox.discard('key-a');
    expect(outbox.entries()).toEqual([]);
    expect(store.rows.size).toBe(0);
    await outbox.flush();
    expect(sent).toHaveLength(1);
  });

  it('shows one user’s writes only to that user', async () => {
    const { outbox, store } = setup();
    await outbox.open(7);
    await outbox.add(attendance('key-a', 'Ann'));
    await outbox.open(8);
    expect(outbox.entries()).toEqual([]);
    await outbox.add(attendance('key-b', 'Bob'));
    expect([...store.rows.values()].map((row) => [row.key, row.userId])).toEqual([
      ['key-a', 7],
      ['key-b', 8],
    ]);
  });

  it('sends a write added while a flush runs once that flush is done', async () => {
    let release: () => void = () => {};
    const store = memoryStore();
    const sent: string[] = [];
    const outbox = createOutbox({
      store,
      send: async (entry) => {
        sent.push(entry.key);
        if (entry.key === 'key-a') await new Promise<void>((resolve) => (release = resolve));
        return { kind: 'sent' };
      },
    });
    await outbox.open(7);
    await outbox.add(attendance('key-a', 'Ann'));
    const first = outbox.flush();
    await outbox.add(attendance('key-b', 'Bob'));
    const joined = outbox.flush();
    release();
    await Promise.all([first, joined]);
    expect(sent).toEqual(['key-a', 'key-b']);
    expect(outbox.entries()).toEqual([]);
  });
});

describe('what a failed send means', () => {
  it('retries what may still change and keeps a refusal', () => {
    expect(outcomeOfFailure(undefined, undefined, 'Network error')).toEqual({ kind: 'retry' });
    expect(outcomeOfFailure(503, 'SERVICE_UNAVAILABLE', 'down')).toEqual({ kind: 'retry' });
    expect(outcomeOfFailure(500, 'INTERNAL_ERROR', 'oops')).toEqual({ kind: 'retry' });
    expect(outcomeOfFailure(429, 'TOO_MANY_REQUESTS', 'slow down')).toEqual({ kind: 'retry' });
    expect(outcomeOfFailure(409, 'REQUEST_IN_PROGRESS', 'busy')).toEqual({ kind: 'retry' });
    expect(outcomeOfFailure(401, 'UNAUTHORIZED', 'signed out')).toEqual({ kind: 'stop' });
    expect(outcomeOfFailure(409, 'CONFLICT', 'Only 2 left.')).toEqual({
      kind: 'refused',
      message: 'Only 2 left.',
    });
    expect(outcomeOfFailure(400, 'VALIDATION_ERROR', 'Bad quantity')).toEqual({
      kind: 'refused',
      message: 'Bad quantity',
    });
  });

  it('takes a 413 for a refusal with its message, never for being offline (issue 48)', async () => {
    const tooLarge = 'The file is larger than 5 MB; split it into smaller files.';
    expect(outcomeOfFailure(413, 'PAYLOAD_TOO_LARGE', tooLarge)).toEqual({
      kind: 'refused',
      message: tooLarge,
    });
    // A proxy's 413 has no message of the API's: the person still reads why.
    expect(outcomeOfFailure(413, undefined, 'An unexpected error occurred.')).toEqual({
      kind: 'refused',
      message: TOO_LARGE_MESSAGE,
    });
    const { outbox, sent, timers } = setup([
      outcomeOfFailure(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.'),
    ]);
    await outbox.open(7);
    await outbox.add(attendance('key-a', 'Ann'));
    await outbox.flush();
    expect(outbox.entries()).toMatchObject([
      { key: 'key-a', state: 'refused', error: 'The request is too large.' },
    ]);
    await outbox.flush();
    expect(sent).toHaveLength(1);
    expect(timers).toEqual([]);
  });

  it('waits 2 s, then twice as long each time, at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
