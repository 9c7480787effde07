import { describe, expect, it } from 'vitest';
import { ContentCache } from './content-cache';

const bytes = (n: number) => Promise.resolve(Buffer.alloc(n));

describe('ContentCache', () => {
  it('makes a result once for the same content, and again when the content changes', async () => {
    const cache = new ContentCache(1000);
    let made = 0;
    const make = () => {
      made++;
      return bytes(10);
    };
    await Promise.all([cache.get({ a: 1 }, make), cache.get({ a: 1 }, make)]);
    await cache.get({ a: 1 }, make);
    expect(made).toBe(1);
    await cache.get({ a: 2 }, make);
    expect(made).toBe(2);
  });

  it('lets the least recently used result go past its size', async () => {
    const cache = new ContentCache(25);
    let made = 0;
    const make = () => {
      made++;
      return bytes(10);
    };
    await cache.get('a', make);
    await cache.get('b', make);
    await cache.get('a', make); // a is now the newest
    await cache.get('c', make); // 30 bytes: b goes
    expect(cache.size).toBe(2);
    await cache.get('a', make);
    expect(made).toBe(3);
    await cache.get('b', make);
    expect(made).toBe(4);
  });

  it('keeps no failure: the next caller makes it again', async () => {
    const cache = new ContentCache(100);
    await expect(cache.get('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(cache.get('x', () => bytes(3))).resolves.toHaveLength(3);
  });
});
