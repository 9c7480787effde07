/**
 * Reads of the past kept a while per key (decision 015): the chart's days before today and the
 * figures at the end of last month change only when an admin edits or deletes an older rental,
 * which then shows within `ttlMs`; what happens today is always read live. One read runs per
 * key: callers asking while it runs share it, and a failure is not kept.
 */
export class KeptReads<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const found = this.entries.get(key);
    if (found && found.until > now) return found.value;
    const value = read().catch((error: unknown) => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
      throw error;
    });
    this.entries.delete(key);
    this.entries.set(key, { until: now + this.ttlMs, value });
    // The oldest first out: Map keeps insertion order.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
