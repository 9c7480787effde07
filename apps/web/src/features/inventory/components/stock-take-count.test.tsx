import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '@/lib/offline/device';
import { outboxStore } from '@/lib/offline/device-db';
import type { OutboxEntry } from '@/lib/offline/outbox';
import { StockTakeCount } from './stock-take-count';

// The outbox over the in-memory store its own tests use, instead of IndexedDB.
vi.mock('@/lib/offline/device-db', async () => {
  const { memoryStore } = await import('@/lib/offline/memory-store');
  return { outboxStore: memoryStore() };
});

const USER = 9;
const yard = { id: 1, name: 'North Yard' };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({
        success: true,
        data: {
          location: yard,
          materials: [
            {
              id: 40,
              materialTypeId: 4,
              itemNumber: null,
              name: 'Steel Tube',
              unit: 'EACH',
              quantity: 30,
            },
          ],
        },
      }),
    ),
  );
});
afterEach(async () => {
  cleanup();
  await outbox.open(null);
  for (const entry of await outboxStore.list(USER)) await outboxStore.remove(entry.key);
  vi.unstubAllGlobals();
});

/** A count kept on the device, as Confirm keeps it without a connection. */
const kept = (locationId: number, error: string | null = null): OutboxEntry => ({
  key: `count-${locationId}`,
  userId: USER,
  seq: 1,
  createdAt: '2026-11-27T09:00:00.000Z',
  title: 'Stock-take count of 1 material on 27/11/2026',
  preview: {
    kind: 'stock-take-count',
    locationId,
    summary: 'Stock-take count of 1 material on 27/11/2026',
    countDate: '2026-11-27',
  },
  write: {
    method: 'POST',
    path: `/stock-takes/${locationId}/counts`,
    body: { countDate: '2026-11-27', counts: [{ materialId: 40, counted: 28 }] },
  },
  state: error ? 'refused' : 'pending',
  error,
  attempts: error ? 1 : 0,
});

async function show(...entries: OutboxEntry[]) {
  for (const entry of entries) await outboxStore.put(entry);
  await outbox.open(USER);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StockTakeCount location={yard} countDate="2026-11-28" dateError={null} onDone={() => {}} />
    </QueryClientProvider>,
  );
}

describe('Count here with a count waiting on this device', () => {
  it('shows the count waiting instead of the form, and counts again only when asked', async () => {
    await show(kept(yard.id));
    const waiting = screen.getByTestId('pending-count');
    expect(waiting.textContent).toContain('Count of 27/11/2026 waiting to be sent');
    expect(waiting.textContent).toContain('Pending — not sent yet');
    expect(screen.queryByLabelText('Counted Steel Tube')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Count again anyway' }));
    expect(await screen.findByLabelText('Counted Steel Tube')).toBeTruthy();
  });

  it("shows a refused count with the server's message; once discarded the form is there", async () => {
    await show(kept(yard.id, 'Steel Tube is not at North Yard.'));
    const waiting = screen.getByTestId('pending-count');
    expect(waiting.textContent).toContain('Count of 27/11/2026 refused by the server');
    expect(waiting.textContent).toContain('Refused: Steel Tube is not at North Yard.');
    fireEvent.click(within(waiting).getByRole('button', { name: /^Discard Stock-take count/ }));
    expect(await screen.findByLabelText('Counted Steel Tube')).toBeTruthy();
  });

  it("leaves another location's count alone", async () => {
    await show(kept(2));
    expect(await screen.findByLabelText('Counted Steel Tube')).toBeTruthy();
    expect(screen.queryByTestId('pending-count')).toBeNull();
  });
});
