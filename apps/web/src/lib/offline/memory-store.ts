import type { OutboxEntry, OutboxStore } from './outbox';

/** The outbox store's interface over a Map, as IndexedDB keeps it on the device (for the tests). */
export function memoryStore(): OutboxStore & { rows: Map<string, OutboxEntry> } {
  const rows = new Map<string, OutboxEntry>();
  return {
    rows,
    list: async (userId) =>
      [...rows.values()].filter((row) => row.userId === userId).sort((a, b) => a.seq - b.seq),
    put: async (entry) => {
      rows.set(entry.key, structuredClone(entry));
    },
    remove: async (key) => {
      rows.delete(key);
    },
  };
}
