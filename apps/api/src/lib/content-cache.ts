import { createHash } from 'node:crypto';

/**
 * Results of a costly pure function kept by the content they were made from (a hash of its JSON),
 * so that a change of the content is a new key and nothing needs invalidating. The least recently
 * used result goes first once `maxBytes` is passed. One computation runs per key: callers asking
 * while it runs share it, and a failure is not kept.
 */
export class ContentCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(content: unknown, make: () => Promise<Buffer>): Promise<Buffer> {
    const key = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
    const found = this.entries.get(key);
    if (found) {
      // Newest last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const made = make().then(
      (buffer) => {
        if (this.entries.get(key) === made) this.keep(key, buffer.length);
        return buffer;
      },
      (error: unknown) => {
        this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, made);
    return made;
  }

  private keep(key: string, size: number) {
    this.sizes.set(key, size);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      const oldSize = this.sizes.get(oldest);
      if (oldSize === undefined) continue; // still being made
      this.entries.delete(oldest);
      this.sizes.delete(oldest);
      this.bytes -= oldSize;
    }
  }

  /** How many results are kept (for tests). */
  get size(): number {
    return this.sizes.size;
  }
}
